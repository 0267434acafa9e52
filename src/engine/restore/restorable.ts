import { fail, Result } from '../../core/types';
import type { BackupStore } from '../../history/backupStore';
import { changeKindOf, JournalEntry } from '../../history/types';
import { isRestorable } from '../../history/retention';
import { writerLabel } from '../../history/writerLabel';
import type { ToolResultJson } from '../results/tool-result';

/**
 * The journal entries of a file that rollback_file can restore, newest first: changes that
 * reached (or may have reached) the file and whose "before" text is stored. Blocked and
 * failed attempts changed nothing; a rolled_back entry already put its "before" back.
 * Index i of the result is `revision` i.
 */
export function restorableEntries(entries: JournalEntry[]): JournalEntry[] {
  return entries.filter(isRestorable);
}

/** "revision 0 (write_file, 2 min ago, +3/−1)" style label for messages and pickers. */
export function describeEntry(e: JournalEntry, revision: number, now = Date.now()): string {
  return `revision ${revision}: before ${writerLabel(e)} ${ago(now - e.time)} (+${e.lines_added}/−${e.lines_removed}), id ${e.id}`;
}

export function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s ago`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}

/** list_backups' answer for a file: its restorable versions, newest first (revision = index). */
export function backupListing(path: string, entries: JournalEntry[]): ToolResultJson {
  const restorable = restorableEntries(entries);
  return {
    success: true,
    message: restorable.length === 0 ? `No backups of ${path}.` : `${restorable.length} backup${restorable.length === 1 ? '' : 's'} of ${path}, newest first; pass revision (the index) or backup_id to rollback_file.`,
    path,
    backups: restorable.map((e, revision) => ({
      revision,
      id: e.id,
      time: new Date(e.time).toISOString(),
      tool: e.tool,
      // Who wrote the change: the tool's name, or a program, an agent's own tool, "outside the tools".
      writer: writerLabel(e),
      bytes: e.bytes,
      lines_added: e.lines_added,
      lines_removed: e.lines_removed,
      outcome: e.outcome,
    })),
  };
}

/**
 * The entry rollback_file restores: by `backup_id`, else by `revision` (0 = before the newest
 * agent change). NO_BACKUPS when there is none; REVISION_OUT_OF_RANGE with the first ten.
 */
export function chooseRestorable(path: string, entries: JournalEntry[], pick: { backup_id?: string; revision?: number }): Result<{ entry: JournalEntry }> {
  const restorable = restorableEntries(entries);
  if (restorable.length === 0) return fail('NO_BACKUPS', `There are no backups of ${path}: no agent edit of it was recorded.`);
  const available = () => ({ available: restorable.slice(0, 10).map((e, i) => describeEntry(e, i)) });
  if (pick.backup_id !== undefined) {
    const entry = restorable.find((e) => e.id === pick.backup_id);
    if (entry && isUsersOwn(entry)) return usersOwnRefusal(path, entry);
    return entry ? { ok: true, entry } : fail('REVISION_OUT_OF_RANGE', `No restorable backup ${pick.backup_id} of ${path}. Call list_backups for the ids.`, available());
  }
  if (pick.revision === undefined) {
    // "Before the newest agent change": the user's own changes are not the agent's to undo.
    const entry = restorable.find((e) => !isUsersOwn(e));
    return entry ? { ok: true, entry } : usersOwnRefusal(path, restorable[0]);
  }
  const revision = pick.revision;
  const entry = restorable[revision];
  if (entry) return isUsersOwn(entry) ? usersOwnRefusal(path, entry) : { ok: true, entry };
  return fail('REVISION_OUT_OF_RANGE', `${path} has ${restorable.length} restorable revision${restorable.length === 1 ? '' : 's'} (0..${restorable.length - 1}); revision ${revision} does not exist.`, available());
}

/** A change the user made (typing, saving) during an agent turn, recorded so the history is whole. */
export function isUsersOwn(e: JournalEntry): boolean {
  return e.writer?.kind === 'user';
}

/** rollback_file never undoes the user's own change: only the user can, from the history's UI. */
function usersOwnRefusal(path: string, entry: JournalEntry): Result<{ entry: JournalEntry }> {
  return fail('PERMISSION_DENIED', `Backup ${entry.id} of ${path} is from before the user's own change (their typing or save during the agent's turn): rollback_file does not undo the user's work. Nothing was changed. Ask the user; they can roll it back from the Edit History if they want to.`, { reason: 'users_own_change' });
}

