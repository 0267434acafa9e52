import { runEdit } from '../edit/edit-pipeline';
import { EditLinesInput, editLinesEdit } from '../edit/edit-requests';
import { proposedTextOf } from '../edit/proposed-text';
import type { ToolDefinition } from '../runner';

export type { EditLinesInput };

/** edit_lines: a line-addressed insert/replace/delete on the version the agent read, with duplicate detection. */
export const editLinesTool: ToolDefinition<EditLinesInput> = {
  name: 'edit_lines',
  progress: (input) => `Editing lines of ${String(input.path)}`,
  invoke: (input, ctx) => runEdit(ctx, editLinesEdit(input, ctx.host.settings().duplicateWindowLines)),
  proposedText: (input, current, services) => proposedTextOf(editLinesEdit(input, services.settings().duplicateWindowLines), current),
};
