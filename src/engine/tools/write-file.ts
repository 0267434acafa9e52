import { runEdit } from '../edit/edit-pipeline';
import { WriteFileInput, writeFileEdit } from '../edit/edit-requests';
import { proposedTextOf } from '../edit/proposed-text';
import type { ToolDefinition } from '../runner';

export type { WriteFileInput };

/**
 * write_file: a whole-file write, guarded: overwriting needs the hash of the version read,
 * a catastrophic shrink is refused (by the pipeline, as for every tool), and "... existing
 * code ..." placeholders never replace real code.
 */
export const writeFileTool: ToolDefinition<WriteFileInput> = {
  name: 'write_file',
  progress: (input) => `Writing ${String(input.path)}`,
  invoke: (input, ctx) => runEdit(ctx, writeFileEdit(input)),
  proposedText: (input, current) => proposedTextOf(writeFileEdit(input), current),
};