/**
 * The rollback's hash protocol (unsaved buffers aside, which only the editor has): without
 * `force`, the file must hold what the newest agent change left, else someone edited it since
 * and a rollback would discard that work.
 */
export function rollbackHashCheck(store: Pick<BackupStore, 'list'>, path: string, current: HashedContent | undefined, force: boolean): Result<{}> {
  if (force) return { ok: true };
  // The user's own recorded change is not "the newest agent change": a file that holds what the
  // user left has changed since the agent's, and the user's work is what the check protects.
  const newest = store.list(path).find((e) => (isRestorable(e) || e.outcome === 'rolled_back') && !isUsersOwn(e));
  if (!newest || newest.outcome === 'interrupted' || newest.after_sha256 === null) return { ok: true };
  const expectMissing = changeKindOf(newest) === 'delete';
  const matches = expectMissing ? current === undefined : current !== undefined && holdsAfterState(current, newest);
  if (matches) return { ok: true };
  const now = current === undefined ? 'has been deleted' : 'has changed';
  return fail('HASH_MISMATCH', `${path} ${now} since the newest agent change (${newest.tool}, backup ${newest.id}): someone edited it since, and a rollback now would discard that work. Nothing was changed. If that work should go, call rollback_file again with force: true.`, {
    ...(current ? { sha256: current.sha256 } : {}),
    expected_sha256: expectMissing ? null : newest.after_sha256,
  });
}

/**
 * The check of a rollback that must not discard anything written after one given change (a turn
 * rollback deleting a file the turn created): the file holds what `since` left, or is absent if
 * `since` deleted it. An interrupted change left no known state, so nothing matches it.
 */
export function unchangedSinceCheck(path: string, current: HashedContent | undefined, since: JournalEntry): Result<{}> {
  const expectMissing = changeKindOf(since) === 'delete';
  const matches = expectMissing ? current === undefined
    : current !== undefined && since.after_sha256 !== null && holdsAfterState(current, since);
  if (matches) return { ok: true };
  return fail('HASH_MISMATCH', `${path} has changed since ${since.tool} (backup ${since.id}) left it: someone wrote it after that change, so it is left alone. Nothing was changed.`, {
    reason: 'changed_since',
    ...(current ? { sha256: current.sha256 } : {}),
    expected_sha256: expectMissing ? null : since.after_sha256,
  });
}

/**
 * A file as the rollback's hash check sees it: the hash of what was read (text or bytes) and,
 * for a text an editor decoded from another encoding, the hash of the disk's bytes too.
 */
export interface HashedContent {
  sha256: string;
  diskSha256?: string;
}

/**
 * True when the file holds what the entry left. A file saved in another encoding is read as
 * text while an editor decodes it and as bytes once none does: either hash of the file may
 * meet either hash the entry recorded (the text's, and the bytes' when they differ).
 */
export function holdsAfterState(current: HashedContent, entry: Pick<JournalEntry, 'after_sha256' | 'after_disk_sha256'>): boolean {
  const left = [entry.after_sha256, entry.after_disk_sha256].filter((h): h is string => typeof h === 'string');
  return [current.sha256, current.diskSha256].some((h) => h !== undefined && left.includes(h));
}

/** The answer of a rollback that deleted the file an agent change had created. */
export function createdFileDeleted(path: string, entry: JournalEntry, backupId: string): ToolResultJson {
  return {
    success: true,
    message: `${path} had been created by ${entry.tool}; it was deleted. Its last text is backed up (backup ${backupId}): rollback_file restores it.`,
    path,
    deleted: true,
    backup_id: backupId,
    restored_backup_id: entry.id,
  };
}
