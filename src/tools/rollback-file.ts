import { fail } from '../core/types';
import { resolveTarget } from '../workspace/resolve-target';
import { describeEntry, restorableEntries } from './restorable';
import { restoreBefore } from './restore-file';
import { restoreGroup } from './restore-group';
import { failureResult } from './tool-result';
import type { ToolDefinition } from './tool-runner';

export interface RollbackFileInput {
  path: string;
  revision?: number;
  backup_id?: string;
  /** Restore even when the file changed since the newest agent edit (never over unsaved changes). */
  force?: boolean;
  /** When the entry is part of a multi-file change: restore all its files (default) or this one only. */
  group?: boolean;
}

/** rollback_file: restore the state before an agent edit from the automatic backups. */
export const rollbackFileTool: ToolDefinition<RollbackFileInput> = {
  name: 'rollback_file',
  prepare: (input) => ({ invocationMessage: `Rolling back ${String(input.path)}` }),
  async invoke(input, ctx) {
    const resolved = await resolveTarget(input.path, { forWrite: true, allowCreate: true, protectedDirs: [ctx.services.storageDir] });
    if (!resolved.ok) return failureResult(resolved.failure);
    const path = resolved.target.displayPath;
    const entries = restorableEntries(ctx.services.store.list(path));
    if (entries.length === 0) return failureResult(fail('NO_BACKUPS', `There are no backups of ${path}: no agent edit of it was recorded.`).failure, { path });
    let entry;
    if (input.backup_id !== undefined) {
      entry = entries.find((e) => e.id === input.backup_id);
      if (!entry) return failureResult(fail('REVISION_OUT_OF_RANGE', `No restorable backup ${input.backup_id} of ${path}. Call list_backups for the ids.`, { available: entries.slice(0, 10).map((e, i) => describeEntry(e, i)) }).failure, { path });
    } else {
      const revision = input.revision ?? 0;
      entry = entries[revision];
      if (!entry) {
        return failureResult(fail('REVISION_OUT_OF_RANGE', `${path} has ${entries.length} restorable revision${entries.length === 1 ? '' : 's'} (0..${entries.length - 1}); revision ${revision} does not exist.`, { available: entries.slice(0, 10).map((e, i) => describeEntry(e, i)) }).failure, { path });
      }
    }
    if (entry.group_id !== undefined && input.group !== false) return restoreGroup(ctx, entry.group_id, { force: input.force === true });
    return restoreBefore(ctx, path, entry, { force: input.force === true });
  },
};
