import { applyLineEdit, LineEditMode } from '../core/lines/edit-lines';
import { fail } from '../core/types';
import { EditRequest, runEdit } from './edit-pipeline';
import { proposedTextOf } from './proposed-text';
import type { Services } from './services';
import type { ToolDefinition } from './tool-runner';

export interface EditLinesInput {
  path: string;
  base_sha256: string;
  mode: LineEditMode;
  start_line: number;
  end_line?: number;
  new_lines?: string[];
  check_duplicates?: boolean;
  allow_size_reduce?: boolean;
  skip_validation?: boolean;
}

/** edit_lines: a line-addressed insert/replace/delete on the version the agent read, with duplicate detection. */
export const editLinesTool: ToolDefinition<EditLinesInput> = {
  name: 'edit_lines',
  prepare: (input) => ({ invocationMessage: `Editing lines of ${String(input.path)}` }),
  invoke: (input, ctx) => runEdit(ctx, editRequestOf(input, ctx.services)),
  proposedText: (input, current, services) => proposedTextOf(editRequestOf(input, services), current),
};

/** The edit this call asks for; invoke runs it, prepareInvocation previews its text (sensitive-file consent). */
function editRequestOf(input: EditLinesInput, services: Services): EditRequest {
  const window = services.settings().duplicateWindowLines;
  return {
    tool: 'edit_lines',
    path: input.path,
    baseSha256: input.base_sha256,
    requireBaseForExisting: true,
    skipValidation: input.skip_validation,
    allowSizeReduce: input.allow_size_reduce,
    plan(current) {
      if (current === undefined) return fail('FILE_NOT_FOUND', 'edit_lines edits existing files; create a new file with write_file.');
      const r = applyLineEdit(current, {
        mode: input.mode,
        start_line: input.start_line,
        end_line: input.end_line,
        new_lines: input.new_lines,
        check_duplicates: input.check_duplicates,
        duplicate_window: window,
      });
      if (!r.ok) return r;
      const verb = input.mode === 'insert' ? `Inserted ${r.lines_added} line(s) before line ${input.start_line}` : input.mode === 'delete' ? `Deleted ${r.lines_removed} line(s)` : `Replaced ${r.lines_removed} line(s) with ${r.lines_added}`;
      return { ok: true, plan: { newText: r.text, changed: r.changed, summary: `${verb}.` } };
    },
  };
}
