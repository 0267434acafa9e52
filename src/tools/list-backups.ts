import { resolveTarget } from '../workspace/resolve-target';
import { restorableEntries } from './restorable';
import { failureResult } from './tool-result';
import type { ToolDefinition } from './tool-runner';

export interface ListBackupsInput {
  path: string;
}

/** list_backups: what rollback_file can restore for a file, newest first. */
export const listBackupsTool: ToolDefinition<ListBackupsInput> = {
  name: 'list_backups',
  isRead: true,
  prepare: (input) => ({ invocationMessage: `Listing backups of ${String(input.path)}` }),
  async invoke(input, ctx) {
    const resolved = await resolveTarget(input.path, { forWrite: false, allowCreate: true, protectedDirs: [] });
    if (!resolved.ok) return failureResult(resolved.failure);
    const path = resolved.target.displayPath;
    const entries = restorableEntries(ctx.services.store.list(path));
    return {
      success: true,
      message: entries.length === 0 ? `No backups of ${path}.` : `${entries.length} backup${entries.length === 1 ? '' : 's'} of ${path}, newest first; pass revision (the index) or backup_id to rollback_file.`,
      path,
      backups: entries.map((e, revision) => ({
        revision,
        id: e.id,
        time: new Date(e.time).toISOString(),
        tool: e.tool,
        bytes: e.bytes,
        lines_added: e.lines_added,
        lines_removed: e.lines_removed,
        outcome: e.outcome,
      })),
    };
  },
};
