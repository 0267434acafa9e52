import { CandidateLineMap } from './line-map';
import type { ChangedRange, RawProblem } from './types';

/** How far (in lines) a problem may drift and still count as the same pre-existing one. */
const DRIFT_LINES = 2;
/** How close (in lines) to a changed range a problem counts as "at the edit". */
const EDIT_SLACK_LINES = 1;

/** The last non-blank line (1-based) of each text; see lastNonBlankLine(). */
export interface TextEnds {
  baseLastLine: number;
  candidateLastLine: number;
}

/** The 1-based number of the last line of `lines` with non-whitespace text (1 when none). */
export function lastNonBlankLine(lines: readonly string[]): number {
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i].trim() !== '') return i + 1;
  return 1;
}

export interface NoveltyResult<P extends RawProblem> {
  /** Candidate problems the edit introduced, in candidate order. */
  fresh: P[];
  /** Candidate problems that were already in the base text. */
  preexisting: number;
}

/**
 * Decides which of the candidate's problems the edit introduced.
 *
 * Rule (each base problem can excuse at most one candidate problem, and only one with the
 * same `key`):
 *  1. A candidate problem on an unchanged line is pre-existing if the base had a problem with
 *     the same key on the mapped base line (first pass, exact line) or within DRIFT_LINES of
 *     it (second pass: parsers' error recovery can move a report slightly).
 *  2. A candidate problem inside or next to a changed range is pre-existing if the base had a
 *     problem with the same key inside or next to that range's base lines: the edit touched a
 *     broken spot without fixing it, which must stay allowed.
 *  3. A candidate problem at the end of the candidate (on or after its last non-blank line) is
 *     pre-existing if the base had a problem with the same key at its own end, when `ends`
 *     is given: "missing '}' at end of file" stays put at the end whatever is appended.
 *  4. Every other candidate problem is new. So a file broken elsewhere stays editable, while
 *     a new problem reported far from the edit (a missing '}' found at end of file) still
 *     counts, because no base problem excuses it: the count of problems grew.
 */
export function selectNewProblems<P extends RawProblem>(
  base: readonly RawProblem[],
  candidate: readonly P[],
  ranges: readonly ChangedRange[],
  ends?: TextEnds,
): NoveltyResult<P> {
  const map = new CandidateLineMap(ranges);
  const used = new Array<boolean>(base.length).fill(false);
  const excused = new Array<boolean>(candidate.length).fill(false);
  const origins = candidate.map((p) => map.origin(p.line));

  const claim = (key: string, accept: (b: RawProblem) => boolean): boolean => {
    for (let i = 0; i < base.length; i++) {
      if (!used[i] && base[i].key === key && accept(base[i])) {
        used[i] = true;
        return true;
      }
    }
    return false;
  };

  // Pass 1: same key on exactly the mapped line (and column when it matches too).
  candidate.forEach((p, i) => {
    const o = origins[i];
    if (o.kind !== 'unchanged') return;
    excused[i] = claim(p.key, (b) => b.line === o.baseLine && b.column === p.column) || claim(p.key, (b) => b.line === o.baseLine);
  });
  // Pass 2: small drift on unchanged lines; the same spot at an edit.
  candidate.forEach((p, i) => {
    if (excused[i]) return;
    const o = origins[i];
    if (o.kind === 'unchanged' && claim(p.key, (b) => Math.abs(b.line - o.baseLine) <= DRIFT_LINES)) {
      excused[i] = true;
      return;
    }
    const near = map.nearChange(p.line, EDIT_SLACK_LINES);
    if (near >= 0) {
      const [from, to] = map.baseSpan(near, EDIT_SLACK_LINES);
      excused[i] = claim(p.key, (b) => b.line >= from && b.line <= to);
    }
  });
  // Pass 3: problems anchored at the end of the text.
  if (ends) {
    candidate.forEach((p, i) => {
      if (excused[i] || p.line < ends.candidateLastLine) return;
      excused[i] = claim(p.key, (b) => b.line >= ends.baseLastLine);
    });
  }
  const fresh = candidate.filter((_, i) => !excused[i]);
  return { fresh, preexisting: candidate.length - fresh.length };
}
