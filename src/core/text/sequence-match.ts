/**
 * Where a run of ids occurs in a longer sequence of ids (lines interned by SequenceIndex),
 * in time linear in the two lengths whatever the input: a file of 300,000 identical lines
 * and a 2,000-line run of them cost one pass, not 300,000 × 2,000 comparisons.
 */
import type { SequenceIndex } from './sequence-index';

/** Something that counts work (see core/patch/work-meter.ts); charges are in comparisons. */
export interface Charge {
  charge(steps: number): void;
}

/**
 * Every start p in [lo, hi - m] (ascending) where text[p + j] === pattern[j] for all j < m, at
 * most `limit` of them (the first ones). Knuth-Morris-Pratt over the ids: O(hi - lo + m).
 * An empty pattern matches nowhere.
 */
export function kmpRuns(text: ArrayLike<number>, lo: number, hi: number, pattern: ArrayLike<number>, limit = Infinity): number[] {
  const m = pattern.length;
  const out: number[] = [];
  if (!m || hi - lo < m) return out;
  const fail = borders(pattern);
  let q = 0;
  for (let i = lo; i < hi; i++) {
    const c = text[i];
    while (q > 0 && pattern[q] !== c) q = fail[q - 1];
    if (pattern[q] === c) q++;
    if (q === m) {
      out.push(i - m + 1);
      if (out.length >= limit) break;
      q = fail[m - 1];
    }
  }
  return out;
}

/** KMP's failure function: fail[k] = length of the longest proper border of pattern[0..k]. */
function borders(pattern: ArrayLike<number>): Int32Array {
  const fail = new Int32Array(pattern.length);
  let k = 0;
  for (let i = 1; i < pattern.length; i++) {
    while (k > 0 && pattern[k] !== pattern[i]) k = fail[k - 1];
    if (pattern[k] === pattern[i]) k++;
    fail[i] = k;
  }
  return fail;
}

/**
 * findRuns: every start p in [lo, hi - m] (ascending) where the items of `index` from p on
 * equal `pattern`, at most `limit` of them, as kmpRuns would find them over the ids. Found from
 * the positions of a rare pattern item (the first one that occurs at most once, else the
 * rarest) when checking those is cheaper than a pass over [lo, hi), else by that pass. Same
 * answer either way; the cost is at most about twice that of the pass.
 */
export function findRuns(index: SequenceIndex, pattern: readonly string[], lo: number, hi: number, limit = Infinity, meter?: Charge): number[] {
  const m = pattern.length;
  if (!m || hi - lo < m) return [];
  let anchor = 0;
  let anchorId = -1;
  let fewest = Infinity;
  for (let j = 0; j < m && fewest > 1; j++) {
    const id = index.idOf(pattern[j]);
    const c = index.count(id);
    if (c === 0) return [];
    if (c < fewest) {
      fewest = c;
      anchor = j;
      anchorId = id;
    }
  }
  const pass = hi - lo + m;
  if (fewest * Math.min(m, 8) > pass) return passRuns(index, pattern, lo, hi, limit, meter);
  const at = index.positions(anchorId);
  const out: number[] = [];
  let work = 0;
  for (let k = lowerBound(at, lo + anchor); k < at.length; k++) {
    const p = at[k] - anchor;
    if (p + m > hi) break;
    let j = 0;
    while (j < m && (j === anchor || index.itemAt(p + j) === pattern[j])) j++;
    work += j + 1;
    if (j === m) {
      out.push(p);
      if (out.length >= limit) break;
    }
    // checking the positions one by one turned out dearer than one pass: finish with the pass
    if (work > 2 * pass) {
      meter?.charge(work);
      return out.concat(passRuns(index, pattern, p + 1, hi, limit - out.length, meter));
    }
  }
  meter?.charge(work + m);
  return out;
}

/** findRuns by one pass over the ids (Knuth-Morris-Pratt). */
function passRuns(index: SequenceIndex, pattern: readonly string[], lo: number, hi: number, limit: number, meter?: Charge): number[] {
  meter?.charge(hi - lo + 2 * pattern.length);
  const ids = Int32Array.from(pattern, (s) => index.idOf(s));
  if (ids.some((id) => id < 0)) return [];
  return kmpRuns(index.ids, lo, hi, ids, limit);
}

/** The first index k of the ascending `a` with a[k] >= x (a.length when none). */
export function lowerBound(a: ArrayLike<number>, x: number): number {
  let lo = 0;
  let hi = a.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (a[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * For every start p in [lo, hi - m]: the pattern matches text at p except at exactly one
 * index. Returns those starts with the index that differs, ascending. Two Z-function passes
 * (one forward, one over the reversed sequences): O(hi - lo + m).
 */
export function oneMismatchRuns(text: ArrayLike<number>, lo: number, hi: number, pattern: ArrayLike<number>): Array<{ start: number; wrong: number }> {
  const m = pattern.length;
  const out: Array<{ start: number; wrong: number }> = [];
  if (!m || hi - lo < m) return out;
  const w = hi - lo;
  // prefix[p - lo]: how many leading pattern items match text from p
  const prefix = matchLengths(m, w, (i) => pattern[i], (i) => text[lo + i]);
  // suffix[q]: how many trailing pattern items match text ending at lo + w - 1 - q
  const suffix = matchLengths(m, w, (i) => pattern[m - 1 - i], (i) => text[hi - 1 - i]);
  for (let p = lo; p + m <= hi; p++) {
    const pre = prefix[p - lo];
    if (pre >= m) continue; // an exact match: not "one mismatch"
    const end = p + m - 1; // last text index of the window
    const suf = suffix[hi - 1 - end];
    if (pre + 1 + suf >= m) out.push({ start: p, wrong: pre });
  }
  return out;
}

/**
 * Z-function of pattern + separator + text, read at the text's positions: out[i] = length of
 * the longest common prefix of pattern and text[i..], capped at m. The separator equals
 * nothing, so the items may be any numbers.
 */
function matchLengths(m: number, w: number, pat: (i: number) => number, txt: (i: number) => number): Int32Array {
  const n = m + 1 + w;
  const at = (i: number) => (i < m ? pat(i) : i === m ? NaN : txt(i - m - 1));
  const z = new Int32Array(n);
  let l = 0;
  let r = 0;
  for (let i = 1; i < n; i++) {
    let k = 0;
    if (i < r) k = Math.min(r - i, z[i - l]);
    while (i + k < n && at(k) === at(i + k)) k++;
    z[i] = k;
    if (i + k > r) {
      l = i;
      r = i + k;
    }
  }
  return z.subarray(m + 1);
}
