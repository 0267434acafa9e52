import { fail } from '../../core/types';
import { splitLinesKeepEnds } from '../../core/diff';
import { lineCount } from '../../files/decode';
import type { EolKind } from '../../files/decode';
import { failureResult, successResult, ToolResultJson } from './tool-result';

export interface ReadFileInput {
  path: string;
  start_line?: number;
  end_line?: number;
}

/**
 * safe_read_file's answer for a text that was read (no `vscode`; the extension and the headless
 * server read differently): the content, whole or the asked line range, with the sha256 of the
 * WHOLE text, so that a partial read still gives the hash every editing tool checks.
 */
export function readResult(displayPath: string, current: { text: string; sha256: string; eol: EolKind; bom: boolean; isDirty?: boolean }, input: ReadFileInput): ToolResultJson {
  const total = lineCount(current.text);
  const start = input.start_line ?? 1;
  const end = input.end_line ?? Math.max(total, start - 1);
  const range = checkRange(start, end, total, input.start_line !== undefined || input.end_line !== undefined);
  if (!range.ok) return failureResult(range.failure, { path: displayPath, line_count: total, sha256: current.sha256 });
  const whole = start === 1 && end >= total;
  const content = whole ? current.text : splitLinesKeepEnds(current.text).slice(start - 1, end).join('');
  return successResult(whole ? `${displayPath}: ${total} lines.` : `${displayPath}: lines ${start}-${end} of ${total}.`, {
    path: displayPath,
    sha256: current.sha256,
    line_count: total,
    eol: current.eol,
    ...(whole ? {} : { start_line: start, end_line: end }),
    ...(current.bom ? { bom: true } : {}),
    ...(current.isDirty ? { unsaved_changes: true } : {}),
    content,
  });
}

function checkRange(start: number, end: number, total: number, explicit: boolean) {
  if (!explicit) return { ok: true as const };
  if (end < start) return fail('LINE_RANGE_OUT_OF_BOUNDS', `end_line (${end}) is before start_line (${start}).`);
  if (total === 0) return fail('LINE_RANGE_OUT_OF_BOUNDS', 'The file is empty (0 lines); read it without a line range.');
  if (start > total) return fail('LINE_RANGE_OUT_OF_BOUNDS', `start_line ${start} is past the end of the file (${total} lines).`);
  if (end > total) return fail('LINE_RANGE_OUT_OF_BOUNDS', `end_line ${end} is past the end of the file (${total} lines); use end_line ${total} or omit it.`);
  return { ok: true as const };
}
