/**
 * Similarity of two strings in [0, 1]: 1 - (Levenshtein distance / length of the longer one).
 * Two empty strings are identical (1). Strings longer than `maxLen` are compared on a cheap
 * bigram (Dice) measure instead, so the cost stays bounded on minified or generated lines.
 */
export function similarity(a: string, b: string, maxLen = 400): number {
  if (a === b) return 1;
  const la = a.length;
  const lb = b.length;
  if (!la || !lb) return 0;
  if (la > maxLen || lb > maxLen) return dice(a, b);
  return 1 - editDistance(a, b) / Math.max(la, lb);
}

/**
 * Levenshtein distance (insertions, deletions, substitutions of UTF-16 code units; case
 * sensitive). With `limit`, a distance within it is exact and one above it is reported as
 * some number above it: `limit + 1` when the work stopped early (lengths differing by more,
 * or a whole row above it), else the exact distance. html's nearestIds ranks on that value.
 * Cost O(a.length × b.length) at most: callers bound the lengths (see `similarity`'s maxLen).
 */
export function editDistance(a: string, b: string, limit = Infinity): number {
  const la = a.length;
  const lb = b.length;
  if (Math.abs(la - lb) > limit) return limit + 1;
  let prev = new Uint32Array(lb + 1);
  let cur = new Uint32Array(lb + 1);
  for (let j = 0; j <= lb; j++) prev[j] = j;
  for (let i = 1; i <= la; i++) {
    cur[0] = i;
    let best = i;
    const ca = a.charCodeAt(i - 1);
    for (let j = 1; j <= lb; j++) {
      const cost = ca === b.charCodeAt(j - 1) ? 0 : 1;
      const v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
      cur[j] = v;
      if (v < best) best = v;
    }
    if (best > limit) return limit + 1;
    [prev, cur] = [cur, prev];
  }
  return prev[lb];
}

/** Dice coefficient over character bigrams, in [0, 1]. */
export function dice(a: string, b: string): number {
  if (a === b) return 1;
  if (a.length < 2 || b.length < 2) return 0;
  const counts = new Map<string, number>();
  for (let i = 0; i + 1 < a.length; i++) {
    const g = a.slice(i, i + 2);
    counts.set(g, (counts.get(g) ?? 0) + 1);
  }
  let inter = 0;
  for (let i = 0; i + 1 < b.length; i++) {
    const g = b.slice(i, i + 2);
    const c = counts.get(g);
    if (c) {
      inter++;
      counts.set(g, c - 1);
    }
  }
  return (2 * inter) / (a.length - 1 + b.length - 1);
}
