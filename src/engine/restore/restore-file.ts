import { sha256Bytes } from '../../core/hash';
import { fail, Result } from '../../core/types';
import { changeKindOf, JournalEntry } from '../../history/types';
import type { BackupStore } from '../../history/backupStore';
import type { Snapshot } from '../../history/blobStore';
import { FileContent, InvocationContext, isFileBytes, Target } from '../host';
import { describeBytes, MAX_RAW_BYTES } from '../edit/raw-content';
import { runEdit } from '../edit/edit-pipeline';
import { restoreEdit } from '../edit/edit-requests';
import { agentUndoCheck, createdFileDeleted, HashedContent, rollbackHashCheck, unchangedSinceCheck } from './restorable';
import { withLockedTarget } from '../locked-target';
import { failureResult, ToolResultJson } from '../results/tool-result';
import { writeTransaction } from '../write/transaction';
import { journaledLike } from './journaled-like';

export interface RestoreOptions {
  /** Journaled as the change's tool (default "rollback_file"). */
  tool?: string;
  /** Restore even when the file changed since the newest agent edit (never over unsaved changes). */
  force?: boolean;
  /**
   * The file must still hold what this entry left (instead of what the newest agent change
   * left): a turn rollback deletes a file the turn created only while it is unchanged since
   * the turn's last change of it. Checked under the file's lock, unsaved changes first.
   */
  unchangedSince?: JournalEntry;
  /**
   * An agent's rollback (the rollback_file tool, from any client): it never undoes the user's own
   * change and another program's only with `force` (agentUndoCheck). The user's commands leave it unset.
   */
  byAgent?: boolean;
}

export { MAX_RAW_BYTES };

type Precheck = (current: Checked | undefined) => Result<{}>;
type Checked = Pick<FileContent, 'isDirty' | 'sha256'> & { diskBytes?: Buffer };

/**
 * Restores a file to the text before a journaled edit, through the same path as every edit
 * (snapshot of the current text first, WorkspaceEdit, save), so the restore is undoable in
 * the editor, lands in local history, and can itself be rolled back. A file the agent had
 * created is deleted instead (after its text was snapshotted, with consent for a protected
 * file). A file deleted since is re-created.
 *
 * A rollback never needs to decode the file it replaces: when someone made it binary, not
 * UTF-8 or too large, its bytes are snapshotted as they are and the text is written directly
 * (restoreDirect); a snapshot that is itself such bytes is restored byte for byte.
 *
 * The hash protocol holds for rollbacks too: the file must still be what the newest agent
 * change left (else someone changed it since and the rollback would discard that work) unless
 * `force`; a buffer with unsaved changes is never overwritten, forced or not.
 */
export async function restoreBefore(ctx: InvocationContext, path: string, entry: JournalEntry, options: RestoreOptions = {}): Promise<ToolResultJson> {
  const tool = options.tool ?? 'rollback_file';
  const stored = await ctx.host.store.readSnapshot(entry.before_sha256);
  if (!stored.ok) return { success: false, ...stored.failure, path };
  const since = options.unchangedSince;
  const precheck: Precheck = (current) => since
    ? unsavedCheck(path, current) ?? unchangedSinceCheck(path, current && hashedOf(current), since)
    : rollbackPrecheck(ctx.host.store, path, current, !!options.force, options.byAgent ? entry : undefined);
  if (changeKindOf(entry) === 'create') return deleteCreatedFile(ctx, path, entry, tool, precheck);
  // The disk's bytes as they were (stored raw) go back as they are, even when they read as UTF-8.
  const snapshot: Snapshot = 'text' in stored.snapshot && stored.snapshot.raw ? { bytes: Buffer.from(stored.snapshot.text, 'utf8') } : stored.snapshot;
  // The mode the file had before the change comes back with its content (journaled since modes are part of a file's state).
  const mode = entry.before_mode;
  const direct = (target: Target) => restoreDirect(ctx, target, entry, snapshot, precheck, tool, mode);
  if (!('text' in snapshot)) {
    return withLockedTarget(ctx.host, path, { forWrite: true, allowCreate: true }, direct);
  }
  const like = journaledLike(entry);
  const result = await runEdit(ctx, { ...restoreEdit(tool, path, entry, snapshot.text), precheck, onUnreadable: direct, ...(like ? { like } : {}), ...(mode !== undefined ? { mode } : {}) });

  return result.success ? { ...result, restored_backup_id: entry.id, excerpt: undefined } : result;
}

/**
 * The rollback's guard, run under the file's lock on the text just read: unsaved changes are
 * never overwritten; an agent's rollback (`agentTarget`: the entry it restores the state before)
 * undoes no one else's work (agentUndoCheck); without `force`, the file must hold what its newest
 * recorded change left.
 */
