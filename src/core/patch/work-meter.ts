/**
 * The engine's bound on its own work. Placing a change is linear in the file and the change
 * for everything real files and patches hold, but a few searches (every candidate place of a
 * hunk checked for its indentation, the diagnosis of a hunk that matches nowhere, a pile of
 * hunks stacked on the same lines) depend on how repetitive the file is. Each of them charges
 * its comparisons here; past the budget, which grows linearly with the input, the change is
 * refused as TOO_LARGE instead of holding the editor's thread for seconds.
 */

/**
 * The budget: a fixed allowance, plus so many comparisons per character and per line of input
 * (the file and the change together). The per-line share pays for what every line may cost
 * (a key, an index entry, a candidate planned per hunk line); the per-character share for
 * searches of the text. The file's lines are counted when it is split (see allow), so the
 * budget needs no pass of its own.
 */
export const WORK_BASE = 30_000_000;
export const WORK_PER_INPUT_CHAR = 2;
export const WORK_PER_INPUT_LINE = 24;

/**
 * A caller's budget: the fixed allowance of every meter made for one call (default
 * WORK_BASE), and whether any of them passed its limit. The tools run small changes on the
 * extension host's thread with a small allowance first and, when it is passed, again on the
 * engine worker with the default one (tools/off-thread.ts): the answer is the same, the host's
 * thread is never held long.
 */
export interface WorkBudget {
  base: number;
  tripped?: boolean;
}

/** Thrown by WorkMeter.charge; caught by the engine's entry points, which answer TOO_LARGE. */
export class WorkLimitExceeded extends Error {
  constructor(readonly limit: number) {
    super(`work limit of ${limit} comparisons exceeded`);
  }
}

export class WorkMeter {
  private used = 0;
  constructor(
    public limit: number,
    private readonly budget?: WorkBudget,
  ) {}

  /** The budget for `chars` characters and `lines` lines of input (more lines may be added with allowLines). */
  static forInput(chars: number, lines: number, budget?: WorkBudget): WorkMeter {
    return new WorkMeter((budget?.base ?? WORK_BASE) + WORK_PER_INPUT_CHAR * chars + WORK_PER_INPUT_LINE * lines, budget);
  }

  /** Raises the budget by `lines` lines of input (the file's, once it is split). */
  allowLines(lines: number): void {
    this.limit += WORK_PER_INPUT_LINE * lines;
  }

  charge(steps: number): void {
    this.used += steps;
    if (this.used > this.limit) {
      if (this.budget) this.budget.tripped = true;
      throw new WorkLimitExceeded(this.limit);
    }
  }

  get spent(): number {
    return this.used;
  }
}

/** The refusal for a change whose placement passed its budget (the same words for every engine). */
export function tooLargeMessage(what: string): string {
  return `${what} would take too long to place: its lines match the file in too many places (a file of many identical lines, or hunks stacked on the same lines). Nothing was applied. Give each hunk or edit a few unchanged lines that occur only once in the file, or split the change into several calls.`;
}

/** The refusal of a patch with more hunks than one call may place (see catalog/limits.ts). */
export function tooManyHunks(count: number, limit: number, unit: 'hunks' | 'chunks' = 'hunks'): { type: 'TOO_LARGE'; message: string; limit: number; hunk_count: number } {
  return {
    type: 'TOO_LARGE',
    message: `The patch has ${count} ${unit}; one call places at most ${limit} (MAX_HUNKS_PER_CALL). Nothing was applied. Split the change into several calls of at most ${limit} ${unit} each.`,
    limit,
    hunk_count: count,
  };
}

/** The lines of a change's text (its "\n" plus one): what its share of the budget counts. */
export function lineCount(text: string): number {
  let n = 1;
  for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) n++;
  return n;
}
