import * as nodePath from 'node:path';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { readLiveConnection } from './files/connection-file';
import { authorizationHeaders } from './mcp/connect/headers';
import { bridgeStdioToHttp } from './mcp/connect/stdio-bridge';
import { serveUnavailable } from './mcp/unavailable-server';
import { CONNECT_USAGE, parseConnectArgs } from './mcp/connect/args';

// The connection helper that agents outside VS Code run (dist/mcp-connect.js, copied by the
// extension next to the user-only connection files). It is how their configurations reach the
// token without holding it:
//   headers --workspace DIR --url URL   Claude Code's headersHelper: prints {"Authorization": …}
//   stdio --workspace DIR               an MCP server on stdin/stdout relayed to VS Code (Cursor…)
// The connection files sit beside this script unless --dir names their folder.
declare const PACKAGE_VERSION: string | undefined;
const version = typeof PACKAGE_VERSION === 'string' ? PACKAGE_VERSION : '0.0.0';

async function main(): Promise<number | undefined> {
  const parsed = parseConnectArgs(process.argv.slice(2));
  if (parsed.kind === 'error') {
    process.stderr.write(`agent-safe-edit-connect: ${parsed.message}\n${CONNECT_USAGE}\n`);
    return 2;
  }
  const dir = parsed.dir ?? nodePath.dirname(__filename);
  const live = readLiveConnection(dir, parsed.workspace);
  if (parsed.kind === 'headers') {
    const headers = authorizationHeaders(live, [parsed.url, process.env.CLAUDE_CODE_MCP_SERVER_URL]);
    if (!headers.ok) {
      process.stderr.write(`agent-safe-edit-connect: ${headers.message}\n`);
      return 1;
    }
    process.stdout.write(`${headers.text}\n`);
    return 0;
  }
  const log = (line: string) => process.stderr.write(`agent-safe-edit-connect: ${line}\n`);
  const stdio = new StdioServerTransport();
  const exitWhenDone = () => process.exit(0);
  process.stdin.on('end', () => void stdio.close().finally(exitWhenDone));
  if (!live.ok) {
    log(live.message);
    stdio.onclose = exitWhenDone;
    await serveUnavailable(stdio, { name: 'agent-safe-edit', title: 'Agent Safe Edit (not connected)', version, reason: live.message });
    return undefined;
  }
  void bridgeStdioToHttp(stdio, live.record, log).then(exitWhenDone);
  return undefined;
}

main().then(
  (code) => {
    if (code !== undefined) process.exitCode = code;
  },
  (e) => {
    process.stderr.write(`agent-safe-edit-connect: ${(e as Error)?.stack ?? String(e)}\n`);
    process.exitCode = 1;
  },
);
