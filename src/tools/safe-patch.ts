import { runEdit } from './edit-pipeline';
import { safePatchEdit } from './edit-requests';
import { proposedTextOf } from './proposed-text';
import type { ToolDefinition } from './tool-runner';
import { isMultiFilePatch, runMultiFilePatch, SafePatchInput } from './safe-patch-multi';

export type { SafePatchInput };

/** safe_patch: a unified diff applied to exactly the version the agent read, all hunks or none. */
export const safePatchTool: ToolDefinition<SafePatchInput> = {
  name: 'safe_patch',
  prepare: (input) => ({ invocationMessage: input.path !== undefined ? `Patching ${String(input.path)}` : 'Patching several files' }),
  invoke: (input, ctx) => (isMultiFilePatch(input) ? runMultiFilePatch(ctx, input) : runEdit(ctx, safePatchEdit({ ...input, path: input.path as string }))),
  // the chat's confirmation previews one file; a multi-file call asks its consent per file in invoke
  proposedText: (input, current) => (isMultiFilePatch(input) ? undefined : proposedTextOf(safePatchEdit({ ...input, path: input.path as string }), current)),
};
