/**
 * Resolve a hunk whose context contains elision markers ("// ... existing code ...").
 *
 * The hunk is cut at its marker lines into segments; each marker stands for at least one
 * unchanged file line. Every segment is located on its own (levels 0-3, no fuzzy), and the
 * segments must appear in hunk order with at least one line between neighbours. The result
 * is accepted only when it is unambiguous where it matters: every segment that changes
 * something must have exactly one position compatible with some placement of all the others.
 * Pure-context segments may have several compatible positions (they only anchor), since
 * they write nothing.
 */
import { HunkLine } from './parse';
import { KeyedLines, Match, locate } from './match';
import { planSegment, oldSide, SegmentPlan } from './plan';
import { isElisionMarker } from '../elision';

export type ElisionOutcome =
  | { kind: 'none' }
  | { kind: 'placed'; plans: SegmentPlan[] }
  | { kind: 'failed'; type: 'NO_MATCH' | 'AMBIGUOUS_MATCH'; reason: string; segmentLines?: HunkLine[]; candidates?: number[] };

/** True when the context line is a marker that the file does not itself contain. */
export const isMarkerLine = (l: HunkLine, baseSet: Set<string>): boolean =>
  l.kind === ' ' && isElisionMarker(l.text) && !baseSet.has(l.text.trim());

export function resolveElided(file: KeyedLines, lines: HunkLine[], baseSet: Set<string>): ElisionOutcome {
  if (!lines.some((l) => isMarkerLine(l, baseSet))) return { kind: 'none' };
  const segs: HunkLine[][] = [[]];
  for (const l of lines) {
    if (isMarkerLine(l, baseSet)) segs.push([]);
    else segs[segs.length - 1].push(l);
  }
  // A marker at the very top or bottom only says "there is more code there".
  const needBefore = segs[0].length === 0;
  const needAfter = segs[segs.length - 1].length === 0;
  const parts = segs.filter((s) => s.length);
  if (!parts.length) return { kind: 'failed', type: 'NO_MATCH', reason: 'the hunk holds only elision markers' };
  for (const s of parts) {
    if (!s.some((l) => l.kind !== '+')) {
      return { kind: 'failed', type: 'AMBIGUOUS_MATCH', reason: 'added lines stand next to an elision marker with no unchanged line to anchor them', segmentLines: s };
    }
  }
  const N = file.lines.length;
  const cands: Match[][] = [];
  for (const s of parts) {
    const ms = locate(file, oldSide(s), { fuzzy: false });
    if (!ms.length) return { kind: 'failed', type: 'NO_MATCH', reason: 'a part of the hunk between elision markers was not found', segmentLines: s };
    cands.push(ms);
  }
  const len = parts.map((s) => oldSide(s).length);
  // forward: a position is reachable when some reachable position of the previous part ends
  // at least one line before it
  const fwd: boolean[][] = [];
  let minEnd = needBefore ? 0 : -1; // "end" of the virtual part before the first
  for (let k = 0; k < parts.length; k++) {
    fwd[k] = cands[k].map((m) => m.start >= minEnd + 1 || (k === 0 && !needBefore));
    let e = Infinity;
    cands[k].forEach((m, c) => {
      if (fwd[k][c]) e = Math.min(e, m.start + len[k]);
    });
    if (e === Infinity) return { kind: 'failed', type: 'NO_MATCH', reason: 'the parts of the hunk around an elision marker are not in that order in the file' };
    minEnd = e;
  }
  const bwd: boolean[][] = [];
  let maxStart = needAfter ? N : Infinity; // start of the virtual part after the last
  for (let k = parts.length - 1; k >= 0; k--) {
    bwd[k] = cands[k].map((m) => m.start + len[k] + 1 <= maxStart || (k === parts.length - 1 && !needAfter));
    let s = -Infinity;
    cands[k].forEach((m, c) => {
      if (bwd[k][c] && fwd[k][c]) s = Math.max(s, m.start);
    });
    if (s === -Infinity) return { kind: 'failed', type: 'NO_MATCH', reason: 'the parts of the hunk around an elision marker are not in that order in the file' };
    maxStart = s;
  }
  const plans: SegmentPlan[] = [];
  for (let k = 0; k < parts.length; k++) {
    const ok = cands[k].filter((_, c) => fwd[k][c] && bwd[k][c]);
    const changes = parts[k].some((l) => l.kind !== ' ');
    if (changes && ok.length !== 1) {
      return {
        kind: 'failed',
        type: 'AMBIGUOUS_MATCH',
        reason: 'a changed part of the hunk next to an elision marker fits at several places',
        segmentLines: parts[k],
        candidates: ok.map((m) => m.start + 1),
      };
    }
    if (!changes) continue;
    const p = planSegment(file, parts[k], ok[0]);
    if (typeof p === 'string') return { kind: 'failed', type: 'NO_MATCH', reason: p };
    plans.push(p);
  }
  return { kind: 'placed', plans };
}
