import { diffLineArrays as coreDiffLineArrays } from '../core/diff/lineDiff';
import type { ChangedRange } from './types';
import { splitRows } from '../core/text/split';

/**
 * Splits text into lines the way tree-sitter counts rows: the text kit's `splitRows` (a final
 * newline yields a last empty line; both sides of a diff are split alike, so this is harmless).
 */
export const splitLines = splitRows;

/**
 * The changed line blocks between `base` and `candidate`, in order, as 1-based ranges: the
 * project's one line diff (src/core/diff, Myers with prefix/suffix trimming), in this
 * layer's range shape. Identical texts yield [].
 */
export function diffLineRanges(base: string, candidate: string): ChangedRange[] {
  return diffLineArrays(splitLines(base), splitLines(candidate));
}

/** As diffLineRanges, on already split lines. */
export function diffLineArrays(a: string[], b: string[]): ChangedRange[] {
  return coreDiffLineArrays(a, b).map((c) => ({
    baseStartLine: c.aStart + 1,
    baseLineCount: c.aEnd - c.aStart,
    candidateStartLine: c.bStart + 1,
    candidateLineCount: c.bEnd - c.bStart,
  }));
}
