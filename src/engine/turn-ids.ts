/**
 * Gives the chat request behind a tool call a stable id, from the `toolInvocationToken` the
 * call carries.
 *
 * Measured in VS Code 1.139 with Copilot Chat's agent mode (test/client/turns.test.ts): the
 * token is a NEW object on every tool call, holding `{ sessionResource, workingDirectory }`.
 * It names the chat session, not the request (the request id is proposed API only), so:
 * - calls of one session share an id while they follow each other within the quiet gap
 *   (`safeEdit.turns.quietGapMinutes`); a longer pause in the session starts a new turn;
 * - calls of different sessions never share an id;
 * - a token without a session (another caller's own object) falls back to its identity;
 * - calls without a token (undefined, as in tests and other callers) get no id, and the
 *   history groups them into turns by quiet gaps instead.
 * Two requests sent to one session within the gap therefore count as one turn.
 */
export class TurnIds {
  private readonly byObject = new WeakMap<object, string>();
  private readonly bySession = new Map<string, { id: string; last: number }>();
  private next = 1;
  private readonly prefix = Date.now().toString(36);

  /** `preferId`: the id a new turn takes instead of a fresh one (a turn already begun without a call of ours). */
  idFor(token: unknown, now = Date.now(), quietGapMs = 2 * 60_000, preferId?: string): string | undefined {
    if (token === null || (typeof token !== 'object' && typeof token !== 'function')) return undefined;
    const session = sessionKeyOf(token);
    if (session === undefined) {
      let id = this.byObject.get(token as object);
      if (!id) {
        id = preferId ?? this.newId();
        this.byObject.set(token as object, id);
      }
      return id;
    }
    const known = this.bySession.get(session);
    if (known && now - known.last <= quietGapMs) {
      known.last = now;
      return known.id;
    }
    const id = preferId ?? this.newId();
    // Delete first so the map's order is by last use; the oldest sessions are dropped past 1,000.
    this.bySession.delete(session);
    this.bySession.set(session, { id, last: now });
    if (this.bySession.size > 1000) this.bySession.delete(this.bySession.keys().next().value as string);
    return id;
  }

  private newId(): string {
    return `turn-${this.prefix}-${this.next++}`;
  }
}

/** The chat session a token names (its `sessionResource`, a URI or its JSON form), if any. */
function sessionKeyOf(token: object): string | undefined {
  const resource = (token as { sessionResource?: unknown }).sessionResource;
  if (resource === undefined || resource === null) return undefined;
  if (typeof resource === 'string') return resource;
  const asString = (resource as { toString?: () => string }).toString?.();
  if (typeof asString === 'string' && asString !== '[object Object]') return asString;
  try {
    return JSON.stringify(resource);
  } catch {
    return undefined;
  }
}
