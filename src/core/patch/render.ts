/**
 * Build the new text from the base LineModel and a set of line edits, copying every untouched
 * byte from the base (so terminators, BOM and odd bytes outside the edits survive exactly).
 */
import { LineModel, eolAt, dominantEol, lineOffsets } from '../text/lines';
import { ChangedRange } from './types';

/**
 * Replace base lines [start, end) (0-based) by `lines`. start === end is a pure insertion before
 * `start`. The engine's splice; edit_lines' 1-based request is `LineEditRequest` (core/lines).
 */
export interface LineEdit {
  start: number;
  end: number;
  lines: string[];
}

/**
 * True when two edits collide: their replaced ranges share a line, or one inserts strictly
 * inside the other's range, or both insert at the same point (their order would be a guess).
 */
export function editsOverlap(a: LineEdit, b: LineEdit): boolean {
  if (a.start === a.end && b.start === b.end) return a.start === b.start;
  if (a.start === a.end) return a.start > b.start && a.start < b.end;
  if (b.start === b.end) return b.start > a.start && b.start < a.end;
  return a.start < b.end && b.start < a.end;
}

/**
 * The terminator for an edit's first line when it replaces no line that has one: the style of
 * the lines it replaces, else of the line above, else of the line below, else the file's
 * dominant style. So a CRLF file gets CRLF lines and a mixed file gets the local style.
 */
function insertionEol(m: LineModel, e: LineEdit): string {
  const N = m.lines.length;
  for (let i = e.start; i < e.end; i++) {
    const t = eolAt(m, i);
    if (t) return t;
  }
  if (e.start > 0) {
    const t = eolAt(m, e.start - 1);
    if (t) return t;
  }
  if (e.end < N) {
    const t = eolAt(m, e.end);
    if (t) return t;
  }
  return dominantEol(m);
}

/**
 * Render the new text. `edits` must be non-overlapping (any order). `finalNewline` says whether
 * the result ends with a terminator (default: as the base does); it only matters when an edit
 * touches the end of the file, since untouched tails are copied as they are.
 */
export function renderEdits(m: LineModel, edits: LineEdit[], finalNewline = m.finalNewline): string {
  const w = renderWindow(m, edits, finalNewline);
  // Plain concatenation: V8 builds a rope in O(edits) instead of copying the whole text.
  return m.raw.slice(0, w.start) + w.text + m.raw.slice(w.end);
}

/**
 * The part of the new text that differs from the base: the new text is
 * `raw.slice(0, start) + text + raw.slice(end)`. `start` and `end` are line starts of the base
 * (or its ends), and `startLine` / `endLine` the indexes of those lines in the base cut as
 * splitLinesKeepEnds cuts it, so a caller can compare lines around the edits only (see
 * multi-file/replace-edits.ts). The window begins at the first edit, or one line above it when
 * an edit reaches the end of the file (the final newline is decided there).
 */
