/**
 * Turn one located hunk (or hunk segment) into line edits on the base.
 *
 * Context lines are never written: the file's own line is kept, so whitespace drift, a typo or
 * smart quotes in the patch's context cannot leak into the file. Removed lines are dropped,
 * added lines are inserted, re-indented when the match needed a consistent indentation shift.
 */
import { HunkLine } from './parse';
import { KeyedLines, Level, Match, OldLine } from './match';
import { LineEdit } from './render';
import { inferIndentMap, isShift, reindent, IndentMap } from '../text/indent';
import { Tier } from './types';

export interface SegmentPlan {
  /** 0-based base index of the first old line. */
  start: number;
  /** Number of old (context + removed) lines. */
  oldLen: number;
  tier: Tier;
  edits: LineEdit[];
}

/** The old side (context and removed lines) of hunk lines. */
export const oldSide = (lines: HunkLine[]): OldLine[] =>
  lines.filter((l) => l.kind !== '+').map((l) => ({ text: l.text, removed: l.kind === '-' }));

export function tierOf(level: Level, map: IndentMap): Tier {
  if (level === Level.Exact) return 'exact';
  if (level === Level.Trailing) return 'whitespace';
  if (level === Level.Loose) return isShift(map) ? 'indent' : 'whitespace';
  if (level === Level.Unicode) return 'unicode';
  return 'fuzzy-context';
}

/**
 * Build the edits of `lines` placed at `match`. Returns a string (the reason) when an added
 * line cannot be re-indented consistently; the caller refuses the hunk.
 */
export function planSegment(file: KeyedLines, lines: HunkLine[], match: Match): SegmentPlan | string {
  const old = oldSide(lines);
  let map: IndentMap = { kind: 'identity' };
  if (match.level >= Level.Loose) {
    const pairs: Array<[string, string]> = [];
    old.forEach((l, j) => {
      if (match.fuzzy?.index !== j) pairs.push([l.text, file.lines[match.start + j]]);
    });
    map = inferIndentMap(pairs);
    // The edit's indentation relates to the file's in no consistent way: where its added
    // lines belong (Python blocks, YAML nesting) cannot be told, so refuse rather than guess.
    if (map.kind === 'none' && lines.some((l) => l.kind === '+' && l.text.trim() !== '')) {
      return 'its indentation differs from the file\'s inconsistently, so the indentation of the added lines cannot be inferred';
    }
  }
  const edits: LineEdit[] = [];
  let run: LineEdit | null = null;
  let ptr = match.start;
  for (const l of lines) {
    if (l.kind === ' ') {
      if (run) edits.push(run);
      run = null;
      ptr++;
    } else if (l.kind === '-') {
      run ??= { start: ptr, end: ptr, lines: [] };
      ptr++;
      run.end = ptr;
    } else {
      run ??= { start: ptr, end: ptr, lines: [] };
      const t = reindent(l.text, map);
      if (t === null) return `added line '${l.text.trim().slice(0, 80)}' cannot take the indentation shift the match needed`;
      run.lines.push(t);
    }
  }
  if (run) edits.push(run);
  return { start: match.start, oldLen: old.length, tier: tierOf(match.level, map), edits };
}
