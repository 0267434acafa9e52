import { shellQuote } from '../core/shell-quote';

/**
 * How an agent's configuration reaches the server without holding its token (the token is new
 * at every start and lives only in the user-only connection file, src/files/connection-file.ts):
 * - Claude Code speaks HTTP to the server and gets the header from its `headersHelper`, a
 *   command it runs at every connection (our helper prints the live token, and only for the
 *   URL VS Code serves the workspace on now);
 * - Cursor has no header helper (its headers are static, or `${env:…}` fixed when Cursor
 *   starts), so it runs the helper as a stdio MCP server that relays to VS Code; so can any
 *   client that starts stdio servers (Codex CLI, Cline…).
 * Nothing in these entries is a secret; they name machine paths (the helper, the folder), so
 * they are written per machine like the port already was. "Set Up Agent Safe Edit for Other
 * Agents…" (src/set-up-agents.ts) merges them into the agents' files (hooks/setup/plan.ts).
 */
export const CLIENT_CONFIGS = {
  'claude-code': { label: 'Claude Code', file: '.mcp.json', entry: (c: Connection) => ({ type: 'http', url: c.url, headersHelper: headersHelperCommand(c) }) },
  cursor: { label: 'Cursor', file: '.cursor/mcp.json', entry: (c: Connection) => stdioEntry(c) },
} as const;

export type ClientId = keyof typeof CLIENT_CONFIGS;
export const SERVER_NAME = 'agent-safe-edit';

export interface Connection {
  url: string;
  /** The helper's absolute path (dist/mcp-connect.js as the extension installed it). */
  helper: string;
  /** The workspace folder the server serves. */
  workspace: string;
  /** process.platform: how the headers helper's command line is quoted. */
  platform?: NodeJS.Platform;
}

/** The command line Claude Code runs (through a shell) for the Authorization header. */
export function headersHelperCommand(c: Connection): string {
  const platform = c.platform ?? process.platform;
  return ['node', c.helper, 'headers', '--workspace', c.workspace, '--url', c.url].map((a) => shellQuote(a, platform)).join(' ');
}

/** A stdio server entry: the helper relays to the server (no shell: an argv array). */
export function stdioEntry(c: Connection): { command: string; args: string[] } {
  return { command: 'node', args: [c.helper, 'stdio', '--workspace', c.workspace] };
}
