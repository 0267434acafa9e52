import { fail } from '../core/types';
import { splitLinesKeepEnds } from '../core/diff';
import { lineCount } from '../workspace/decode';
import { failureResult, successResult, ToolResultJson } from '../tools/tool-result';
import type { HeadlessContext } from './context';
import { readDiskText } from '../workspace/disk-text';
import { resolveHeadless } from './target';

export interface ReadFileInput { path: string; start_line?: number; end_line?: number }

/** safe_read_file: the disk's text with the sha256 of the WHOLE text (as tools/read-file.ts). */
export async function headlessReadFile(ctx: HeadlessContext, input: ReadFileInput): Promise<ToolResultJson> {
  const resolved = await resolveHeadless(ctx, input.path, { forWrite: false, allowCreate: false });
  if (!resolved.ok) return failureResult(resolved.failure);
  const { target } = resolved;
  const read = await readDiskText(target.realPath, target.displayPath, ctx.settings.maxFileBytes);
  if (!read.ok) return failureResult(read.failure, { path: target.displayPath });
  const { current } = read;
  const total = lineCount(current.text);
  const start = input.start_line ?? 1;
  const end = input.end_line ?? Math.max(total, start - 1);
  const range = checkRange(start, end, total, input.start_line !== undefined || input.end_line !== undefined);
  if (!range.ok) return failureResult(range.failure, { path: target.displayPath, line_count: total, sha256: current.sha256 });
  const whole = start === 1 && end >= total;
  const content = whole ? current.text : splitLinesKeepEnds(current.text).slice(start - 1, end).join('');
  return successResult(whole ? `${target.displayPath}: ${total} lines.` : `${target.displayPath}: lines ${start}-${end} of ${total}.`, {
    path: target.displayPath,
    sha256: current.sha256,
    line_count: total,
    eol: current.eol,
    ...(whole ? {} : { start_line: start, end_line: end }),
    ...(current.bom ? { bom: true } : {}),
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
