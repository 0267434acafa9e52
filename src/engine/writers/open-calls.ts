import type { FileState } from '../../files/file-state';
import type { FolderCheckpoint } from '../host';

/**
 * What a pre event left for its post: the paths the call names with their states read before it
 * ran, or (a call that names none) the workspace checkpoint before it.
 */
export interface OpenCall {
  before: { named: Map<string, FileState> } | { checkpoint: FolderCheckpoint[] };
  opened: number;
  /** The turn the call's change is journaled under (its session's turn when the pre event came). */
  turn: { id: string; client: string };
}

/** The most bytes of named files all open calls hold in memory together; past it the oldest calls are dropped. */
export const MAX_HELD_BYTES = 256 * 1024 * 1024;

/** The bytes an open call holds. */
export function heldBytes(call: OpenCall): number {
  if (!('named' in call.before)) return 0;
  let n = 0;
  for (const state of call.before.named.values()) if ('bytes' in state) n += state.bytes.length;
  return n;
}

/** How long a call's pre event waits for its post (a shell command may run long); older ones are dropped. */
export const OPEN_CALL_MS = 15 * 60_000;
/** The most calls open at once: an agent that never sends post events cannot grow this without bound. */
const MAX_OPEN = 200;

/**
 * The calls whose pre event came and whose post did not yet. While one is open, the recorder's
 * quiet settles wait: they would journal the call's writes under an unknown writer before its
 * post names it. Bounded in number and age, so a lost post event holds nothing for long.
 */
export class OpenCalls<Answer = unknown> {
  private readonly calls = new Map<string, OpenCall>();
  /** The answers of calls recorded lately: a post delivered again (the agent retried a hook that timed out) gets the same answer, journaled once. */
  private readonly answered = new Map<string, { answer: Answer; at: number }>();
  private held = 0;

  /** A pre event: a new call under this id (an id used again starts a new call; its old answer is forgotten). */
  open(callId: string, call: OpenCall): void {
    this.drop(callId);
    this.answered.delete(callId);
    const bytes = heldBytes(call);
    while (this.calls.size > 0 && (this.calls.size >= MAX_OPEN || this.held + bytes > MAX_HELD_BYTES)) this.drop(this.calls.keys().next().value as string);
    this.calls.set(callId, call);
    this.held += bytes;
  }

  /**
   * The open call of this id, unless it expired. It stays open until close(): a post that fails
   * before its change is journaled (a full disk, the owner stopped) leaves the call to a retry
   * instead of losing it.
   */
  peek(callId: string, now: number): OpenCall | undefined {
    this.expire(now);
    return this.calls.get(callId);
  }

  /** The call's change is journaled: it is closed, and its answer kept for a post delivered again. */
  close(callId: string, answer: Answer, now: number): void {
    this.drop(callId);
    this.answered.delete(callId);
    this.answered.set(callId, { answer, at: now });
    for (const [id, a] of this.answered) {
      if (this.answered.size <= MAX_OPEN && now - a.at <= OPEN_CALL_MS) break;
      this.answered.delete(id);
    }
  }

  /** The answer of a call closed lately under this id, if any. */
  answerOf(callId: string, now: number): Answer | undefined {
    const a = this.answered.get(callId);
    return a && now - a.at <= OPEN_CALL_MS ? a.answer : undefined;
  }

  /** The checkpoint ids open calls compare their post with: never pruned while they wait. */
  checkpointIds(): string[] {
    const out: string[] = [];
    for (const call of this.calls.values()) if ('checkpoint' in call.before) out.push(...call.before.checkpoint.map((c) => c.id));
    return out;
  }

  count(now: number): number {
    this.expire(now);
    return this.calls.size;
  }

  any(now: number): boolean {
    this.expire(now);
    return this.calls.size > 0;
  }

  private expire(now: number): void {
    // Insertion order is opening order: the oldest come first.
    for (const [id, call] of this.calls) {
      if (now - call.opened <= OPEN_CALL_MS) break;
      this.drop(id);
    }
  }

  private drop(callId: string): void {
    const call = this.calls.get(callId);
    if (!call) return;
    this.held -= heldBytes(call);
    this.calls.delete(callId);
  }
}
