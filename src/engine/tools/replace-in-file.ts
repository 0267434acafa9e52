import { runEdit } from '../edit/edit-pipeline';
import { replaceEdit, replacePlanOf } from '../edit/edit-requests';
import { computedFirst } from './computed-first';
import { proposedTextOf } from '../edit/proposed-text';
import type { ToolDefinition } from '../runner';
import { ReplaceInFileInput, replaceEditsRequest, runReplaceEdits, singleEditProblem } from './replace-in-file-multi';
import { isMultiFileRequest } from '../edit/multi-file-pipeline';

export type { ReplaceInFileInput };

/** replace_in_file: search/replace with the engine's matcher and its uniqueness rule. */
export const replaceInFileTool: ToolDefinition<ReplaceInFileInput> = {
  name: 'replace_in_file',
  progress: (input) => input.edits ? 'Editing several places' : `Editing ${String(input.path)}`,
  invoke: async (input, ctx) => {
    const problem = singleEditProblem(input);
    if (problem) return { success: false, error_type: 'INVALID_INPUT', message: problem };
    if (input.edits) return runReplaceEdits(ctx, input);
    const one = single(input);
    // computed first, off the host's thread when large or costly (computed-first.ts)
    const job = (base: string) => ({ kind: 'search_replace' as const, base, oldText: one.old_text, newText: one.new_text, expectedReplacements: one.expected_replacements });
    return runEdit(ctx, await computedFirst(ctx, replaceEdit(one), job, replacePlanOf));
  },
  // the chat's confirmation: one file's text, or the protected files of `edits` (multi-file-confirmation.ts)
  proposedText: (input, current) => (input.edits || singleEditProblem(input) ? undefined : proposedTextOf(replaceEdit(single(input)), current)),
  multiFileRequest: (input) => {
    if (!input.edits || singleEditProblem(input)) return undefined;
    const req = replaceEditsRequest(input);
    return isMultiFileRequest(req) ? req : undefined;
  },
};

/** The one-edit form (path, old_text, new_text), once singleEditProblem found it whole. */
function single(input: ReplaceInFileInput) {
  return { ...input, path: input.path as string, old_text: input.old_text as string, new_text: input.new_text as string };
}
