import type { LiveConnection } from '../../files/connection-file';

/**
 * What Claude Code's `headersHelper` prints: the Authorization header of the server that
 * serves the workspace now, as a JSON object. Claude Code runs the helper at every connection,
 * so a token that changed with a restart of VS Code is picked up by itself.
 *
 * The helper hands the token only for the URL of that live server. Every URL the client says
 * it will connect to (the `--url` written beside the helper, and Claude Code's
 * CLAUDE_CODE_MCP_SERVER_URL) must be that URL: when the extension had to take another port
 * (a process took the old one first), a configuration that still names the old port would
 * otherwise send the live token to whoever listens there.
 */
export function authorizationHeaders(live: LiveConnection, claimedUrls: ReadonlyArray<string | undefined>): { ok: true; text: string } | { ok: false; message: string } {
  if (!live.ok) return live;
  const claimed = claimedUrls.filter((u): u is string => typeof u === 'string' && u !== '');
  if (claimed.length === 0) return { ok: false, message: 'No server URL to check: pass --url with the URL of the MCP server configuration.' };
  const expected = normalized(live.record.url);
  const wrong = claimed.find((u) => normalized(u) !== expected);
  if (wrong !== undefined) {
    return {
      ok: false,
      message: `The configuration names ${wrong}, but VS Code serves this workspace on ${live.record.url} now; the token is not sent elsewhere. Run "Agent Safe Edit: Write MCP Configuration for Other Agents…" in VS Code again.`,
    };
  }
  return { ok: true, text: JSON.stringify({ Authorization: `Bearer ${live.record.token}` }) };
}

function normalized(url: string): string | undefined {
  try {
    return new URL(url).href;
  } catch {
    return undefined;
  }
}
