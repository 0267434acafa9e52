import * as http from 'node:http';
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { CallToolRequestSchema, ListToolsRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { mcpCallResult, mcpToolListings } from '../engine/mcp-tools';
import { SessionTable } from './session-table';
import type { ToolResultJson } from '../engine/results/tool-result';

/** What one MCP tool call needs from the extension: run the tool as the named client. */
export type CallTool = (name: string, args: unknown, call: { client: string; sessionId: string; signal: AbortSignal }) => Promise<{ result: ToolResultJson; text: string }>;

export interface McpEndpoint {
  /** http://127.0.0.1:<port>/mcp */
  url: string;
  /** The bearer token every request must carry: new at every start, never stored by this module. */
  token: string;
  /** Client names of the open sessions ("claude-code", "Visual Studio Code"…). */
  clients(): string[];
  close(): Promise<void>;
}

const PATH = '/mcp';
/** Open sessions are capped: each holds a transport and a server object. */
export const MAX_SESSIONS = 64;
/** A session nobody used for this long, with no request or stream open, is closed. */
export const SESSION_IDLE_MS = 30 * 60_000;
/**
 * The largest request body, checked on Content-Length before anything is read and by the SDK
 * while it reads (its own default, 4 MiB, would refuse a write_file of a 5 MB file that the
 * tools accept): two texts at the catalog's 10 MiB string limit, JSON-escaped, fit.
 */
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

export interface McpServerOptions {
  version: string;
  callTool: CallTool;
  log: (line: string) => void;
  /** The port of last time, taken again when it is free (a written client configuration names it). */
  port?: number;
  /** Tests make these small; the defaults are the constants above. */
  maxSessions?: number;
  sessionIdleMs?: number;
  maxBodyBytes?: number;
}

/**
 * The MCP server inside the extension host: Streamable HTTP on 127.0.0.1 (never another
 * interface), one SDK transport and server per session, every request authenticated by a
 * bearer token compared in constant time. The token is random and new at every start: a
 * token anyone saw before (a process that listened on the port first, a copy of an old
 * configuration) is worth nothing now. Tools are listed from the catalog and called through
 * `callTool`, i.e. the same SafeTool path as vscode.lm calls: one engine, one history.
 *
 * Sessions end when a client sends DELETE, when idle, or to make room (session-table.ts).
 */
export async function startMcpHttpServer(o: McpServerOptions): Promise<McpEndpoint> {
  const token = newMcpToken();
  const expected = Buffer.from(`Bearer ${token}`);
  const maxSessions = o.maxSessions ?? MAX_SESSIONS;
  const idleMs = o.sessionIdleMs ?? SESSION_IDLE_MS;
  const maxBodyBytes = o.maxBodyBytes ?? MAX_BODY_BYTES;
  const sessions = new SessionTable({ max: maxSessions, idleMs, log: o.log });
  let port = 0;

  const httpServer = http.createServer((req, res) => {
    void handle(req, res).catch((error) => {
      o.log(`[mcp] request failed: ${(error as Error)?.stack ?? String(error)}`);
      if (!res.headersSent) answer(res, 500, 'internal error');
      else res.end();
    });
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    if (new URL(req.url ?? '/', 'http://127.0.0.1').pathname !== PATH) return answer(res, 404, 'not found');
    const auth = Buffer.from(String(req.headers.authorization ?? ''));
    if (auth.length !== expected.length || !timingSafeEqual(auth, expected)) {
      res.setHeader('WWW-Authenticate', 'Bearer');
      return answer(res, 401, 'missing or wrong token: the token changes at every start of VS Code\'s server; let the client fetch it again (restart the MCP server in your agent), or run "Agent Safe Edit: Write MCP Configuration for Other Agents…" in VS Code');
    }
    if (Number(req.headers['content-length'] ?? 0) > maxBodyBytes) return answer(res, 413, tooLarge(maxBodyBytes));
    const sessionId = req.headers['mcp-session-id'];
    if (typeof sessionId === 'string') {
      const session = sessions.get(sessionId);
      if (!session) return answer(res, 404, `unknown session: it ended (closed, idle for ${Math.round(idleMs / 60_000)} minutes, or made room for a newer one) or the server restarted; start a new session`);
      sessions.track(session, req, res);
      return session.transport.handleRequest(req, res);
    }
    if (req.method !== 'POST') return answer(res, 400, 'a session starts with an initialize POST');
    if (!(await sessions.makeRoom())) return answer(res, 503, `all ${maxSessions} sessions are busy with calls; try again when one has finished`);
    // A new session: the transport answers anything but an initialize request with an error.
    const transport: StreamableHTTPServerTransport = new StreamableHTTPServerTransport({
      sessionIdGenerator: () => randomUUID(),
      enableDnsRebindingProtection: true,
      allowedHosts: [`127.0.0.1:${port}`, `localhost:${port}`],
      maxRequestBodySize: maxBodyBytes,
      onsessioninitialized: (id) => { sessions.add(id, transport, server); },
      onsessionclosed: (id) => { sessions.forget(id); },
    });
    const server = newServer(o.version, o.callTool);
    transport.onclose = () => { if (transport.sessionId) sessions.forget(transport.sessionId); };
    await server.connect(transport);
    await transport.handleRequest(req, res);
    if (!transport.sessionId) await server.close(); // not an initialize request: nothing to keep
  }

  // The port of last time when it is free (a written client configuration stays valid), else any.
  const listen = (at: number) => new Promise<void>((resolve, reject) => {
    httpServer.once('error', reject);
    httpServer.listen(at, '127.0.0.1', () => { httpServer.removeListener('error', reject); resolve(); });
  });
  try {
    await listen(o.port ?? 0);
  } catch (error) {
    if (!o.port) { await sessions.closeAll(); throw error; }
    o.log(`[mcp] port ${o.port} is taken (${(error as NodeJS.ErrnoException).code}); another one is used`);
    await listen(0);
  }
  port = (httpServer.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${PATH}`,
    token,
    clients: () => sessions.clients(),
    async close() {
      await sessions.closeAll();
      // Idle keep-alive connections would hold close() open until they time out.
      const closed = new Promise<void>((resolve) => httpServer.close(() => resolve()));
      httpServer.closeAllConnections?.();
      await closed;
    },
  };
}

function tooLarge(max: number): string {
  return `request too large: a request body may have at most ${max} bytes (${Math.round(max / 1024 / 1024)} MiB); send a smaller change (safe_patch or replace_in_file instead of write_file)`;
}

function newServer(version: string, callTool: CallTool): Server {
  const server = new Server({ name: 'agent-safe-edit', title: 'Agent Safe Edit', version }, {
    capabilities: { tools: {} },
    instructions: 'File tools that cannot silently destroy work: read with safe_read_file (it gives the sha256), edit with safe_patch / replace_in_file / edit_lines / write_file passing base_sha256, undo with rollback_file. Every change is backed up first.',
  });
  server.setRequestHandler(ListToolsRequestSchema, async () => ({ tools: mcpToolListings() }));
  server.setRequestHandler(CallToolRequestSchema, async (request, extra) => {
    const client = `mcp:${server.getClientVersion()?.name ?? 'unknown'}`;
    const { result, text } = await callTool(request.params.name, request.params.arguments ?? {}, { client, sessionId: extra.sessionId ?? 'none', signal: extra.signal });
    return mcpCallResult(result, text);
  });
  return server;
}

/** A bearer token: 256 random bits. */
export function newMcpToken(): string {
  return randomBytes(32).toString('base64url');
}

function answer(res: http.ServerResponse, status: number, message: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}
