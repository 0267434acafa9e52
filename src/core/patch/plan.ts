/**
 * Turn one located hunk (or hunk segment) into line edits on the base.
 *
 * Context lines are never written: the file's own line is kept, so whitespace drift, a typo or
 * smart quotes in the patch's context cannot leak into the file. Removed lines are dropped,
 * added lines are inserted, re-indented when the match needed a consistent indentation shift.
 */
import { Hunk, HunkLine } from './parse';
import { KeyedLines, Level, Match, OldLine } from './match';
import { LineEdit } from './render';
import { inferIndentMap, isShift, reindent, IndentMap } from '../text/indent';
import { Tier } from './types';
import { readNewIndent, describeIndentConflict } from '../text/newIndent';

/**
 * One hunk's candidate placements, all at the strictest level that matched. Candidates are
 * known by where they start; their segment plans are made when first asked for, so that a hunk
 * matching 300,000 identical lines costs 300,000 numbers, not 300,000 plans.
 */
export interface HunkCandidates {
  hunk: Hunk;
  /** The 0-based start line of each candidate's first segment, ascending. */
  starts: number[];
  /** Every candidate is one segment matched at the exact tier. */
  allExact: boolean;
  /** Candidate i's segment plans (made on first use, then kept). */
  plans(i: number): SegmentPlan[];
  elided?: boolean;
}

export interface SegmentPlan {
  /** 0-based base index of the first old line. */
  start: number;
  /** Number of old (context + removed) lines. */
  oldLen: number;
  tier: Tier;
  edits: LineEdit[];
  /** Said in the result: e.g. removed lines that matched only ignoring whitespace. */
  note?: string;
}

/** The old side (context and removed lines) of hunk lines. */
export const oldSide = (lines: HunkLine[]): OldLine[] => {
  const pinned = insertionNeighbours(lines);
  const out: OldLine[] = [];
  lines.forEach((l, k) => {
    if (l.kind === '+') return;
    out.push(pinned[k] ? { text: l.text, removed: false, pinned: true } : { text: l.text, removed: l.kind === '-' });
  });
  return out;
};

/**
 * For each hunk line: true for a context line directly before or after a pure insertion (a
 * run of added lines with no removed line in it). Those neighbours alone say where the
 * insertion goes; a block that removes lines is placed by its removed lines, which must
 * match anyway.
 */
function insertionNeighbours(lines: HunkLine[]): boolean[] {
  const out = new Array<boolean>(lines.length).fill(false);
  let k = 0;
  while (k < lines.length) {
    if (lines[k].kind === ' ') {
      k++;
      continue;
    }
    let j = k;
    let removes = false;
    for (; j < lines.length && lines[j].kind !== ' '; j++) if (lines[j].kind === '-') removes = true;
    if (!removes) {
      if (k > 0) out[k - 1] = true;
      if (j < lines.length) out[j] = true;
    }
    k = j;
  }
  return out;
}

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
  let note: string | undefined;
  if (match.level >= Level.Loose) {
    const pairs: Array<[string, string]> = [];
    const pairAt: number[] = []; // old-side index of each pair
    old.forEach((l, j) => {
      if (match.fuzzy?.index !== j) {
        pairs.push([l.text, file.lines[match.start + j]]);
        pairAt.push(j);
      }
    });
    map = inferIndentMap(pairs);
    if (map.kind === 'none') {
      const r = removedLinesOwnIndent(file, lines, match);
      if (typeof r === 'string') return r;
      if (r) {
        map = r.map;
        note = r.note;
      }
    }
    // The edit's indentation relates to the file's in no consistent way: where its added
    // lines belong (Python blocks, YAML nesting) cannot be told, so refuse rather than guess.
    if (map.kind === 'none' && lines.some((l) => l.kind === '+' && l.text.trim() !== '')) {
      const conflict = describeIndentConflict(pairs, (k) => `old line ${pairAt[k] + 1} (${old[pairAt[k]].removed ? 'removed' : 'context'} '${old[pairAt[k]].text.trim().slice(0, 60)}')`);
      return `its indentation differs from the file's inconsistently (${conflict}), so the indentation of the added lines cannot be inferred`;
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
  return { start: match.start, oldLen: old.length, tier: tierOf(match.level, map), edits, ...(note ? { note } : {}) };
}

/**
 * Context lines at the file's own indentation and removed lines indented differently (the
 * whitespace tolerance context lines get, which removed lines get too): the added lines are
 * placed by the same rule as new_text in search/replace (written at the removed lines'
 * indentation: shifted like them; at the file's: kept; neither: refused). Null when the
 * context does not match the file's indentation exactly or the removed lines are not shifted
 * consistently: the caller's rule applies.
 */
function removedLinesOwnIndent(file: KeyedLines, lines: HunkLine[], match: Match): { map: IndentMap; note: string } | string | null {
  const ctx: Array<[string, string]> = [];
  const rem: string[] = [];
  const remFile: string[] = [];
  const remAt: number[] = [];
  const added: string[] = [];
  let ptr = match.start;
  let j = 0;
  for (const l of lines) {
    if (l.kind === '+') {
      added.push(l.text);
      continue;
    }
    if (l.kind === ' ' && match.fuzzy?.index !== j && l.text.trim()) ctx.push([l.text, file.lines[ptr]]);
    if (l.kind === '-') {
      rem.push(l.text);
      remFile.push(file.lines[ptr]);
      remAt.push(ptr);
    }
    ptr++;
    j++;
  }
  if (!ctx.length || inferIndentMap(ctx).kind !== 'identity') return null;
  const remMap = inferIndentMap(rem.map((t, k): [string, string] => [t, remFile[k]]));
  if (!isShift(remMap)) return null;
  const reading = readNewIndent(rem, remFile, added);
  if (reading === 'ambiguous') return 'its removed lines are indented differently from the file, and the added lines fit neither their indentation nor the file\'s';
  const first = rem.findIndex((t, k) => t !== remFile[k]);
  return {
    map: reading === 'keep' ? { kind: 'identity' } : remMap,
    note: `removed line '${rem[first].trim().slice(0, 80)}' matched the file only ignoring whitespace (file line ${remAt[first] + 1} is indented differently)`,
  };
}
