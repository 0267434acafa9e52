import { splitLinesKeepEnds } from './lines';
import { diffLineArrays } from './lineDiff';

/**
 * How many lines a change from `oldText` to `newText` adds and removes, as a unified diff
 * of the two would count its '+' and '-' lines. A line whose only change is its
 * terminator (e.g. the last line gaining a final newline) counts as one removed and one
 * added, as in `diff`.
 */
export function diffLineCounts(oldText: string, newText: string): { added: number; removed: number } {
  if (oldText === newText) return { added: 0, removed: 0 };
  let added = 0;
  let removed = 0;
  for (const c of diffLineArrays(splitLinesKeepEnds(oldText), splitLinesKeepEnds(newText))) {
    removed += c.aEnd - c.aStart;
    added += c.bEnd - c.bStart;
  }
  return { added, removed };
}
