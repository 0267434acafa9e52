import { createHash } from 'node:crypto';

/** How long a confirmation shown in the chat stays good for the call it was shown for. */
const TICKET_TTL_MS = 30 * 60_000;
/** A bound on tickets nobody used (the user chose Skip, or the call never ran). */
const MAX_TICKETS = 100;

function sha(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/**
 * Remembers the sensitive-file changes that prepareInvocation put into a chat confirmation,
 * so invoke does not ask a second time for the same change. A ticket names the tool, the real
 * path and the exact old and new text: when the file changed between the confirmation and the
 * run, the change is not the one the user saw, no ticket matches and invoke asks again.
 * VS Code calls invoke only after the confirmation was accepted (by the user, or by the
 * user's own auto-approval of the tool); after Skip it never calls invoke.
 */
export class ConsentTickets {
  private readonly tickets = new Map<string, number[]>();

  private static key(tool: string, realPath: string, oldText: string, newText: string): string {
    return `${tool}\0${realPath}\0${sha(oldText)}\0${sha(newText)}`;
  }

  add(tool: string, realPath: string, oldText: string, newText: string, now = Date.now()): void {
    this.prune(now);
    if (this.size() >= MAX_TICKETS) this.tickets.delete(this.tickets.keys().next().value as string);
    const key = ConsentTickets.key(tool, realPath, oldText, newText);
    this.tickets.set(key, [...(this.tickets.get(key) ?? []), now]);
  }

  /** True (and the ticket is used up) when this exact change was confirmed in the chat. */
  take(tool: string, realPath: string, oldText: string, newText: string, now = Date.now()): boolean {
    this.prune(now);
    const key = ConsentTickets.key(tool, realPath, oldText, newText);
    const times = this.tickets.get(key);
    if (!times?.length) return false;
    times.shift();
    if (times.length === 0) this.tickets.delete(key);
    return true;
  }

  private size(): number {
    let n = 0;
    for (const times of this.tickets.values()) n += times.length;
    return n;
  }

  private prune(now: number): void {
    for (const [key, times] of this.tickets) {
      const kept = times.filter((t) => now - t < TICKET_TTL_MS);
      if (kept.length === 0) this.tickets.delete(key);
      else this.tickets.set(key, kept);
    }
  }
}
