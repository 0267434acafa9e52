import { runEdit } from './edit-pipeline';
import { EditLinesInput, editLinesEdit } from './edit-requests';
import { proposedTextOf } from './proposed-text';
import type { ToolDefinition } from './tool-runner';

export type { EditLinesInput };

/** edit_lines: a line-addressed insert/replace/delete on the version the agent read, with duplicate detection. */
export const editLinesTool: ToolDefinition<EditLinesInput> = {
  name: 'edit_lines',
  prepare: (input) => ({ invocationMessage: `Editing lines of ${String(input.path)}` }),
  invoke: (input, ctx) => runEdit(ctx, editLinesEdit(input, ctx.services.settings().duplicateWindowLines)),
  proposedText: (input, current, services) => proposedTextOf(editLinesEdit(input, services.settings().duplicateWindowLines), current),
};
