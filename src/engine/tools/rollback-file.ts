import { chooseRestorable } from '../restore/restorable';
import { restoreBefore } from '../restore/restore-file';
import { restoreGroup } from '../restore/restore-group';
import { failureResult } from '../results/tool-result';
import type { ToolDefinition } from '../runner';

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
  progress: (input) => `Rolling back ${String(input.path)}`,
  async invoke(input, ctx) {
    const resolved = await ctx.host.files.resolve(input.path, { forWrite: true, allowCreate: true });
    if (!resolved.ok) return failureResult(resolved.failure);
    const path = resolved.target.displayPath;
    const chosen = chooseRestorable(path, ctx.host.store.list(path), input);
    if (!chosen.ok) return failureResult(chosen.failure, { path });
    const { entry } = chosen;
    if (entry.group_id !== undefined && input.group !== false) return restoreGroup(ctx, entry.group_id, { force: input.force === true });
    return restoreBefore(ctx, path, entry, { force: input.force === true });
  },
};
