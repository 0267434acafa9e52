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
 *
 * VS Code calls invoke only after the confirmation was accepted (by the user, or by the
 * user's own auto-approval of the tool). After Skip it never calls invoke, and it tells the
 * extension nothing (VS Code 1.139's extension host gets prepareInvocation and invoke calls,
 * no event for a skipped confirmation), so a Skip's ticket cannot be removed when it happens.
 * Instead a ticket is of no use to anyone but the call it was issued for:
 * - it is bound to its holder (consent-holder.ts): the vscode.lm calls of the chat session
 *   whose confirmation issued it. An MCP call or a command (no holder), or a call of another
 *   chat session, never takes it, whatever change it makes;
 * - it is single-use, and a newer confirmation of the same change for the same holder
 *   replaces it: every vscode.lm call goes through its own prepareInvocation first, so a later
 *   call of a skipped change is confirmed afresh and uses the ticket of that confirmation.
 */
export class ConsentTickets {
  /** Issue time by ticket key, oldest first. */
  private readonly tickets = new Map<string, number>();

  private static key(holder: string, tool: string, realPath: string, oldText: string, newText: string): string {
    return `${holder}\0${tool}\0${realPath}\0${sha(oldText)}\0${sha(newText)}`;
  }

  add(holder: string, tool: string, realPath: string, oldText: string, newText: string, now = Date.now()): void {
    this.prune(now);
    const key = ConsentTickets.key(holder, tool, realPath, oldText, newText);
    this.tickets.delete(key);
    if (this.tickets.size >= MAX_TICKETS) this.tickets.delete(this.tickets.keys().next().value as string);
    this.tickets.set(key, now);
  }

  /**
   * True (and the ticket is used up) when this exact change was confirmed for this holder.
   * A call without a holder (MCP, commands) never has a ticket.
   */
  take(holder: string | undefined, tool: string, realPath: string, oldText: string, newText: string, now = Date.now()): boolean {
    if (holder === undefined) return false;
    this.prune(now);
    return this.tickets.delete(ConsentTickets.key(holder, tool, realPath, oldText, newText));
  }

  private prune(now: number): void {
    for (const [key, issued] of this.tickets) {
      if (now - issued >= TICKET_TTL_MS) this.tickets.delete(key);
    }
  }
}
