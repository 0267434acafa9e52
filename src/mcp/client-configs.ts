import { applyEdits, modify, parse, ParseError } from 'jsonc-parser';

/** The agents whose workspace MCP configuration the extension can write. */
export const CLIENT_CONFIGS = {
  'claude-code': { label: 'Claude Code', file: '.mcp.json', entry: (c: Connection) => ({ type: 'http', url: c.url, headers: { Authorization: `Bearer ${c.token}` } }) },
  cursor: { label: 'Cursor', file: '.cursor/mcp.json', entry: (c: Connection) => ({ url: c.url, headers: { Authorization: `Bearer ${c.token}` } }) },
} as const;

export type ClientId = keyof typeof CLIENT_CONFIGS;
export const SERVER_NAME = 'agent-safe-edit';
interface Connection { url: string; token: string }

/**
 * The configuration file's new text with our server under `mcpServers` (added or replaced),
 * everything else as it was (comments and formatting kept: only our entry is edited). An
 * existing file that is not a JSON object is refused rather than overwritten.
 */
export function withOurServer(client: ClientId, current: string | undefined, connection: Connection): { ok: true; text: string } | { ok: false; message: string } {
  const base = current === undefined || current.trim() === '' ? '{}\n' : current;
  const errors: ParseError[] = [];
  const tree = parse(base, errors, { allowTrailingComma: true });
  if (errors.length > 0 || tree === null || typeof tree !== 'object' || Array.isArray(tree)) {
    return { ok: false, message: `${CLIENT_CONFIGS[client].file} is not a JSON object; it was left as it is. Add the server by hand (Show MCP Connection copies it).` };
  }
  const edits = modify(base, ['mcpServers', SERVER_NAME], CLIENT_CONFIGS[client].entry(connection), { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } });
  const text = applyEdits(base, edits);
  return { ok: true, text: text.endsWith('\n') ? text : `${text}\n` };
}
