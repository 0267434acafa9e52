import { fail, Result } from '../core/types';
import { isRestorable } from '../history/retention';
import { changeKindOf, JournalEntry } from '../history/types';
import type { BackupStore } from '../history/backupStore';
import { CurrentText, readCurrentText } from '../workspace/current-text';
import { runEdit } from './edit-pipeline';
import { withLockedTarget } from './locked-target';
import { failureResult, ToolResultJson } from './tool-result';
import type { InvocationContext } from './tool-runner';
import { writeTransaction } from './write-transaction';

export interface RestoreOptions {
  /** Journaled as the change's tool (default "rollback_file"). */
  tool?: string;
  /** Restore even when the file changed since the newest agent edit (never over unsaved changes). */
  force?: boolean;
}

/**
 * Restores a file to the text before a journaled edit, through the same path as every edit
 * (snapshot of the current text first, WorkspaceEdit, save), so the restore is undoable in
 * the editor, lands in local history, and can itself be rolled back. A file the agent had
 * created is deleted instead (after its text was snapshotted, with consent for a protected
 * file). A file deleted since is re-created.
 *
 * The hash protocol holds for rollbacks too: the file must still be what the newest agent
 * change left (else someone changed it since and the rollback would discard that work) unless
 * `force`; a buffer with unsaved changes is never overwritten, forced or not.
 */
export async function restoreBefore(ctx: InvocationContext, path: string, entry: JournalEntry, options: RestoreOptions = {}): Promise<ToolResultJson> {
  const tool = options.tool ?? 'rollback_file';
  const stored = await ctx.services.store.readText(entry.before_sha256);
  if (!stored.ok) return { success: false, ...stored.failure, path };
  const precheck = (current: CurrentText | undefined) => rollbackPrecheck(ctx.services.store, path, current, !!options.force);
  if (changeKindOf(entry) === 'create') return deleteCreatedFile(ctx, path, entry, tool, precheck);
  const result = await runEdit(ctx, {
    tool,
    path,
    allowCreate: true,
    createDirs: true,
    skipValidation: true,
    // restoring an older text is the user's way back, however much smaller it is
    allowSizeReduce: true,
    precheck,
    plan: () => ({ ok: true, plan: { newText: stored.text, changed: changedAll(stored.text), summary: `Restored ${path} to the state before ${entry.tool} at ${new Date(entry.time).toISOString()} (backup ${entry.id}).` } }),
  });
  return result.success ? { ...result, restored_backup_id: entry.id, excerpt: undefined } : result;
}

/**
 * The rollback's guard, run under the file's lock on the text just read: unsaved changes are
 * never overwritten; without `force`, the file must hold what the newest agent change left.
 */
export function rollbackPrecheck(store: Pick<BackupStore, 'list'>, path: string, current: CurrentText | undefined, force: boolean): Result<{}> {
  if (current?.isDirty) {
    return fail('PERMISSION_DENIED', `${path} has unsaved changes in the editor; a rollback never overwrites them. Nothing was changed. Ask the user to save or revert the file first.`, { reason: 'unsaved_changes' });
  }
  if (force) return { ok: true };
  const newest = store.list(path).find((e) => isRestorable(e) || e.outcome === 'rolled_back');
  if (!newest || newest.outcome === 'interrupted' || newest.after_sha256 === null) return { ok: true };
  const expectMissing = changeKindOf(newest) === 'delete';
  const matches = expectMissing ? current === undefined : current !== undefined && current.sha256 === newest.after_sha256;
  if (matches) return { ok: true };
  const now = current === undefined ? 'has been deleted' : 'has changed';
  return fail('HASH_MISMATCH', `${path} ${now} since the newest agent change (${newest.tool}, backup ${newest.id}): someone edited it since, and a rollback now would discard that work. Nothing was changed. If that work should go, call rollback_file again with force: true.`, {
    ...(current ? { sha256: current.sha256 } : {}),
    expected_sha256: expectMissing ? null : newest.after_sha256,
  });
}

function changedAll(text: string) {
  const lines = text.split('\n').length;
  return [{ start_line: 1, end_line: Math.min(lines, 8) }];
}

async function deleteCreatedFile(ctx: InvocationContext, path: string, entry: JournalEntry, tool: string, precheck: (c: CurrentText | undefined) => Result<{}>): Promise<ToolResultJson> {
  const { services } = ctx;
  return withLockedTarget(services, path, { forWrite: true, allowCreate: true, protectedDirs: [services.storageDir] }, async (target) => {
    const read = await readCurrentText(target.uri, path, services.settings().maxFileBytes);
    if (!read.ok) {
      if (read.failure.error_type === 'FILE_NOT_FOUND') return { success: true, message: `${path} was created by ${entry.tool} and no longer exists; nothing to do.`, path, unchanged: true };
      return failureResult(read.failure, { path });
    }
    const pre = precheck(read.current);
    if (!pre.ok) return failureResult(pre.failure, { path });
    const consent = await services.consentForSensitive(target, read.current.text, '', tool);
    if (!consent.ok) return failureResult(consent.failure, { path });
    const committed = await writeTransaction(services, { tool, target, current: read.current, newText: null, turnId: services.turnIdFor(ctx.invocationToken) });
    if (!committed.ok) return failureResult(committed.failure, { path });
    return {
      success: true,
      message: `${path} had been created by ${entry.tool}; it was deleted. Its last text is backed up (backup ${committed.entryId}): rollback_file restores it.`,
      path,
      deleted: true,
      backup_id: committed.entryId,
      restored_backup_id: entry.id,
    };
  });
}
