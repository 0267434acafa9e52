import type { ChangedRange } from './types';

/**
 * Splits text into lines the way tree-sitter counts rows: on "\n", with a trailing "\r"
 * kept out of the line. A final newline yields a last empty line, so a text of N lines
 * ending in "\n" has N + 1 entries; both sides of a diff are split alike, so this is harmless.
 */
export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

/** Largest edit distance (in inserted + deleted lines) the exact diff explores. */
const MAX_EDIT_DISTANCE = 2000;

/**
 * The changed line blocks between `base` and `candidate`, in order, as 1-based ranges.
 *
 * Common leading and trailing lines are trimmed first (most agent edits touch one spot,
 * so this alone is usually enough); the middle is diffed with Myers' O((N+M)·D) algorithm.
 * When the middle needs more than MAX_EDIT_DISTANCE insertions + deletions, the whole middle
 * is reported as one range: coarser, never wrong (every changed line is inside a range).
 * Identical texts yield [].
 */
export function diffLineRanges(base: string, candidate: string): ChangedRange[] {
  return diffLineArrays(splitLines(base), splitLines(candidate));
}

/** As diffLineRanges, on already split lines. */
export function diffLineArrays(a: string[], b: string[]): ChangedRange[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) {
    endA--;
    endB--;
  }
  if (start === endA && start === endB) return [];
  const script = myersMatches(a, b, start, endA, start, endB);
  if (!script) return [range(start, endA - start, start, endB - start)];
  return rangesFromMatches(script, start, endA, start, endB);
}

function range(baseIdx: number, baseCount: number, candIdx: number, candCount: number): ChangedRange {
  return { baseStartLine: baseIdx + 1, baseLineCount: baseCount, candidateStartLine: candIdx + 1, candidateLineCount: candCount };
}

/**
 * Pairs of matching indices (ai, bi) in increasing order along a shortest edit script of
 * a[a0..a1) against b[b0..b1), or undefined when the distance exceeds MAX_EDIT_DISTANCE.
 */
function myersMatches(a: string[], b: string[], a0: number, a1: number, b0: number, b1: number): Array<[number, number]> | undefined {
  const n = a1 - a0;
  const m = b1 - b0;
  const max = Math.min(n + m, MAX_EDIT_DISTANCE);
  const offset = max + 1;
  let v = new Int32Array(2 * max + 3);
  const trace: Int32Array[] = [];
  let found = -1;
  for (let d = 0; d <= max; d++) {
    trace.push(v.slice());
    for (let k = -d; k <= d; k += 2) {
      let x: number;
      if (k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1])) x = v[offset + k + 1];
      else x = v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[a0 + x] === b[b0 + y]) {
        x++;
        y++;
      }
      v[offset + k] = x;
      if (x >= n && y >= m) {
        found = d;
        break;
      }
    }
    if (found >= 0) break;
  }
  if (found < 0) return undefined;
  // Walk the trace backwards to recover the diagonal (matching) moves.
  const matches: Array<[number, number]> = [];
  let x = n;
  let y = m;
  for (let d = found; d > 0; d--) {
    const vPrev = trace[d];
    const k = x - y;
    const prevK = k === -d || (k !== d && vPrev[offset + k - 1] < vPrev[offset + k + 1]) ? k + 1 : k - 1;
    const prevX = vPrev[offset + prevK];
    const prevY = prevX - prevK;
    while (x > prevX && y > prevY) {
      x--;
      y--;
      matches.push([a0 + x, b0 + y]);
    }
    x = prevX;
    y = prevY;
  }
  while (x > 0 && y > 0) {
    x--;
    y--;
    matches.push([a0 + x, b0 + y]);
  }
  matches.reverse();
  return matches;
}

function rangesFromMatches(matches: Array<[number, number]>, a0: number, a1: number, b0: number, b1: number): ChangedRange[] {
  const out: ChangedRange[] = [];
  let ai = a0;
  let bi = b0;
  for (const [ma, mb] of [...matches, [a1, b1] as [number, number]]) {
    if (ma > ai || mb > bi) out.push(range(ai, ma - ai, bi, mb - bi));
    ai = ma + 1;
    bi = mb + 1;
  }
  return out;
}
