import { applyUnifiedDiff } from '../core/patch';
import { fail } from '../core/types';
import { engineFailure } from './engine-failure';
import { EditRequest, runEdit } from './edit-pipeline';
import { proposedTextOf } from './proposed-text';
import type { ToolDefinition } from './tool-runner';
import { isMultiFilePatch, runMultiFilePatch, SafePatchInput } from './safe-patch-multi';

export type { SafePatchInput };

/** safe_patch: a unified diff applied to exactly the version the agent read, all hunks or none. */
export const safePatchTool: ToolDefinition<SafePatchInput> = {
  name: 'safe_patch',
  prepare: (input) => ({ invocationMessage: input.path !== undefined ? `Patching ${String(input.path)}` : 'Patching several files' }),
  invoke: (input, ctx) => (isMultiFilePatch(input) ? runMultiFilePatch(ctx, input) : runEdit(ctx, editRequestOf(input))),
  // the chat's confirmation previews one file; a multi-file call asks its consent per file in invoke
  proposedText: (input, current) => (isMultiFilePatch(input) ? undefined : proposedTextOf(editRequestOf(input), current)),
};

/** The edit this call asks for; invoke runs it, prepareInvocation previews its text (sensitive-file consent). */
function editRequestOf(input: SafePatchInput): EditRequest {
  return {
    tool: 'safe_patch',
    path: input.path as string,
    baseSha256: input.base_sha256,
    requireBaseForExisting: true,
    skipValidation: input.skip_validation,
    allowSizeReduce: input.allow_size_reduce,
    plan(current) {
      if (current === undefined) return fail('FILE_NOT_FOUND', 'safe_patch edits existing files; create a new file with write_file.');
      const r = applyUnifiedDiff(current, input.unified_diff);
      if (!r.ok) {
        // A patch that does not fit the file is an invalid patch for the model (and for the
        // failure counter); the engine's finer reason is kept.
        const failure = engineFailure(r.error);
        if (failure.error_type === 'NO_MATCH') return { ok: false, failure: { ...failure, error_type: 'INVALID_PATCH', reason: 'no_match' } };
        return { ok: false, failure };
      }
      const n = r.hunks?.length ?? 0;
      return {
        ok: true,
        plan: {
          newText: r.text,
          changed: r.changed,
          summary: `Applied ${n} hunk${n === 1 ? '' : 's'}${r.tolerance === 'exact' ? '' : ` (tolerance used: ${r.tolerance})`}.`,
          details: { hunks: r.hunks, tolerance: r.tolerance, ...(r.notes?.length ? { engine_notes: r.notes } : {}) },
        },
      };
    },
  };
}
