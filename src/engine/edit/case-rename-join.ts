import { fail, Result } from '../../core/types';
import type { FileText, Host, Target } from '../host';
import type { GroupChange } from '../write/transaction';
import { temporaryNameFor } from '../write/case-rename';
import { caseRenameFailure } from './same-file';

/** A file of a multi-file change as the pipeline checks it: its new text, and what it is compared with. */
export interface FileCheck {
  newText: string | null;
  /** A move's source, or a case-only rename's old name: the text lives on, so it is no deletion to guard. */
  movedAway?: boolean;
  /** The text the new one is guarded and validated against, when not the file's own (a case-only rename's new name: the renamed file's). */
  before?: string;
}

/** A name of the call: where it leads and what it holds (undefined: nothing, or the other name of a case pair). */
interface Name { given: string; target: Target; current: FileText | undefined }

/**
 * Turns the plan's two parts for one file named under two cases — the name holding it deleted
 * or moved away, the other name added — into one case-only rename with the added text: the old
 * name's part deletes nothing, the new name's part renames the file and writes its text. Any
 * other plan for the two names (both changed, one only) is refused: it would write the one
 * file twice, or delete it. A file with unsaved changes in an editor is not renamed.
 */
export async function joinCaseRename(host: Host, holder: Name, alias: Name, changes: GroupChange[], checks: FileCheck[]): Promise<Result<{}>> {
  const h = changes.findIndex((c) => c.target === holder.target);
  const x = changes.findIndex((c) => c.target === alias.target);
  if (h < 0 && x < 0) return { ok: true };
  const current = holder.current;
  if (h < 0 || x < 0 || changes[h].newText !== null || changes[x].newText === null || !current) return caseRenameFailure(holder.given, alias.given, 'shape');
  if (current.isDirty) return caseRenameFailure(holder.given, alias.given, 'unsaved');
  const via = await host.files.resolve(temporaryNameFor(alias.target.displayPath), { forWrite: true, allowCreate: true });
  if (!via.ok || via.target.exists) return fail('INTERNAL_ERROR', `No free temporary name was found beside ${alias.target.displayPath} for the rename. Nothing was changed.`);
  changes[h] = { ...changes[h], renamedAway: true };
  changes[x] = { ...changes[x], like: undefined, caseRename: { from: holder.target, current, via: via.target } };
  checks[h].movedAway = true;
  checks[x].before = current.text;
  return { ok: true };
}
