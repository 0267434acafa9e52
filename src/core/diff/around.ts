import { diffLineArrays } from './lineDiff';
import type { LineChange } from './myers';

/**
 * diffLineArrays(a, b) where b is a with lines [from, to) replaced by `lines`, computed without
 * building b or comparing the lines the replacement leaves alone: the common prefix and suffix
 * that diffLineArrays trims are found by walking out from the replaced lines (past them only
 * as far as the text repeats itself), and the rest is diffed as diffLineArrays diffs it. Same
 * changes, in a's and b's line numbers; the cost is the replaced lines, not the file.
 */
export function diffAround(a: readonly string[], from: number, to: number, lines: readonly string[]): LineChange[] {
  const K = a.length;
  const shift = lines.length - (to - from); // b.length - a.length
  const Kb = K + shift;
  const b = (i: number): string => (i < from ? a[i] : i < from + lines.length ? lines[i - from] : a[i - shift]);
  const minLen = Math.min(K, Kb);
  // lines before `from` are the same on both sides
  let prefix = Math.min(from, minLen);
  while (prefix < minLen && a[prefix] === b(prefix)) prefix++;
  // so are those after `to`, as far as the suffix may reach
  let suffix = Math.min(K - to, Math.max(0, minLen - prefix));
  while (suffix < minLen - prefix && a[K - 1 - suffix] === b(Kb - 1 - suffix)) suffix++;
  const aMid = a.slice(prefix, K - suffix);
  const bMid: string[] = [];
  for (let i = prefix; i < Kb - suffix; i++) bMid.push(b(i));
  return diffLineArrays(aMid, bMid).map((c) => ({ aStart: c.aStart + prefix, aEnd: c.aEnd + prefix, bStart: c.bStart + prefix, bEnd: c.bEnd + prefix }));
}
