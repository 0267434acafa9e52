/**
 * Offsets ↔ line numbers. Lines start at offset 0 and after every "\n" (a "\r" before it
 * belongs to the line it ends; a lone "\r" starts no line), as VS Code counts for "\n" and
 * "\r\n" files. The LineModel's own table is `lineOffsets` in ./lines.ts (it skips a BOM).
 */

/** Start offset of every line of `text`, ascending, 0 first: "a\nb\n" → [0, 2, 4]; "" → [0]. One pass. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

/**
 * The index (0-based) of the last entry of the ascending `starts` that is <= `offset`,
 * searched between `from` and `to` inclusive (so a caller walking increasing offsets can
 * resume where it was): the line holding `offset`. An offset before starts[from] gives
 * `from`, one past the end gives `to`. Binary search: O(log n).
 */
export function lineIndexAt(starts: ArrayLike<number>, offset: number, from = 0, to = starts.length - 1): number {
  let lo = from;
  let hi = to;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
