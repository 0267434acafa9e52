import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseArgs, USAGE } from './headless/options';
import { openHeadless } from './headless/start';
import { serveHeadless } from './headless/server';
import { serveHooks, ServedHooks } from './headless/hook-endpoint';
import { serveUnavailable } from './mcp/unavailable-server';
import { bridgeStdioToHttp } from './mcp/connect/stdio-bridge';
import { readLiveConnection } from './files/connection-file';
import { relayRecordsDir } from './headless/relay-records';

// agent-safe-edit-mcp: the headless MCP server over stdio (dist/mcp-stdio.js). stdout carries
// the protocol only; everything for people goes to stderr.
declare const PACKAGE_VERSION: string | undefined;
const version = typeof PACKAGE_VERSION === 'string' ? PACKAGE_VERSION : '0.0.0';

async function main(): Promise<number | undefined> {
  const parsed = parseArgs(process.argv.slice(2), process.cwd());
  if (parsed.kind === 'help') { process.stdout.write(`${USAGE}\n`); return 0; }
  if (parsed.kind === 'version') { process.stdout.write(`${version}\n`); return 0; }
  if (parsed.kind === 'error') { process.stderr.write(`agent-safe-edit-mcp: ${parsed.message}\n${USAGE}\n`); return 2; }
  const log = (line: string) => process.stderr.write(`agent-safe-edit-mcp: ${line}\n`);
  const opened = await openHeadless(parsed.options, log);
  if (!opened.ok && typeof opened.failure.pid === 'number' && typeof opened.failure.real_root === 'string' && !parsed.options.store) {
    // A VS Code window holds the folder's history: its agent is served by the window (same tools,
    // the window's confirmations), relayed, instead of being refused.
    const live = readLiveConnection(relayRecordsDir(), opened.failure.real_root);
    if (live.ok && live.record.pid === opened.failure.pid) {
      log(`the VS Code window (process ${live.record.pid}) holds the history of ${opened.failure.real_root}: relaying to its MCP server`);
      const stdio = new StdioServerTransport();
      process.stdin.on('end', () => void stdio.close());
      await bridgeStdioToHttp(stdio, live.record, log);
      return 0;
    }
  }
  if (!opened.ok) {
    // Exiting would only leave the reason on stderr, which the agent never reads: its client
    // drops the server and the agent edits with its own, unguarded tools. So the reason is
    // served instead, on the handshake and every call, until the client closes stdin.
    log(opened.failure.message);
    const transport = new StdioServerTransport();
    const end = () => process.exit(1);
    transport.onclose = end;
    process.stdin.on('end', end);
    await serveUnavailable(transport, { name: 'agent-safe-edit', title: 'Agent Safe Edit (headless, not started)', version, reason: opened.failure.message });
    return undefined;
  }
  const { host, close } = opened;
  log(`serving ${host.realRoot} (backups in ${host.storageDir}${host.allowProtected ? ', protected files allowed' : ''}${host.allowExec ? ', execute_program on' : ''})`);
  // This process holds the store's lock: other agents' hooks on this root hand their events here.
  const writers = host.writers;
  let hooks: ServedHooks | undefined;
  if (writers) {
    try {
      hooks = await serveHooks([host.realRoot], (call) => writers.hookedCall(call), log);
    } catch (e) {
      log(`other agents' hooks cannot reach this server (${(e as Error).message}); they will find the store in use`);
    }
  }
  const transport = new StdioServerTransport();
  let closing: Promise<void> | undefined;
  // Before the process ends — the client closed stdin, or SIGINT/SIGTERM — the calls in flight
  // finish and the store is closed (queued writes done, lock released).
  let idle: () => Promise<void> = async () => undefined;
  const shutdown = () => {
    closing ??= (async () => {
      await idle();
      await hooks?.close().catch(() => undefined);
      await close().catch(() => undefined);
      process.exit(0);
    })();
    return closing;
  };
  transport.onclose = () => void shutdown();
  process.stdin.on('end', () => void shutdown());
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  ({ idle } = await serveHeadless(host, transport, version));
  return undefined;
}

main().then((code) => { if (code !== undefined) process.exitCode = code; }, (e) => {
  process.stderr.write(`agent-safe-edit-mcp: ${(e as Error)?.stack ?? String(e)}\n`);
  process.exitCode = 1;
});
