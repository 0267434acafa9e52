import { resolveTarget } from '../workspace/resolve-target';
import { backupListing } from './restorable';
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
    return backupListing(path, ctx.services.store.list(path));
  },
};