export function renderWindow(m: LineModel, edits: LineEdit[], finalNewline = m.finalNewline): { start: number; end: number; text: string; startLine: number; endLine: number } {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const offs = lineOffsets(m);
  const N = m.lines.length;
  const keepLines = N === 0 && m.bom ? 1 : N; // a lone BOM is one line of its own
  if (!sorted.length) return { start: m.raw.length, end: m.raw.length, text: '', startLine: keepLines, endLine: keepLines };
  const touchesEnd = sorted.some((e) => e.end === N);
  let first = sorted[0].start;
  if (touchesEnd && first > 0) first--;
  // line 0 holds the BOM: a window from the top starts at the text's first character
  const start = first === 0 ? 0 : offs[first];
  let out = m.raw.slice(start, offs[first]);
  let pos = first;
  let lastEol = '\n';
  for (const e of sorted) {
    out += m.raw.slice(offs[pos], offs[e.start]);
    if (e.lines.length) {
      const eol = insertionEol(m, e);
      // the old last line had no terminator and now gets lines after it
      if (e.start === N && N > 0 && eolAt(m, N - 1) === '') out += eol;
      // line k of the edit takes the ending of the line it replaces (line k of the range);
      // lines beyond the range are inserted and take the ending of the line before them
      let prev = eol;
      for (let k = 0; k < e.lines.length; k++) {
        const own = e.start + k < e.end ? eolAt(m, e.start + k) : '';
        const t = own || (k > 0 ? prev : eol);
        out += e.lines[k] + t;
        prev = t;
      }
      lastEol = prev;
    }
    pos = e.end;
  }
  // A window from the top holds the BOM, which is part of line 0: it holds all of line 0 then.
  // And it ends at a line end: a BOM left alone (line 0 removed) joins the line after it.
  if (start === 0 && m.bom && pos === 0 && N > 0) {
    out += m.raw.slice(offs[0], offs[1]);
    pos = 1;
  }
  while (out !== '' && !out.endsWith('\n') && pos < N) {
    out += m.raw.slice(offs[pos], offs[pos + 1]);
    pos++;
  }
  const end = pos === N ? m.raw.length : offs[pos];
  const endLine = pos === N ? keepLines : pos;
  if (!touchesEnd) return { start, end, text: out, startLine: first, endLine };
  // the end of the new text is the end of `out` (the window reaches the end of the file)
  const bodyStart = m.bom ? 1 : 0;
  const endsWithEol = out.endsWith('\n');
  if (endsWithEol && !finalNewline) {
    out = out.slice(0, out.endsWith('\r\n') && start + out.length - 2 >= bodyStart ? -2 : -1);
  } else if (!endsWithEol && finalNewline && start + out.length > bodyStart) {
    out += N > 0 ? (eolAt(m, N - 1) || (N > 1 ? eolAt(m, N - 2) : '') || lastEol) : lastEol;
  }
  return { start, end, text: out, startLine: first, endLine };
}

/**
 * The changed regions of the new text, 1-based inclusive, merged when they touch. A pure
 * deletion yields a zero-length range (end_line = start_line - 1) at the deletion point.
 */
export function changedRanges(edits: LineEdit[]): ChangedRange[] {
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const out: ChangedRange[] = [];
  let delta = 0;
  for (const e of sorted) {
    const start = e.start + delta + 1;
    const r = { start_line: start, end_line: start + e.lines.length - 1 };
    delta += e.lines.length - (e.end - e.start);
    const prev = out[out.length - 1];
    if (prev && r.start_line <= prev.end_line + 1 && r.end_line >= r.start_line && prev.end_line >= prev.start_line) {
      prev.end_line = Math.max(prev.end_line, r.end_line);
    } else out.push(r);
  }
  return out;
}

/**
 * The 0-based line index in the new text of a base line (or of the insertion point there),
 * for many lines: the edits are sorted once, then each line costs a binary search (walking
 * every edit per line would be quadratic over a patch's hunks). The edits must not overlap
 * (as renderEdits requires).
 */
export function newLineMapper(edits: LineEdit[]): (baseIndex: number) => number {
  const byEnd = [...edits].sort((a, b) => a.end - b.end);
  const ends = Float64Array.from(byEnd, (e) => e.end);
  // before[k]: the lines the first k edits (by end) add minus those they remove
  const before = new Float64Array(byEnd.length + 1);
  byEnd.forEach((e, k) => (before[k + 1] = before[k] + e.lines.length - (e.end - e.start)));
  return (baseIndex) => {
    // edits ending at or before the line count, except an insertion exactly at it
    let lo = 0;
    let hi = ends.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (ends[mid] <= baseIndex) lo = mid + 1;
      else hi = mid;
    }
    let delta = before[lo];
    for (let k = lo - 1; k >= 0 && ends[k] === baseIndex; k--) {
      const e = byEnd[k];
      if (e.start === e.end) delta -= e.lines.length;
    }
    return baseIndex + delta;
  };
}
