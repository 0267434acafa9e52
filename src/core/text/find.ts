/**
 * Substring search with a linear worst case.
 *
 * Native `indexOf` is fast on real text, but its worst case is the product of the two lengths:
 * V8 searched an 8.7 MB file made of 7,589-character runs of '@' for "  }" + 7,589 '@' for
 * 11.7 s (found by the fuzz, seed 20261124 case 5671). A Finder gives indexOf's answers with at
 * most O(64·|hay| + |needle|) work over all the calls of one left-to-right scan:
 * - needles of up to PROBE characters: native indexOf (its worst case is then 64·|hay|);
 * - longer needles: native indexOf of their first PROBE characters, each hit checked in full,
 *   until the checks have cost more than VERIFY_BUDGET·|hay|; then Knuth-Morris-Pratt, whose
 *   state is carried from one call to the next when the scan resumes one past the last match.
 */

const PROBE = 64;
const VERIFY_BUDGET = 4;

export class Finder {
  private readonly probe: string;
  private work = 0;
  private pi: Int32Array | null = null;
  /** KMP resume point: a call with from === resumeFrom continues at hay[resumeAt] with resumeState matched. */
  private resumeFrom = -1;
  private resumeAt = 0;
  private resumeState = 0;

  constructor(
    private readonly hay: string,
    private readonly needle: string,
  ) {
    this.probe = needle.length > PROBE ? needle.slice(0, PROBE) : needle;
  }

  /** Exactly `hay.indexOf(needle, from)`. */
  indexOf(from: number): number {
    const { hay, needle } = this;
    if (needle.length <= PROBE) return hay.indexOf(needle, from);
    if (!this.pi) {
      for (let i = hay.indexOf(this.probe, from); i >= 0; i = hay.indexOf(this.probe, i + 1)) {
        if (i + needle.length > hay.length) return -1;
        // checked before the check, so that successful checks count too (a file of one run)
        if (this.work > VERIFY_BUDGET * hay.length) {
          this.pi = prefixFunction(needle);
          return this.kmp(i);
        }
        this.work += needle.length;
        if (hay.startsWith(needle, i)) return i;
      }
      return -1;
    }
    return this.kmp(from);
  }

  /** Characters compared one by one so far (checks of probe hits, and the KMP scan): what native search does not do for free. */
  get steps(): number {
    return this.work + this.kmpChars;
  }

  private kmpChars = 0;

  private kmp(from: number): number {
    const { hay, needle } = this;
    const pi = this.pi!;
    const m = needle.length;
    let q = 0;
    let i = Math.max(0, from);
    if (from === this.resumeFrom) {
      i = this.resumeAt;
      q = this.resumeState;
    }
    const start = i;
    for (; i < hay.length; i++) {
      const c = hay.charCodeAt(i);
      while (q > 0 && needle.charCodeAt(q) !== c) q = pi[q - 1];
      if (needle.charCodeAt(q) === c) q++;
      if (q === m) {
        this.kmpChars += i + 1 - start;
        const at = i - m + 1;
        // the next call of a left-to-right scan starts at at + 1: continue from here then
        this.resumeFrom = at + 1;
        this.resumeAt = i + 1;
        this.resumeState = pi[m - 1];
        return at;
      }
    }
    this.kmpChars += i - start;
    return -1;
  }
}

/** KMP's prefix function: pi[k] = length of the longest proper border of needle[0..k]. */
function prefixFunction(s: string): Int32Array {
  const pi = new Int32Array(s.length);
  let k = 0;
  for (let i = 1; i < s.length; i++) {
    const c = s.charCodeAt(i);
    while (k > 0 && s.charCodeAt(k) !== c) k = pi[k - 1];
    if (s.charCodeAt(k) === c) k++;
    pi[i] = k;
  }
  return pi;
}
