/** "Did you mean" ids for a selector that matched nothing. */

import { editDistance } from '../text/similarity';

/**
 * Up to `max` existing ids nearest to `wanted`: ids containing it (or contained in it,
 * when the shorter of the two has at least 3 characters) first, then by case-insensitive edit distance; ties keep document order. Ids farther than
 * half the wanted id's length (at least 3 edits) are not suggested.
 */
export function nearestIds(wanted: string, ids: Iterable<string>, max = 5): string[] {
  const w = wanted.toLowerCase();
  const limit = Math.max(3, Math.ceil(w.length / 2));
  const scored: Array<{ id: string; score: number; order: number }> = [];
  let order = 0;
  for (const id of ids) {
    const l = id.toLowerCase();
    const contains = Math.min(w.length, l.length) >= 3 && (l.includes(w) || w.includes(l));
    const distance = editDistance(w, l, limit);
    if (!contains && distance > limit) continue;
    scored.push({ id, score: (contains ? 0 : 1000) + distance, order: order++ });
  }
  scored.sort((a, b) => a.score - b.score || a.order - b.order);
  return scored.slice(0, max).map((s) => s.id);
}
