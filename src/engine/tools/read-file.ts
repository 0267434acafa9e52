import { failureResult, ToolResultJson } from '../results/tool-result';
import { ReadFileInput, readResult } from '../results/read-result';
import type { ToolDefinition } from '../runner';
import type { InvocationContext } from '../host';

export type { ReadFileInput };

/**
 * safe_read_file: the current text (the open editor's buffer when there is one) with the sha256 of
 * the WHOLE text, so that a partial read still gives the hash every editing tool checks.
 */
export const readFileTool: ToolDefinition<ReadFileInput> = {
  name: 'safe_read_file',
  isRead: true,
  progress: (input) => `Reading ${String(input.path)}`,
  async invoke(input: ReadFileInput, ctx: InvocationContext): Promise<ToolResultJson> {
    const settings = ctx.host.settings();
    const resolved = await ctx.host.files.resolve(input.path, { forWrite: false, allowCreate: false });
    if (!resolved.ok) return failureResult(resolved.failure);
    const { target } = resolved;
    const read = await ctx.host.files.readText(target, settings.maxFileBytes);
    if (!read.ok) return failureResult(read.failure, { path: target.displayPath });
    return readResult(target.displayPath, read.current, input);
  },
};
