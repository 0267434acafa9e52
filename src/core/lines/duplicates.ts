/**
 * Finds a copy of `block` (compared ignoring leading/trailing whitespace) standing within
 * `window` lines of index `at` in `lines` — the "same if (argc != 2) block inserted twice"
 * incident. Blank-only blocks never count as duplicates (inserting an empty line is normal),
 * and neither do blocks made only of closing punctuation such as "}" alone.
 * Returns 1-based line numbers of the existing copy.
 */
export function findNearbyDuplicate(lines: string[], at: number, block: string[], window: number): { start_line: number; end_line: number; lines: string[] } | undefined {
  const wanted = block.map((l) => l.trim());
  const meaningful = wanted.filter((l) => l.length > 0 && !/^[\])};,]+$/.test(l));
  if (meaningful.length === 0) return undefined;
  // Compare on the meaningful lines only, so blank-line differences do not hide a copy.
  const first = Math.max(0, at - window - wanted.length);
  const last = Math.min(lines.length - 1, at + window);
  const norm = lines.map((l) => l.trim());
  for (let i = first; i <= last; i++) {
    if (norm[i] !== meaningful[0]) continue;
    let j = i;
    let k = 0;
    const matched: number[] = [];
    while (j < lines.length && k < meaningful.length) {
      if (norm[j] === '') {
        j++;
        continue;
      }
      if (norm[j] !== meaningful[k]) break;
      matched.push(j);
      j++;
      k++;
    }
    if (k === meaningful.length) {
      const s = matched[0];
      const e = matched[matched.length - 1];
      if (e >= at - window - 1 && s <= at + window) return { start_line: s + 1, end_line: e + 1, lines: lines.slice(s, e + 1) };
    }
  }
  return undefined;
}
