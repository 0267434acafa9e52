import { applyHtmlPatches, HtmlPatch } from '../core/html';
import { fail } from '../core/types';
import { EditRequest, runEdit } from './edit-pipeline';
import { proposedTextOf } from './proposed-text';
import type { ToolDefinition } from './tool-runner';

export interface PatchHtmlInput {
  path: string;
  base_sha256: string;
  patches: HtmlPatch[];
  allow_size_reduce?: boolean;
  skip_validation?: boolean;
}

/** patch_html: #id-addressed element edits, validated on a parsed copy, all or nothing. */
export const patchHtmlTool: ToolDefinition<PatchHtmlInput> = {
  name: 'patch_html',
  prepare: (input) => ({ invocationMessage: `Patching HTML in ${String(input.path)}` }),
  invoke: (input, ctx) => runEdit(ctx, editRequestOf(input)),
  proposedText: (input, current) => proposedTextOf(editRequestOf(input), current),
};

/** The edit this call asks for; invoke runs it, prepareInvocation previews its text (sensitive-file consent). */
function editRequestOf(input: PatchHtmlInput): EditRequest {
  return {
    tool: 'patch_html',
    path: input.path,
    baseSha256: input.base_sha256,
    requireBaseForExisting: true,
    skipValidation: input.skip_validation,
    allowSizeReduce: input.allow_size_reduce,
    plan(current) {
      if (current === undefined) return fail('FILE_NOT_FOUND', 'patch_html edits existing HTML files; create a new file with write_file.');
      const r = applyHtmlPatches(current, input.patches);
      if (!r.ok) {
        const { type, message, ...data } = r.error;
        return { ok: false, failure: { error_type: type, message, ...data } };
      }
      return { ok: true, plan: { newText: r.text, changed: r.changed, summary: `Applied ${r.applied} HTML patch${r.applied === 1 ? '' : 'es'}.` } };
    },
  };
}
