import * as nodePath from 'node:path';

/** The CLI's names for the stdio MCP server: `npx agent-safe-edit agent-safe-edit-mcp` runs this bin, not the server's. */
export const SERVER_COMMANDS: readonly string[] = ['mcp', 'agent-safe-edit-mcp'];

/**
 * Hands the process over to the stdio MCP server beside this script (dist/mcp-stdio.js next to
 * dist/cli.js, or the compiled source next to the compiled CLI): loaded, not spawned, so the
 * client's stdin and stdout stay the server's own, with nothing in between. The server reads
 * its arguments from process.argv, so they are put there as if it had been started itself.
 */
export function serveMcp(scriptDir: string, serverArgs: readonly string[]): void {
  const server = nodePath.join(scriptDir, 'mcp-stdio.js');
  process.argv = [process.argv[0], server, ...serverArgs];
  require(server);
}
