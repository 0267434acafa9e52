import { sha256Text } from '../../core/hash';
import { changeKindOf, JournalEntry } from '../../history/types';
import { Host, isFileBytes } from '../host';
import { MAX_RAW_BYTES } from './restore-file';

/** One case-only rename in a group's journal: the new name's create entry and the old name's delete entry. */
export interface JournaledCaseRename {
  added: JournalEntry;
  removed: JournalEntry;
}

/** The case-only renames among a group's entries (linear in the entries). */
export function caseRenamesOf(entries: readonly JournalEntry[]): JournaledCaseRename[] {
  const deleted = new Map(entries.filter((e) => changeKindOf(e) === 'delete').map((e) => [e.path, e]));
  const out: JournaledCaseRename[] = [];
  for (const added of entries) {
    const removed = added.renamed_from !== undefined && changeKindOf(added) === 'create' ? deleted.get(added.renamed_from) : undefined;
    if (removed) out.push({ added, removed });
  }
  return out;
}

/**
 * Where a crash left a case-only rename, judged for its two names together (one file: judged
 * one name at a time, the new name's "create" would be undone by deleting the only copy):
 * - under the temporary name: the rename stopped halfway, before any text was written; the
 *   file is renamed back to its old name, and the change never reached it ('untouched');
 * - holding the text the change meant to leave, under the new name: 'reached' (put back by the
 *   group rollback, as one rename with the old text);
 * - holding its text before the change: 'untouched';
 * - anything else, or not found under any of the three names: 'changed', left for the user.
 */
export async function caseRenameState(host: Host, rename: JournaledCaseRename): Promise<'reached' | 'untouched' | 'changed'> {
  const options = { forWrite: true, allowCreate: true };
  const old = await host.files.resolve(rename.removed.path, options);
  const renamed = await host.files.resolve(rename.added.path, options);
  if (!old.ok || !renamed.ok) return 'changed';
  if (rename.added.rename_via !== undefined) {
    const via = await host.files.resolve(rename.added.rename_via, options);
    if (via.ok && via.target.exists) {
      const read = await host.files.readText(via.target, host.settings().maxFileBytes);
      if (!read.ok) return 'changed';
      return (await host.files.rename(via.target, old.target, read.current)).ok ? 'untouched' : 'changed';
    }
  }
  const read = await host.files.readForRestore(old.target, host.settings().maxFileBytes, MAX_RAW_BYTES);
  if (!read.ok || read.current === undefined) return 'changed';
  const now = isFileBytes(read.current) ? read.current.sha256 : sha256Text(read.current.text);
  const before = rename.removed.before_sha256;
  if (now === rename.added.intended_sha256 && !read.current.isDirty && (now !== before || (await host.files.listsName(renamed.target)))) return 'reached';
  return now === before ? 'untouched' : 'changed';
}
