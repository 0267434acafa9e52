import { fail } from '../../core/types';
import type { FilePlan } from '../../core/apply-patch/types';
import { isRestorable } from '../../history/retention';
import { changeKindOf, JournalEntry } from '../../history/types';
import { runMultiFileEdit } from '../edit/multi-file-pipeline';
import { rollbackPrecheck } from './restore-file';
import { journaledLike } from './journaled-like';
import { failureResult, ToolResultJson } from '../results/tool-result';
import type { InvocationContext } from '../host';

/**
 * Rolls back one multi-file change (the entries sharing `groupId`) in one step, all files or
 * none, through the multi-file pipeline: so the rollback is itself one group that can be
 * rolled back. Each file goes back to its text before the change (a file the change created is
 * deleted, one it deleted re-created); the rollback's hash protocol holds per file (each must
 * still be what the newest agent change left, unless `force`; never over unsaved changes).
 * Also the way back from a group a crash cut short: every entry kept its before snapshot.
 */
export async function restoreGroup(ctx: InvocationContext, groupId: string, options: { tool?: string; force?: boolean; only?: ReadonlySet<string>; byAgent?: boolean } = {}): Promise<ToolResultJson> {
  const { store } = ctx.host;
  // `only`: the entries to restore (crash recovery restores just the files the change reached).
  const entries = store.listGroup(groupId).filter(isRestorable).filter((e) => !options.only || options.only.has(e.id));
  if (!entries.length) return failureResult(fail('NO_BACKUPS', `No restorable backups of the multi-file change ${groupId} are left.`).failure);
  const texts = new Map<JournalEntry, string>();
  for (const e of entries) {
    if (changeKindOf(e) === 'create') continue;
    const read = await store.readSnapshot(e.before_sha256);
    if (!read.ok) return failureResult(read.failure, { path: e.path });
    if (!('text' in read.snapshot)) {
      return failureResult(fail('INVALID_INPUT', `${e.path} was not text when this change backed it up; roll the files back one by one (rollback_file with group: false).`).failure, { path: e.path });
    }
    texts.set(e, read.snapshot.text);
  }
  const result = await runMultiFileEdit(ctx, {
    tool: options.tool ?? 'rollback_file',
    paths: entries.map((e) => e.path),
    baseHashes: {},
    requireBaseForExisting: false,
    skipValidation: true,
    // restoring older texts is the user's way back, however much smaller they are
    allowSizeReduce: true,
    unit: 'hunk',
    // An agent's rollback (byAgent) undoes no one else's work in any file of the group.
    precheck: (path, current) => rollbackPrecheck(store, path, current, !!options.force, options.byAgent ? entries.find((e) => e.path === path) : undefined),
    // A file the change deleted comes back with the BOM and mode it had (older entries: none recorded).
    likeFor: (path) => journaledLike(entries.find((e) => e.path === path)),
    // A case-only rename left the file under the name its change created.
    caseHolder: (a, b) => entries.find((e) => (e.path === a || e.path === b) && changeKindOf(e) === 'create')?.path,
    plan: (readFile) => ({
      ok: true,
      already_applied: false,
      files: entries.map((e): FilePlan => {
        const now = readFile(e.path);
        if (changeKindOf(e) === 'create') return now === undefined ? { path: e.path, action: 'delete', unchanged: true } : { path: e.path, action: 'delete' };
        const text = texts.get(e) as string;
        if (now === undefined) return { path: e.path, action: 'add', text };
        return { path: e.path, action: 'update', text, ...(now === text ? { unchanged: true } : {}) };
      }),
    }),
  });
  if (!result.success) return result;
  return { ...result, message: `Restored the ${entries.length} files of one multi-file change (${entries[0].tool} at ${new Date(entries[0].time).toISOString()}) to their state before it, as one change. ${String(result.message)}`, restored_group_id: groupId };
}
