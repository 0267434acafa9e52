import { Connection, SERVER_NAME, stdioEntry } from './client-configs';

/** The running server as far as a client configuration needs it. */
interface LiveServer {
  url: string;
  helper?: string;
  workspace?: string;
}

/** What a client configuration needs, when the helper and the connection file are in place. */
export function helperConnection(c: LiveServer): Connection | undefined {
  return c.helper && c.workspace ? { url: c.url, helper: c.helper, workspace: c.workspace } : undefined;
}

/** An `mcpServers` entry for any client that starts stdio servers (Cursor, Codex CLI, Cline, Claude Code): the helper relays to VS Code. */
export function clientConfiguration(c: Connection): string {
  return `${JSON.stringify({ mcpServers: { [SERVER_NAME]: stdioEntry(c) } }, null, 2)}\n`;
}
