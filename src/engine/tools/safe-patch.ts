import { runEdit } from '../edit/edit-pipeline';
import { safePatchEdit, safePatchPlanOf } from '../edit/edit-requests';
import { computedFirst } from './computed-first';
import { proposedTextOf } from '../edit/proposed-text';
import type { ToolDefinition } from '../runner';
import { isMultiFilePatch, multiFilePatchRequest, runMultiFilePatch, SafePatchInput } from './safe-patch-multi';
import { isMultiFileRequest } from '../edit/multi-file-pipeline';

export type { SafePatchInput };

/** safe_patch: a unified diff applied to exactly the version the agent read, all hunks or none. */
export const safePatchTool: ToolDefinition<SafePatchInput> = {
  name: 'safe_patch',
  progress: (input) => (input.path !== undefined ? `Patching ${String(input.path)}` : 'Patching several files'),
  invoke: async (input, ctx) => {
    if (isMultiFilePatch(input)) return runMultiFilePatch(ctx, input);
    const edit = safePatchEdit({ ...input, path: input.path as string });
    // computed first, off the host's thread when large or costly (computed-first.ts)
    return runEdit(ctx, await computedFirst(ctx, edit, (base) => ({ kind: 'unified_diff', base, patch: input.unified_diff }), safePatchPlanOf));
  },
  // the chat's confirmation: one file's text, or a multi-file call's protected files (multi-file-confirmation.ts)
  proposedText: (input, current) => (isMultiFilePatch(input) ? undefined : proposedTextOf(safePatchEdit({ ...input, path: input.path as string }), current)),
  multiFileRequest: (input) => {
    if (!isMultiFilePatch(input)) return undefined;
    const req = multiFilePatchRequest(input);
    return isMultiFileRequest(req) ? req : undefined;
  },
};
