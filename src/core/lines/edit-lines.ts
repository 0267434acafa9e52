import { fail, Result } from '../types';
import type { LineRange } from '../text/range';
import { editableLines, eolNear, joinLines, splitText } from '../text/lines';
import { findNearbyDuplicate } from './duplicates';

export type LineEditMode = 'insert' | 'replace' | 'delete';

/**
 * An edit_lines request as the agent gives it: 1-based, inclusive, with a mode. Not the
 * patch engine's `LineEdit` (core/patch/render.ts), a 0-based half-open splice of the
 * LineModel that the engine's planners produce and `renderEdits` applies.
 */
export interface LineEditRequest {
  mode: LineEditMode;
  /** 1-based. insert: the new lines go before this line (line_count + 1 appends). */
  start_line: number;
  /** 1-based inclusive, for replace/delete; defaults to start_line. */
  end_line?: number;
  new_lines?: string[];
  check_duplicates?: boolean;
  /** Lines around the target searched for an existing copy of inserted lines (0 disables). */
  duplicate_window?: number;
}

/**
 * Applies one line-addressed edit. Line endings of untouched lines are kept byte for byte;
 * a replacing line takes the ending of the line it replaces, an inserted line that of the
 * line before it (of the line after it at the top of the file); a file without a final
 * newline keeps that unless lines are appended after its last line (which then needs one
 * to separate them).
 * Failures: LINE_RANGE_OUT_OF_BOUNDS, INVALID_INPUT, DUPLICATE_CONTENT.
 */
export function applyLineEdit(text: string, edit: LineEditRequest): Result<{ text: string; changed: LineRange[]; lines_added: number; lines_removed: number }> {
  const model = editableLines(splitText(text));
  const total = model.lines.length;
  const newLines = edit.new_lines ?? [];
  if (newLines.some((l) => /[\r\n]/.test(l))) {
    return fail('INVALID_INPUT', 'new_lines must not contain line breaks: give one array element per line.', { field: 'new_lines' });
  }
  const start = edit.start_line;
  if (edit.mode === 'insert') {
    if (start > total + 1) return fail('LINE_RANGE_OUT_OF_BOUNDS', `start_line ${start} is past the end: the file has ${total} lines, so insert before 1..${total + 1} (${total + 1} appends).`, { line_count: total });
    if (newLines.length === 0) return fail('INVALID_INPUT', 'insert needs new_lines.', { field: 'new_lines' });
    if (edit.check_duplicates !== false && (edit.duplicate_window ?? 10) > 0) {
      const dup = findNearbyDuplicate(model.lines, start - 1, newLines, edit.duplicate_window ?? 10);
      if (dup) {
        return fail('DUPLICATE_CONTENT', `The lines you are inserting already stand at lines ${dup.start_line}-${dup.end_line}, within ${edit.duplicate_window ?? 10} lines of line ${start}. Nothing was inserted. If you really want a second copy, call again with check_duplicates: false.`, {
          existing_lines: dup,
        });
      }
    }
    const eol = eolNear(model.ends, start - 1);
    const at = start - 1;
    // Appending after a last line that has no newline: that line needs one now.
    if (at === total && total > 0 && model.ends[total - 1] === '') model.ends[total - 1] = eol;
    const appendingAtEnd = at === total;
    const newEols = newLines.map((_, i) => (appendingAtEnd && i === newLines.length - 1 && total > 0 && !text.endsWith('\n') ? '' : eol));
    model.lines.splice(at, 0, ...newLines);
    model.ends.splice(at, 0, ...newEols);
    return { ok: true, text: joinLines(model.lines, model.ends), changed: [{ start_line: start, end_line: start + newLines.length - 1 }], lines_added: newLines.length, lines_removed: 0 };
  }

  const end = edit.end_line ?? start;
  if (end < start) return fail('LINE_RANGE_OUT_OF_BOUNDS', `end_line (${end}) is before start_line (${start}).`);
  if (total === 0) return fail('LINE_RANGE_OUT_OF_BOUNDS', 'The file is empty; use mode "insert" with start_line 1.');
  if (start > total || end > total) return fail('LINE_RANGE_OUT_OF_BOUNDS', `Lines ${start}-${end} are out of range: the file has ${total} lines.`, { line_count: total });
  if (edit.mode === 'replace' && edit.new_lines === undefined) return fail('INVALID_INPUT', 'replace needs new_lines (use mode "delete" to remove lines).', { field: 'new_lines' });
  const replacement = edit.mode === 'delete' ? [] : newLines;
  const lastEol = model.ends[end - 1];
  // As the patch engine does: new line k takes the ending of the line it replaces (line k of
  // the range), a line beyond the range the ending of the line before it; the file's last
  // line keeps having none when it had none.
  const eols: string[] = [];
  let prev = eolNear(model.ends, start - 1);
  for (let k = 0; k < replacement.length; k++) {
    const own = start - 1 + k <= end - 1 ? model.ends[start - 1 + k] : '';
    prev = own || prev;
    eols.push(prev);
  }
  if (end === total && lastEol === '' && eols.length > 0) eols[eols.length - 1] = '';
  model.lines.splice(start - 1, end - start + 1, ...replacement);
  model.ends.splice(start - 1, end - start + 1, ...eols);
  // Deleting the last lines of a file without a final newline: the new last line loses its ending too.
  if (replacement.length === 0 && end === total && lastEol === '' && start > 1) model.ends[start - 2] = '';
  return {
    ok: true,
    text: joinLines(model.lines, model.ends),
    changed: [{ start_line: start, end_line: start + replacement.length - 1 }],
    lines_added: replacement.length,
    lines_removed: end - start + 1,
  };
}
