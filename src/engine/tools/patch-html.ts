import { runEdit } from '../edit/edit-pipeline';
import { PatchHtmlInput, patchHtmlEdit } from '../edit/edit-requests';
import { proposedTextOf } from '../edit/proposed-text';
import type { ToolDefinition } from '../runner';

export type { PatchHtmlInput };

/** patch_html: #id-addressed element edits, validated on a parsed copy, all or nothing. */
export const patchHtmlTool: ToolDefinition<PatchHtmlInput> = {
  name: 'patch_html',
  progress: (input) => `Patching HTML in ${String(input.path)}`,
  invoke: (input, ctx) => runEdit(ctx, patchHtmlEdit(input)),
  proposedText: (input, current) => proposedTextOf(patchHtmlEdit(input), current),
};
