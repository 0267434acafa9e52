import type * as http from 'node:http';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import type { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';

interface Session {
  transport: StreamableHTTPServerTransport;
  server: Server;
  lastUsed: number;
  /** POST and DELETE requests being answered: a session busy with a call is never closed. */
  inFlight: number;
  /** Open GET streams: the client is still there, so the session does not expire. */
  streams: number;
}

/**
 * The open MCP sessions of the HTTP server, and when they end besides a client's DELETE.
 * Clients often leave without DELETE (a killed process, a closed editor): a session with no
 * request and no stream open for `idleMs` is closed. At `max` sessions the least recently used
 * one with no call in flight makes room for a new client, so clients that never said goodbye
 * cannot lock new ones out (which made agents fall back to their own, unguarded tools).
 */
export class SessionTable {
  private readonly sessions = new Map<string, Session>();
  private readonly sweep: NodeJS.Timeout;

  constructor(private readonly o: { max: number; idleMs: number; log: (line: string) => void }) {
    this.sweep = setInterval(() => this.closeIdle(), Math.max(50, Math.min(60_000, Math.floor(o.idleMs / 4))));
    this.sweep.unref();
  }

  get(id: string): Session | undefined {
    return this.sessions.get(id);
  }

  add(id: string, transport: StreamableHTTPServerTransport, server: Server): void {
    this.sessions.set(id, { transport, server, lastUsed: Date.now(), inFlight: 0, streams: 0 });
  }

  /** Forgets a session that ended on its own (DELETE, or its transport closed). */
  forget(id: string): void {
    this.sessions.delete(id);
  }

  /** Counts a request of the session until its response closes. */
  track(session: Session, req: http.IncomingMessage, res: http.ServerResponse): void {
    const stream = req.method === 'GET';
    if (stream) session.streams++;
    else session.inFlight++;
    session.lastUsed = Date.now();
    res.once('close', () => {
      if (stream) session.streams--;
      else session.inFlight--;
      session.lastUsed = Date.now();
    });
  }

  /** Room for one more session: true when there is (after closing the least recently used idle one), false when all are busy. */
  async makeRoom(): Promise<boolean> {
    if (this.sessions.size < this.o.max) return true;
    let oldest: [string, Session] | undefined;
    for (const entry of this.sessions) if (entry[1].inFlight === 0 && (!oldest || entry[1].lastUsed < oldest[1].lastUsed)) oldest = entry;
    if (!oldest) return false;
    await this.close(oldest[0], `the least recently used of ${this.o.max} sessions, making room for a new client`);
    return true;
  }

  /** Client names of the open sessions. */
  clients(): string[] {
    return [...this.sessions.values()].map((s) => s.server.getClientVersion()?.name ?? 'unknown');
  }

  async closeAll(): Promise<void> {
    clearInterval(this.sweep);
    const all = [...this.sessions.values()];
    this.sessions.clear();
    for (const s of all) await s.server.close().catch(() => undefined);
  }

  private closeIdle(): void {
    const now = Date.now();
    for (const [id, s] of this.sessions) {
      if (s.inFlight === 0 && s.streams === 0 && now - s.lastUsed >= this.o.idleMs) void this.close(id, `idle for ${Math.round((now - s.lastUsed) / 1000)} s`);
    }
  }

  private async close(id: string, why: string): Promise<void> {
    const session = this.sessions.get(id);
    if (!session) return;
    this.sessions.delete(id);
    this.o.log(`[mcp] session of ${session.server.getClientVersion()?.name ?? 'unknown'} closed: ${why}`);
    await session.server.close().catch(() => undefined);
  }
}
