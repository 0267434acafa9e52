/** The most agent sessions remembered (the oldest forgotten first). */
const MAX_SESSIONS = 1000;

/**
 * Turns of the agents whose hooks report their calls. An agent's hook names its session (a
 * Claude Code session, a Copilot chat), which may go on for hours over many prompts; as for our
 * own tools' calls (engine/turn-ids.ts), a pause longer than the quiet gap
 * (safeEdit.turns.quietGapMinutes) ends a turn: the next call starts the session's next one. The
 * first turn's id is the session id itself, the later ones `<session>#2`, `#3`…, so the history
 * still names the session.
 */
export class HookTurns {
  private readonly sessions = new Map<string, { id: string; n: number; last: number }>();

  idFor(client: string, sessionId: string, now: number, quietGapMs: number): string {
    const key = `${client}\0${sessionId}`;
    const known = this.sessions.get(key);
    const n = known === undefined ? 1 : now - known.last <= quietGapMs ? known.n : known.n + 1;
    const id = n === 1 ? sessionId : `${sessionId}#${n}`;
    // Delete first so the map's order is by last use.
    this.sessions.delete(key);
    this.sessions.set(key, { id, n, last: now });
    if (this.sessions.size > MAX_SESSIONS) this.sessions.delete(this.sessions.keys().next().value as string);
    return id;
  }

  /** The session was active now (a post event: a long tool call does not end its turn). */
  touch(client: string, sessionId: string, now: number): void {
    const known = this.sessions.get(`${client}\0${sessionId}`);
    if (known) known.last = Math.max(known.last, now);
  }
}
