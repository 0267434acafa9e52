import { readCurrentText } from '../workspace/current-text';
import { resolveTarget } from '../workspace/resolve-target';
import { failureResult, ToolResultJson } from './tool-result';
import { ReadFileInput, readResult } from './read-result';
import type { InvocationContext, ToolDefinition } from './tool-runner';

export type { ReadFileInput };

/**
 * safe_read_file: the current text (the open editor's buffer when there is one) with the sha256 of
 * the WHOLE text, so that a partial read still gives the hash every editing tool checks.
 */
export const readFileTool: ToolDefinition<ReadFileInput> = {
  name: 'safe_read_file',
  isRead: true,
  prepare: (input) => ({ invocationMessage: `Reading ${String(input.path)}` }),
  async invoke(input: ReadFileInput, ctx: InvocationContext): Promise<ToolResultJson> {
    const settings = ctx.services.settings();
    const resolved = await resolveTarget(input.path, { forWrite: false, allowCreate: false, protectedDirs: [] });
    if (!resolved.ok) return failureResult(resolved.failure);
    const { target } = resolved;
    const read = await readCurrentText(target.uri, target.displayPath, settings.maxFileBytes);
    if (!read.ok) return failureResult(read.failure, { path: target.displayPath });
    return readResult(target.displayPath, read.current, input);
  },
};
