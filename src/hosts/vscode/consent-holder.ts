/**
 * The holder a consent ticket is bound to: the way the call came in (vscode.lm, the only way
 * a chat confirmation can precede a call) and the chat session it belongs to.
 *
 * prepareInvocation learns the session from `options.chatSessionResource`, invoke from
 * `options.toolInvocationToken.sessionResource` (VS Code 1.139 passes the one as a URI or its
 * JSON form and the other as a revived URI); both are compared by their components so the two
 * spellings of one session agree. A call without a chat (vscode.lm.invokeTool with no token,
 * where VS Code shows the confirmation itself) has the holder of "no session", which no chat
 * session's call can take. MCP and command calls have no holder at all (undefined): they never
 * went through a confirmation, so they can never use one.
 */
export function lmConsentHolder(sessionResource: unknown): string {
  return `lm:${sessionKey(sessionResource)}`;
}

function sessionKey(resource: unknown): string {
  if (resource === undefined || resource === null) return '';
  if (typeof resource === 'string') return JSON.stringify(['string', resource]);
  if (typeof resource !== 'object') return JSON.stringify(['other', String(resource)]);
  const r = resource as Record<string, unknown>;
  if (typeof r.scheme === 'string') {
    const part = (k: string) => (typeof r[k] === 'string' ? r[k] : '');
    return JSON.stringify(['uri', r.scheme, part('authority'), part('path'), part('query'), part('fragment')]);
  }
  try {
    return JSON.stringify(['json', resource]);
  } catch {
    // An object we cannot name matches nothing: a key of its own.
    return `unnamed:${++unnamed}`;
  }
}

let unnamed = 0;