export function rollbackPrecheck(store: Pick<BackupStore, 'list'>, path: string, current: Checked | undefined, force: boolean, agentTarget?: JournalEntry): Result<{}> {
  const unsaved = unsavedCheck(path, current);
  if (unsaved) return unsaved;
  if (agentTarget) {
    const allowed = agentUndoCheck(store, path, agentTarget, force);
    if (!allowed.ok) return allowed;
  }
  return rollbackHashCheck(store, path, current && hashedOf(current), force);
}

/** The refusal to overwrite unsaved editor changes, or undefined when there are none. */
function unsavedCheck(path: string, current: Checked | undefined): Result<{}> | undefined {
  if (!current?.isDirty) return undefined;
  return fail('PERMISSION_DENIED', `${path} has unsaved changes in the editor; a rollback never overwrites them. Nothing was changed. Ask the user to save or revert the file first.`, { reason: 'unsaved_changes' });
}

export function hashedOf(current: Checked): HashedContent {
  return { sha256: current.sha256, ...(current.diskBytes ? { diskSha256: sha256Bytes(current.diskBytes) } : {}) };
}


/**
 * A restore that does not go through a text model (see restoreBefore), under the file's lock:
 * read the file as text or as bytes, the rollback's precheck, consent for a protected file,
 * then the write transaction (the current content snapshotted first, raw when not text).
 */
async function restoreDirect(ctx: InvocationContext, target: Target, entry: JournalEntry, snapshot: Snapshot, precheck: Precheck, tool: string, mode: number | undefined): Promise<ToolResultJson> {
  const { host } = ctx;
  const path = target.displayPath;
  const read = await host.files.readForRestore(target, host.settings().maxFileBytes, MAX_RAW_BYTES);
  if (!read.ok) return failureResult(read.failure, { path });
  const current = read.current;
  const pre = precheck(current);
  if (!pre.ok) return failureResult(pre.failure, { path });
  const newText = 'text' in snapshot ? snapshot.text : null;
  const consent = await host.consentForSensitive(target, describeContent(current), newText ?? describeBytes((snapshot as { bytes: Buffer }).bytes.length), tool, ctx.consentHolder);
  if (!consent.ok) return failureResult(consent.failure, { path });
  const committed = await writeTransaction(host, {
    tool, target, current, newText, createDirs: true, turnId: host.turnIdFor(ctx.invocationToken), client: ctx.client,
    ...('bytes' in snapshot ? { newBytes: snapshot.bytes } : {}),
    ...(mode !== undefined ? { mode } : {}),
  });
  if (!committed.ok) return failureResult(committed.failure, { path });
  const w = committed.written;
  const sha256 = 'applied' in w ? w.applied.sha256 : 'raw' in w ? w.raw.sha256 : undefined;
  const what = isFileBytes(current) ? ` over content that was not readable as text (${current.unreadable}; backed up as it was)` : '';
  return {
    success: true,
    message: `Restored ${path} to the state before ${entry.tool} at ${new Date(entry.time).toISOString()} (backup ${entry.id})${what}${newText === null ? ', byte for byte' : ''}.`,
    path,
    sha256,
    ...(current ? {} : { created: true }),
    saved: true,
    backup_id: committed.entryId,
    restored_backup_id: entry.id,
    ...('applied' in w && w.applied.notes.length ? { notes: w.applied.notes } : {}),
    ...('raw' in w && w.raw.notes?.length ? { notes: w.raw.notes } : {}),
  };
}

/** How content that is not shown as text appears in a consent dialog. */
function describeContent(current: FileContent | undefined): string {
  if (current === undefined) return '';
  return isFileBytes(current) ? describeBytes(current.bytes.length) : current.text;
}



async function deleteCreatedFile(ctx: InvocationContext, path: string, entry: JournalEntry, tool: string, precheck: Precheck): Promise<ToolResultJson> {
  const { host } = ctx;
  return withLockedTarget(host, path, { forWrite: true, allowCreate: true }, async (target) => {
    const read = await host.files.readForRestore(target, host.settings().maxFileBytes, MAX_RAW_BYTES);
    if (!read.ok) return failureResult(read.failure, { path });
    const current = read.current;
    if (current === undefined) return { success: true, message: `${path} was created by ${entry.tool} and no longer exists; nothing to do.`, path, unchanged: true };
    const pre = precheck(current);
    if (!pre.ok) return failureResult(pre.failure, { path });
    const consent = await host.consentForSensitive(target, describeContent(current), '', tool, ctx.consentHolder);
    if (!consent.ok) return failureResult(consent.failure, { path });
    const committed = await writeTransaction(host, { tool, target, current, newText: null, turnId: host.turnIdFor(ctx.invocationToken), client: ctx.client });
    if (!committed.ok) return failureResult(committed.failure, { path });
    return createdFileDeleted(path, entry, committed.entryId);
  });
}
