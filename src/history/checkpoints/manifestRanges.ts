import { comparePaths, ManifestEntry } from './manifest';

/**
 * The sorted entries without the given paths and everything under them: two binary searches
 * per path (the path itself, and the run of `path/…`, which is contiguous in code unit order),
 * then one copy. O(k log n + n) for k paths, with no string work per entry.
 */
export function withoutPaths(sorted: readonly ManifestEntry[], paths: Iterable<string>): ManifestEntry[] {
  const cut: Array<[number, number]> = [];
  for (const p of paths) {
    const at = lowerBound(sorted, p);
    if (at < sorted.length && sorted[at].path === p) cut.push([at, at + 1]);
    // '0' follows '/' in code unit order: [p + '/', p + '0') is exactly what lies under p.
    const from = lowerBound(sorted, `${p}/`);
    const to = lowerBound(sorted, `${p}0`);
    if (to > from) cut.push([from, to]);
  }
  if (cut.length === 0) return sorted.slice();
  cut.sort((a, b) => a[0] - b[0]);
  const out: ManifestEntry[] = [];
  let next = 0;
  for (const [from, to] of cut) {
    for (let i = next; i < from; i++) out.push(sorted[i]);
    next = Math.max(next, to);
  }
  for (let i = next; i < sorted.length; i++) out.push(sorted[i]);
  return out;
}

/** Merges two sorted lists into one (linear). */
export function mergeSorted(a: readonly ManifestEntry[], b: readonly ManifestEntry[]): ManifestEntry[] {
  const out: ManifestEntry[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(comparePaths(a[i].path, b[j].path) <= 0 ? a[i++] : b[j++]);
  while (i < a.length) out.push(a[i++]);
  while (j < b.length) out.push(b[j++]);
  return out;
}

function lowerBound(sorted: readonly ManifestEntry[], p: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid].path < p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}
