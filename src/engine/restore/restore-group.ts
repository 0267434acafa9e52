import { fail } from '../../core/types';
import type { FilePlan } from '../../core/apply-patch/types';
import { isRestorable } from '../../history/retention';
import { changeKindOf, JournalEntry } from '../../history/types';
import { runMultiFileEdit } from '../edit/multi-file-pipeline';
import { rollbackPrecheck } from './restore-file';
import { journaledLike } from './journaled-like';
import { failureResult, ToolResultJson } from '../results/tool-result';
import { FileContent, InvocationContext, isFileBytes } from '../host';
import type { Snapshot } from '../../history/blobStore';
import { textBytes } from '../../files/write-direct';

/**
 * Rolls back one multi-file change (the entries sharing `groupId`) in one step, all files or
 * none, through the multi-file pipeline: so the rollback is itself one group that can be
 * rolled back. Each file goes back to its content and mode before the change — a backup kept as
 * bytes (not text, or text whose bytes an editor would not keep) is written back byte for byte,
 * over whatever the file holds now, text or not; a file the change created is deleted, one it
 * deleted re-created —; the rollback's hash protocol holds per file (each must still be what its
 * newest recorded change left, unless `force`; never over unsaved changes).
 * Also the way back from a group a crash cut short: every entry kept its before snapshot.
 */
export async function restoreGroup(ctx: InvocationContext, groupId: string, options: { tool?: string; force?: boolean; only?: ReadonlySet<string>; byAgent?: boolean } = {}): Promise<ToolResultJson> {
  const { store } = ctx.host;
  // `only`: the entries to restore (crash recovery restores just the files the change reached).
  const entries = store.listGroup(groupId).filter(isRestorable).filter((e) => !options.only || options.only.has(e.id));
  if (!entries.length) return failureResult(fail('NO_BACKUPS', `No restorable backups of the multi-file change ${groupId} are left.`).failure);
  // Every backup is read first: a missing or damaged one stops everything with nothing changed.
  const snapshots = new Map<JournalEntry, Snapshot>();
  for (const e of entries) {
    if (changeKindOf(e) === 'create') continue;
    const read = await store.readSnapshot(e.before_sha256);
    if (!read.ok) return failureResult(read.failure, { path: e.path });
    snapshots.set(e, read.snapshot);
  }
  const entryOf = (path: string) => entries.find((e) => e.path === path);
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
    precheck: (path, current) => rollbackPrecheck(store, path, current, !!options.force, options.byAgent ? entryOf(path) : undefined),
    // A file the change deleted comes back with the BOM and mode it had (older entries: none recorded).
    likeFor: (path) => journaledLike(entryOf(path)),
    // Each file gets back the mode it had before the change (a mode is part of a file's state).
    modeFor: (path) => {
      const e = entryOf(path);
      return e && changeKindOf(e) !== 'create' ? e.before_mode : undefined;
    },
    // A case-only rename left the file under the name its change created.
    caseHolder: (a, b) => entries.find((e) => (e.path === a || e.path === b) && changeKindOf(e) === 'create')?.path,
    // Never called: planOnContent takes its place (a rollback plans on what the files hold, text or bytes).
    plan: () => ({ ok: false, error: { type: 'INVALID_INPUT', message: 'a group rollback plans on the files\' contents' } }),
    planOnContent: (read) => ({
      ok: true,
      already_applied: false,
      files: entries.map((e): FilePlan => {
        const now = read(e.path);
        if (changeKindOf(e) === 'create') return now === undefined ? { path: e.path, action: 'delete', unchanged: true } : { path: e.path, action: 'delete' };
        const before = snapshots.get(e) as Snapshot;
        const action = now === undefined ? 'add' : 'update';
        // The disk's bytes as they were (stored raw) go back as they are, even when they read as
        // UTF-8 (then with their text, which a case-only rename writes): never through an editor's save.
        if ('bytes' in before || before.raw) {
          const bytes = 'bytes' in before ? before.bytes : Buffer.from(before.text, 'utf8');
          const same = now !== undefined && sameBytes(now, bytes);
          return { path: e.path, action, bytes, ...('text' in before ? { text: before.text } : {}), ...(same ? { unchanged: true } : {}) };
        }
        const same = now !== undefined && !isFileBytes(now) && now.text === before.text;
        return { path: e.path, action, text: before.text, ...(same ? { unchanged: true } : {}) };
      }),
    }),
  });
  if (!result.success) return result;
  return { ...result, message: `Restored the ${entries.length} files of one multi-file change (${entries[0].tool} at ${new Date(entries[0].time).toISOString()}) to their state before it, as one change. ${String(result.message)}`, restored_group_id: groupId };
}

/** True when a file holds exactly these bytes (as read: its bytes, or its text with its BOM). */
function sameBytes(now: FileContent, bytes: Buffer): boolean {
  if (isFileBytes(now)) return now.bytes.equals(bytes);
  return !now.diskBytes && textBytes(now.text, now.bom).equals(bytes);
}
