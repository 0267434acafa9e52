import { diffLineArrays as coreDiffLineArrays } from '../core/diff/lineDiff';
import type { ChangedRange } from './types';

/**
 * Splits text into lines the way tree-sitter counts rows: on "\n", with a trailing "\r"
 * kept out of the line. A final newline yields a last empty line, so a text of N lines
 * ending in "\n" has N + 1 entries; both sides of a diff are split alike, so this is harmless.
 */
export function splitLines(text: string): string[] {
  return text.split(/\r?\n/);
}

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
