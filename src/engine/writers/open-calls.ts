import type { FolderCheckpoint } from '../host';

/** What a pre event left for its post: the checkpoint before the call and the paths it names. */
export interface OpenCall {
  before: FolderCheckpoint[];
  paths: string[];
  opened: number;
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
export class OpenCalls {
  private readonly calls = new Map<string, OpenCall>();

  open(callId: string, call: OpenCall): void {
    this.calls.delete(callId);
    this.calls.set(callId, call);
    if (this.calls.size > MAX_OPEN) this.calls.delete(this.calls.keys().next().value as string);
  }

  /** The open call of this id (removed), unless it expired. */
  take(callId: string, now: number): OpenCall | undefined {
    this.expire(now);
    const call = this.calls.get(callId);
    this.calls.delete(callId);
    return call;
  }

  any(now: number): boolean {
    this.expire(now);
    return this.calls.size > 0;
  }

  private expire(now: number): void {
    // Insertion order is opening order: the oldest come first.
    for (const [id, call] of this.calls) {
      if (now - call.opened <= OPEN_CALL_MS) break;
      this.calls.delete(id);
    }
  }
}
