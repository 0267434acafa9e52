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
  const sorted = [...edits].sort((a, b) => a.start - b.start || a.end - b.end);
  const offs = lineOffsets(m);
  const N = m.lines.length;
  // Plain concatenation: V8 builds a rope in O(edits) instead of copying the whole text.
  let out = m.bom ? '\uFEFF' : '';
  let pos = 0;
  let touchesEnd = false;
  let lastEol = '\n';
  for (const e of sorted) {
    out += m.raw.slice(offs[pos], offs[e.start]);
    if (e.end === N) touchesEnd = true;
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
  out += m.raw.slice(offs[pos], offs[N]);
  if (!touchesEnd) return out;
  const bodyStart = m.bom ? 1 : 0;
  const endsWithEol = out.endsWith('\n');
  if (endsWithEol && !finalNewline) {
    out = out.slice(0, out.endsWith('\r\n') && out.length - 2 >= bodyStart ? -2 : -1);
  } else if (!endsWithEol && finalNewline && out.length > bodyStart) {
    out += N > 0 ? (eolAt(m, N - 1) || (N > 1 ? eolAt(m, N - 2) : '') || lastEol) : lastEol;
  }
  return out;
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

/** The 0-based line index in the new text of base line `baseIndex` (or of the insertion point there). */
export function mapToNew(edits: LineEdit[], baseIndex: number): number {
  let delta = 0;
  for (const e of edits) if (e.end <= baseIndex && !(e.start === e.end && e.start === baseIndex)) delta += e.lines.length - (e.end - e.start);
  return baseIndex + delta;
}
