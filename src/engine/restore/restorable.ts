import { fail, Failure, Result } from '../../core/types';
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
 * Whose change an entry is, for the rule of who may undo what: an agent's (our tools' own edits,
 * a program execute_program ran, an agent's own tool named by Copilot's chat editing or a hook),
 * the user's (VS Code saw the user type or save), or another program's (a writer only its effect
 * was seen of). A writer kind this version does not know counts as another program's.
 */
export type ChangeOwner = 'agent' | 'user' | 'other_program';

export function ownerOf(e: Pick<JournalEntry, 'writer'>): ChangeOwner {
  if (e.writer === undefined) return 'agent';
  switch (e.writer.kind) {
    case 'execute_program':
    case 'agent_tool':
      return 'agent';
    case 'user':
      return 'user';
    default:
      return 'other_program';
  }
}

/** The entry rollback_file restores, and whether the call named it (backup_id or revision) or took the default. */
export type Chosen = { ok: true; entry: JournalEntry; named: boolean } | { ok: false; failure: Failure };

/**
 * The entry rollback_file restores: by `backup_id`, else by `revision` (an index into the
 * restorable entries, as list_backups numbers them), else the newest AGENT change (see
 * ownerOf): the user's own changes and another program's are never the default target. The
 * user's own change is refused however it is named (PERMISSION_DENIED, users_own_change);
 * whether a named change of another program may be undone is the precheck's (agentUndoCheck:
 * only with force). NO_BACKUPS when there is none; REVISION_OUT_OF_RANGE with the first ten.
 */
export function chooseRestorable(path: string, entries: JournalEntry[], pick: { backup_id?: string; revision?: number }): Chosen {
  const restorable = restorableEntries(entries);
  if (restorable.length === 0) return fail('NO_BACKUPS', `There are no backups of ${path}: no agent edit of it was recorded.`);
  const available = () => ({ available: restorable.slice(0, 10).map((e, i) => describeEntry(e, i)) });
  let entry: JournalEntry | undefined;
  if (pick.backup_id !== undefined) {
    entry = restorable.find((e) => e.id === pick.backup_id);
    if (!entry) return fail('REVISION_OUT_OF_RANGE', `No restorable backup ${pick.backup_id} of ${path}. Call list_backups for the ids.`, available());
  } else if (pick.revision !== undefined) {
    entry = restorable[pick.revision];
    if (!entry) return fail('REVISION_OUT_OF_RANGE', `${path} has ${restorable.length} restorable revision${restorable.length === 1 ? '' : 's'} (0..${restorable.length - 1}); revision ${pick.revision} does not exist.`, available());
  } else {
    // "Before the newest agent change": neither the user's work nor another program's is the agent's to undo by default.
    entry = restorable.find((e) => ownerOf(e) === 'agent');
    if (!entry) {
      const other = restorable.find((e) => ownerOf(e) === 'other_program');
      return other ? notAnAgentsChange(path, other) : usersOwnRefusal(path, restorable[0]);
    }
    return { ok: true, entry, named: false };
  }
  return ownerOf(entry) === 'user' ? usersOwnRefusal(path, entry) : { ok: true, entry, named: true };
}

/** A change the user made (typing, saving) during an agent turn, recorded so the history is whole. */
export function isUsersOwn(e: JournalEntry): boolean {
  return ownerOf(e) === 'user';
}

/** rollback_file never undoes the user's own change: only the user can, from the history's UI. */
function usersOwnRefusal(path: string, entry: JournalEntry): { ok: false; failure: Failure } {
  return fail('PERMISSION_DENIED', `Backup ${entry.id} of ${path} is from before the user's own change (their typing or save during the agent's turn): rollback_file does not undo the user's work. Nothing was changed. Ask the user; they can roll it back from the Edit History if they want to.`, { reason: 'users_own_change' });
}

/** No agent changed the file: only another program did, which is never rollback_file's default target. */
function notAnAgentsChange(path: string, other: JournalEntry): { ok: false; failure: Failure } {
  return fail('PERMISSION_DENIED', `No agent's change of ${path} is recorded: it was ${describeChange(other)} by another program (${writerLabel(other)}), which rollback_file does not undo by default. Nothing was changed. Only if the user asks for that program's change to be undone, call rollback_file with backup_id "${other.id}" and force: true.`, { reason: 'another_programs_change', backup_id: other.id });
}

function describeChange(e: JournalEntry): string {
  const kind = changeKindOf(e);
  return `${kind === 'create' ? 'created' : kind === 'delete' ? 'deleted' : 'changed'} ${ago(Date.now() - e.time)}`;
}

/**
 * The rule of an agent's rollback, checked under the file's lock on the journal as it is then:
 * restoring the state before `target` undoes `target` and every later change of the file. The
 * user's own change among them is never undone by an agent (PERMISSION_DENIED, users_own_change,
 * force or not); another program's only with `force` (and, when it is the target itself, only
 * when the call named it: chooseRestorable never takes it by default). Agents' changes are the
 * agent's to undo; whether the file still holds what the newest change left is rollbackHashCheck's.
 */
export function agentUndoCheck(store: Pick<BackupStore, 'list'>, path: string, target: JournalEntry, force: boolean): Result<{}> {
  const restorable = restorableEntries(store.list(path));
  const index = restorable.findIndex((e) => e.id === target.id);
  // Newest first: the target and everything after it.
  const undone = index >= 0 ? restorable.slice(0, index + 1) : [target];
  const users = undone.find((e) => ownerOf(e) === 'user');
  if (users) {
    return fail('PERMISSION_DENIED', `Restoring ${path} to the state before backup ${target.id} would also undo the user's own change (${describeChange(users)}, backup ${users.id}): rollback_file never undoes the user's work, not even with force. Nothing was changed. Ask the user; they can roll it back from the Edit History if they want to.`, { reason: 'users_own_change', backup_id: users.id });
  }
  const other = undone.find((e) => ownerOf(e) === 'other_program');
  if (other && !force) {
    return fail('PERMISSION_DENIED', `Restoring ${path} to the state before backup ${target.id} would undo another program's change (${writerLabel(other)}, ${describeChange(other)}, backup ${other.id}), not an agent's. Nothing was changed. Only if the user wants that program's change undone too, call rollback_file again with force: true.`, { reason: 'another_programs_change', backup_id: other.id });
  }
  return { ok: true };
}

/**
 * The rollback's hash protocol (unsaved buffers aside, which only the editor has): without
 * `force`, the file must hold what the newest agent change left, else someone edited it since
 * and a rollback would discard that work.
 */
export function rollbackHashCheck(store: Pick<BackupStore, 'list'>, path: string, current: HashedContent | undefined, force: boolean): Result<{}> {
  if (force) return { ok: true };
  // The newest recorded change, whoever made it: whether an agent may undo the user's or another
  // program's change is agentUndoCheck's; this check asks only whether anything came after it.
  const newest = store.list(path).find((e) => isRestorable(e) || e.outcome === 'rolled_back');
  if (!newest || newest.outcome === 'interrupted' || newest.after_sha256 === null) return { ok: true };
  const expectMissing = changeKindOf(newest) === 'delete';
  const matches = expectMissing ? current === undefined : current !== undefined && holdsAfterState(current, newest);
  if (matches) return { ok: true };
  const now = current === undefined ? 'has been deleted' : 'has changed';
  return fail('HASH_MISMATCH', `${path} ${now} since its newest recorded change (${writerLabel(newest)}, backup ${newest.id}): someone edited it since, and a rollback now would discard that work. Nothing was changed. If that work should go, call rollback_file again with force: true.`, {
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
