import { applySearchReplace } from '../core/replace';
import { fail } from '../core/types';
import { engineFailure } from './engine-failure';
import { EditRequest, runEdit } from './edit-pipeline';
import { proposedTextOf } from './proposed-text';
import type { ToolDefinition } from './tool-runner';
import { ReplaceInFileInput, runReplaceEdits, singleEditProblem } from './replace-in-file-multi';

export type { ReplaceInFileInput };

/** replace_in_file: search/replace with the engine's matcher and its uniqueness rule. */
export const replaceInFileTool: ToolDefinition<ReplaceInFileInput> = {
  name: 'replace_in_file',
  prepare: (input) => ({ invocationMessage: input.edits ? 'Editing several places' : `Editing ${String(input.path)}` }),
  invoke: async (input, ctx) => {
    const problem = singleEditProblem(input);
    if (problem) return { success: false, error_type: 'INVALID_INPUT', message: problem };
    return input.edits ? runReplaceEdits(ctx, input) : runEdit(ctx, editRequestOf(input));
  },
  // the chat's confirmation previews one file; `edits` ask their consent per file in invoke
  proposedText: (input, current) => (input.edits || singleEditProblem(input) ? undefined : proposedTextOf(editRequestOf(input), current)),
};

/** The edit this call asks for; invoke runs it, prepareInvocation previews its text (sensitive-file consent). */
function editRequestOf(input: ReplaceInFileInput): EditRequest {
  return {
    tool: 'replace_in_file',
    path: input.path as string,
    baseSha256: input.base_sha256,
    skipValidation: input.skip_validation,
    allowSizeReduce: input.allow_size_reduce,
    plan(current) {
      if (current === undefined) return fail('FILE_NOT_FOUND', 'replace_in_file edits existing files; create a new file with write_file.');
      const r = applySearchReplace(current, input.old_text as string, input.new_text as string, { expectedReplacements: input.expected_replacements });
      if (!r.ok) return { ok: false, failure: engineFailure(r.error) };
      const n = r.replacements ?? 1;
      return {
        ok: true,
        plan: {
          newText: r.text,
          changed: r.changed,
          summary: `Replaced ${n} occurrence${n === 1 ? '' : 's'}${r.tolerance === 'exact' ? '' : ` (tolerance used: ${r.tolerance})`}.`,
          details: { replacements: n, tolerance: r.tolerance, ...(r.notes?.length ? { engine_notes: r.notes } : {}) },
        },
      };
    },
  };
}
