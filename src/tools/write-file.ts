import { findElisionMarkers } from '../core/elision';
import { fail } from '../core/types';
import { EditRequest, runEdit } from './edit-pipeline';
import { proposedTextOf } from './proposed-text';
import type { ToolDefinition } from './tool-runner';

export interface WriteFileInput {
  path: string;
  content: string;
  base_sha256?: string;
  allow_size_reduce?: boolean;
  create_dirs?: boolean;
  skip_validation?: boolean;
}

/**
 * write_file: a whole-file write, guarded: overwriting needs the hash of the version read,
 * a catastrophic shrink is refused (by the pipeline, as for every tool), and "... existing
 * code ..." placeholders never replace real code.
 */
export const writeFileTool: ToolDefinition<WriteFileInput> = {
  name: 'write_file',
  prepare: (input) => ({ invocationMessage: `Writing ${String(input.path)}` }),
  invoke: (input, ctx) => runEdit(ctx, editRequestOf(input)),
  proposedText: (input, current) => proposedTextOf(editRequestOf(input), current),
};

/** The edit this call asks for; invoke runs it, prepareInvocation previews its text (sensitive-file consent). */
function editRequestOf(input: WriteFileInput): EditRequest {
  return {
    tool: 'write_file',
    path: input.path,
    baseSha256: input.base_sha256,
    allowCreate: true,
    createDirs: input.create_dirs,
    requireBaseForExisting: true,
    skipValidation: input.skip_validation,
    allowSizeReduce: input.allow_size_reduce,
    plan(current) {
      const content = input.content;
      // Only an existing file has real code a placeholder could stand for.
      const markers = current === undefined ? [] : findElisionMarkers(content, current);
      if (markers.length > 0) {
        const m = markers[0];
        return fail('ELISION_BLOCKED', `Refused: line ${m.line_number} of the content is a placeholder ("${m.text.trim().slice(0, 80)}") standing for code you left out; write_file would replace that code with the placeholder. Nothing was written. Send the complete file content, or use safe_patch/replace_in_file for a partial change.`, {
          markers: markers.slice(0, 5).map((x) => ({ line: x.line_number, text: x.text.trim().slice(0, 120) })),
        });
      }
      const lines = content.length === 0 ? 0 : content.split('\n').length - (content.endsWith('\n') ? 1 : 0);
      const changed = current === undefined ? [{ start_line: 1, end_line: lines }] : changedRangesOf(current, content);
      return { ok: true, plan: { newText: content, changed, summary: current === undefined ? `Created with ${lines} lines.` : `Wrote ${lines} lines.` } };
    },
  };
}

/** Where a whole-file write differs from the old text, as ranges of the new text (for the excerpt). */
function changedRangesOf(oldText: string, newText: string) {
  const a = oldText.split(/\r?\n/);
  const b = newText.split(/\r?\n/);
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let ea = a.length - 1;
  let eb = b.length - 1;
  while (ea >= start && eb >= start && a[ea] === b[eb]) {
    ea--;
    eb--;
  }
  return [{ start_line: start + 1, end_line: eb + 1 }];
}
