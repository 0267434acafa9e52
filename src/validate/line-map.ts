import type { ChangedRange } from './types';

/** Where a candidate line came from: an unchanged base line, or inside changed range `index`. */
export type LineOrigin = { kind: 'unchanged'; baseLine: number } | { kind: 'changed'; index: number };

/**
 * Maps 1-based candidate line numbers back to the base text through a set of changed ranges
 * (sorted, non-overlapping, as diffLineRanges returns them).
 */
export class CandidateLineMap {
  constructor(private readonly ranges: readonly ChangedRange[]) {}

  /** The origin of candidate line `line`. Lines past the last range shift by the total delta. */
  origin(line: number): LineOrigin {
    let delta = 0;
    for (let i = 0; i < this.ranges.length; i++) {
      const r = this.ranges[i];
      if (line < r.candidateStartLine) break;
      if (line < r.candidateStartLine + r.candidateLineCount) return { kind: 'changed', index: i };
      delta = r.candidateStartLine + r.candidateLineCount - (r.baseStartLine + r.baseLineCount);
    }
    return { kind: 'unchanged', baseLine: line - delta };
  }

  /**
   * Index of a changed range that contains candidate line `line` or lies within `slack`
   * lines of it, or -1. Checkers often report a problem on the line after the edit (a
   * missing ';' shows up at the next token), hence the slack.
   */
  nearChange(line: number, slack: number): number {
    for (let i = 0; i < this.ranges.length; i++) {
      const r = this.ranges[i];
      const first = r.candidateStartLine - slack;
      const last = r.candidateStartLine + Math.max(r.candidateLineCount, 1) - 1 + slack;
      if (line >= first && line <= last) return i;
    }
    return -1;
  }

  /** The base lines [from, to] (inclusive) of range `index`, widened by `slack`. */
  baseSpan(index: number, slack: number): [number, number] {
    const r = this.ranges[index];
    return [r.baseStartLine - slack, r.baseStartLine + Math.max(r.baseLineCount, 1) - 1 + slack];
  }
}
