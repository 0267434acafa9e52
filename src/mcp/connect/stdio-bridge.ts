import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import type { ConnectionRecord } from '../../files/connection-file';

/**
 * Relays one MCP client that speaks stdio (Cursor, Codex CLI, Cline…) to the server inside
 * VS Code, message for message, with the token of this start read from the user-only file
 * (the client's configuration holds no token: Cursor has no header helper, and a static header
 * would be a secret in the repository that never changes). The HTTP side is the SDK's own
 * client transport (sessions, SSE streams); a request the server refuses gets a JSON-RPC error
 * naming why, so the agent sees it. Resolves when either side closes; the session is ended
 * with a DELETE so it does not wait for the server's idle expiry.
 */
export async function bridgeStdioToHttp(stdio: Transport, record: ConnectionRecord, log: (line: string) => void): Promise<void> {
  const http = new StreamableHTTPClientTransport(new URL(record.url), { requestInit: { headers: { Authorization: `Bearer ${record.token}` } } });
  let initializeId: string | number | undefined;
  let closing = false;
  const closed = new Promise<void>((resolve) => {
    const close = () => {
      if (closing) return;
      closing = true;
      void (async () => {
        await http.terminateSession().catch(() => undefined);
        await http.close().catch(() => undefined);
        await stdio.close().catch(() => undefined);
        resolve();
      })();
    };
    stdio.onclose = close;
    http.onclose = close;
  });

  stdio.onmessage = (message: JSONRPCMessage) => {
    if ('method' in message && message.method === 'initialize' && 'id' in message) initializeId = message.id;
    http.send(message).catch((error: unknown) => {
      const why = error instanceof Error ? error.message : String(error);
      log(`relaying ${'method' in message ? message.method : 'a response'} failed: ${why}`);
      if ('method' in message && 'id' in message) {
        void stdio
          .send({
            jsonrpc: '2.0',
            id: message.id,
            error: {
              code: -32000,
              message: `Agent Safe Edit in VS Code did not answer (${why}). If VS Code was restarted or its MCP server turned off and on, restart this MCP server in your agent.`,
            },
          })
          .catch(() => undefined);
      }
    });
  };
  http.onmessage = (message: JSONRPCMessage) => {
    // The protocol version agreed on goes on every later request, as the SDK's own client does.
    if (initializeId !== undefined && 'id' in message && message.id === initializeId && 'result' in message) {
      const version = (message.result as { protocolVersion?: unknown }).protocolVersion;
      if (typeof version === 'string') http.setProtocolVersion(version);
    }
    stdio.send(message).catch((error: unknown) => log(`writing to the client failed: ${error instanceof Error ? error.message : String(error)}`));
  };
  http.onerror = (error) => log(`server stream: ${error.message}`);
  stdio.onerror = (error) => log(`client stream: ${error.message}`);
  await http.start();
  await stdio.start();
  return closed;
}
