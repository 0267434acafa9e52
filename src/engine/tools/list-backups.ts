import { backupListing } from '../restore/restorable';
import { failureResult } from '../results/tool-result';
import type { ToolDefinition } from '../runner';

export interface ListBackupsInput {
  path: string;
}

/** list_backups: what rollback_file can restore for a file, newest first. */
export const listBackupsTool: ToolDefinition<ListBackupsInput> = {
  name: 'list_backups',
  isRead: true,
  progress: (input) => `Listing backups of ${String(input.path)}`,
  async invoke(input, ctx) {
    const resolved = await ctx.host.files.resolve(input.path, { forWrite: false, allowCreate: true });
    if (!resolved.ok) return failureResult(resolved.failure);
    const path = resolved.target.displayPath;
    return backupListing(path, ctx.host.store.list(path));
  },
};
