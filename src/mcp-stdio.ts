import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { parseArgs, USAGE } from './headless/options';
import { openHeadless } from './headless/start';
import { serveHeadless } from './headless/server';

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
  if (!opened.ok) { log(opened.failure.message); return 1; }
  const { host, close } = opened;
  log(`serving ${host.realRoot} (backups in ${host.storageDir}${host.allowProtected ? ', protected files allowed' : ''}${host.allowExec ? ', execute_program on' : ''})`);
  const transport = new StdioServerTransport();
  let closing: Promise<void> | undefined;
  // Before the process ends — the client closed stdin, or SIGINT/SIGTERM — the calls in flight
  // finish and the store is closed (queued writes done, lock released).
  let idle: () => Promise<void> = async () => undefined;
  const shutdown = () => {
    closing ??= (async () => {
      await idle();
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
