import { failureResult, ToolResultJson } from '../tools/tool-result';
import { ReadFileInput, readResult } from '../tools/read-result';
import type { HeadlessContext } from './context';
import { readDiskText } from '../workspace/disk-text';
import { resolveHeadless } from './target';

export type { ReadFileInput };

/** safe_read_file: the disk's text with the sha256 of the WHOLE text (as tools/read-file.ts). */
export async function headlessReadFile(ctx: HeadlessContext, input: ReadFileInput): Promise<ToolResultJson> {
  const resolved = await resolveHeadless(ctx, input.path, { forWrite: false, allowCreate: false });
  if (!resolved.ok) return failureResult(resolved.failure);
  const { target } = resolved;
  const read = await readDiskText(target.realPath, target.displayPath, ctx.settings.maxFileBytes);
  if (!read.ok) return failureResult(read.failure, { path: target.displayPath });
  return readResult(target.displayPath, read.current, input);
}
