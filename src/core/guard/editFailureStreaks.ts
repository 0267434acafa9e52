import type { EditFailureRecord } from './messages';

/** The failed edits of one file since its last success. */
export interface EditFailureStreak {
  failures: EditFailureRecord[];
  /** Canonical inputs that failed during this streak (to refuse an identical retry in a loop). */
  failedInputs: Set<string>;
  /** True once the streak reached the loop threshold; stays true until the streak ends. */
  inLoop: boolean;
}

/**
 * Consecutive failed edits per file, across all editing tools. Reads are simply not
 * reported here, so they cannot end a streak. A streak ends on a success on its file or on a
 * failed edit of another file ("consecutive" means: nothing else was being edited).
 */
export class EditFailureStreaks {
  private readonly streaks = new Map<string, EditFailureStreak>();

  get(path: string): EditFailureStreak | undefined {
    return this.streaks.get(path);
  }

  /** Appends a failure to the streak of `path` (starting one) and returns the streak. */
  add(path: string, failure: EditFailureRecord, canonicalInput: string): EditFailureStreak {
    let streak = this.streaks.get(path);
    if (!streak) {
      streak = { failures: [], failedInputs: new Set(), inLoop: false };
      this.streaks.set(path, streak);
    }
    streak.failures.push(failure);
    streak.failedInputs.add(canonicalInput);
    return streak;
  }

  /** Ends the streak of `path`; returns its failure count (0 when there was none). */
  end(path: string): number {
    const streak = this.streaks.get(path);
    this.streaks.delete(path);
    return streak?.failures.length ?? 0;
  }

  /** Ends every streak except the one of `path`; returns the ended paths with their counts. */
  endAllExcept(path: string): Array<{ path: string; count: number }> {
    const ended: Array<{ path: string; count: number }> = [];
    for (const [other, streak] of this.streaks) {
      if (other !== path) ended.push({ path: other, count: streak.failures.length });
    }
    for (const e of ended) this.streaks.delete(e.path);
    return ended;
  }

  clearAll(): void {
    this.streaks.clear();
  }

  paths(): string[] {
    return [...this.streaks.keys()];
  }
}
