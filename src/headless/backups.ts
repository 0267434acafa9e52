import { fail, Result } from '../core/types';
import { SETTING_SPECS } from '../core/settings/specs';
import { changeKindOf, JournalEntry } from '../history/types';
import type { Snapshot } from '../history/blobStore';
import { createdFileDeleted, backupListing, chooseRestorable, rollbackHashCheck } from '../tools/restorable';
import { failureResult, ToolResultJson } from '../tools/tool-result';
import type { HeadlessCall, HeadlessContext } from './context';
import { DiskBytes, DiskText, isDiskBytes, readForRestore } from '../workspace/disk-text';
import { runHeadlessEdit } from './edit-pipeline';
import { restoreEdit } from '../tools/edit-requests';
import { protectedFileRefusal } from './protected-files';
import { HeadlessTarget, resolveHeadless, withLockedHeadless } from './target';
import { headlessWriteTransaction } from './write-transaction';

export interface ListBackupsInput { path: string }
export interface RollbackInput { path: string; revision?: number; backup_id?: string; force?: boolean; group?: boolean }

/** list_backups: what rollback_file can restore for a file, newest first (as tools/list-backups.ts). */
export async function headlessListBackups(ctx: HeadlessContext, input: ListBackupsInput): Promise<ToolResultJson> {
  const resolved = await resolveHeadless(ctx, input.path, { forWrite: false, allowCreate: true });
  if (!resolved.ok) return failureResult(resolved.failure);
  return backupListing(resolved.target.displayPath, ctx.store.list(resolved.target.displayPath));
}

/** rollback_file: the state before an agent edit, restored from the store (as tools/rollback-file.ts). */
export async function headlessRollback(ctx: HeadlessContext, call: HeadlessCall, input: RollbackInput): Promise<ToolResultJson> {
  const resolved = await resolveHeadless(ctx, input.path, { forWrite: true, allowCreate: true });
  if (!resolved.ok) return failureResult(resolved.failure);
  const path = resolved.target.displayPath;
  const chosen = chooseRestorable(path, ctx.store.list(path), input);
  if (!chosen.ok) return failureResult(chosen.failure, { path });
  const { entry } = chosen;
  if (entry.group_id !== undefined && input.group !== false) {
    // Multi-file changes are made by the extension only (the headless server edits one file per call).
    return failureResult(fail('INVALID_INPUT', `Backup ${entry.id} is part of a multi-file change (group ${entry.group_id}); the headless server rolls back one file at a time. Pass group: false to restore ${path} alone (the change's other files stay as they are), or roll the whole change back in VS Code.`, { field: 'group' }).failure, { path });
  }
  return restoreBefore(ctx, call, path, entry, !!input.force);
}

type Current = DiskText | DiskBytes | undefined;
type Precheck = (current: Current) => Result<{}>;

/** The most a rollback reads of a file that is not text (to back it up): the largest maxFileSizeMB allowed. */
const MAX_RAW_BYTES = ((SETTING_SPECS.maxFileSizeMB as { max?: number }).max ?? 64) * 1024 * 1024;

async function restoreBefore(ctx: HeadlessContext, call: HeadlessCall, path: string, entry: JournalEntry, force: boolean): Promise<ToolResultJson> {
  const stored = await ctx.store.readSnapshot(entry.before_sha256);
  if (!stored.ok) return { success: false, ...stored.failure, path };
  // the extension's hash protocol (there are no unsaved buffers here)
  const precheck: Precheck = (current) => rollbackHashCheck(ctx.store, path, current, force);
  if (changeKindOf(entry) === 'create') return deleteCreatedFile(ctx, call, path, entry, precheck);
  const snapshot = stored.snapshot;
  const direct = (target: HeadlessTarget) => restoreDirect(ctx, call, target, entry, snapshot, precheck);
  if (!('text' in snapshot)) {
    return withLockedHeadless(ctx, path, { forWrite: true, allowCreate: true }, direct, (failure) => failureResult(failure));
  }
  const result = await runHeadlessEdit(ctx, call, { ...restoreEdit('rollback_file', path, entry, snapshot.text), precheck, onUnreadable: direct });

  return result.success ? { ...result, restored_backup_id: entry.id, excerpt: undefined } : result;
}


/** A restore written without decoding the file (it is binary, not UTF-8 or too large, or the snapshot is bytes), under the lock. */
async function restoreDirect(ctx: HeadlessContext, call: HeadlessCall, target: HeadlessTarget, entry: JournalEntry, snapshot: Snapshot, precheck: Precheck): Promise<ToolResultJson> {
  const path = target.displayPath;
  const read = await readForRestore(target.realPath, path, ctx.settings.maxFileBytes, MAX_RAW_BYTES);
  if (!read.ok) return failureResult(read.failure, { path });
  const current = read.current;
  const pre = precheck(current);
  if (!pre.ok) return failureResult(pre.failure, { path });
  const refused = protectedFileRefusal(ctx, target, 'rollback_file');
  if (refused) return failureResult(refused, { path });
  const newText = 'text' in snapshot ? snapshot.text : null;
  const committed = await headlessWriteTransaction(ctx, {
    tool: 'rollback_file', target, current, newText, createDirs: true, client: call.client, turnId: ctx.turnId(),
    ...('bytes' in snapshot ? { newBytes: snapshot.bytes } : {}),
  });
  if (!committed.ok) return failureResult(committed.failure, { path });
  const what = isDiskBytes(current) ? ` over content that was not readable as text (${current.unreadable}; backed up as it was)` : '';
  return {
    success: true,
    message: `Restored ${path} to the state before ${entry.tool} at ${new Date(entry.time).toISOString()} (backup ${entry.id})${what}${newText === null ? ', byte for byte' : ''}.`,
    path,
    sha256: committed.after?.sha256,
    ...(current ? {} : { created: true }),
    saved: true,
    backup_id: committed.entryId,
    restored_backup_id: entry.id,
  };
}

async function deleteCreatedFile(ctx: HeadlessContext, call: HeadlessCall, path: string, entry: JournalEntry, precheck: Precheck): Promise<ToolResultJson> {
  return withLockedHeadless(ctx, path, { forWrite: true, allowCreate: true }, async (target) => {
    const read = await readForRestore(target.realPath, path, ctx.settings.maxFileBytes, MAX_RAW_BYTES);
    if (!read.ok) return failureResult(read.failure, { path });
    const current = read.current;
    if (current === undefined) return { success: true, message: `${path} was created by ${entry.tool} and no longer exists; nothing to do.`, path, unchanged: true };
    const pre = precheck(current);
    if (!pre.ok) return failureResult(pre.failure, { path });
    const refused = protectedFileRefusal(ctx, target, 'rollback_file');
    if (refused) return failureResult(refused, { path });
    const committed = await headlessWriteTransaction(ctx, { tool: 'rollback_file', target, current, newText: null, client: call.client, turnId: ctx.turnId() });
    if (!committed.ok) return failureResult(committed.failure, { path });
    return createdFileDeleted(path, entry, committed.entryId);
  }, (failure) => failureResult(failure));
}
