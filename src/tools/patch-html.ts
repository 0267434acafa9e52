import { runEdit } from './edit-pipeline';
import { PatchHtmlInput, patchHtmlEdit } from './edit-requests';
import { proposedTextOf } from './proposed-text';
import type { ToolDefinition } from './tool-runner';

export type { PatchHtmlInput };

/** patch_html: #id-addressed element edits, validated on a parsed copy, all or nothing. */
export const patchHtmlTool: ToolDefinition<PatchHtmlInput> = {
  name: 'patch_html',
  prepare: (input) => ({ invocationMessage: `Patching HTML in ${String(input.path)}` }),
  invoke: (input, ctx) => runEdit(ctx, patchHtmlEdit(input)),
  proposedText: (input, current) => proposedTextOf(patchHtmlEdit(input), current),
};
