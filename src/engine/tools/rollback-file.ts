import { chooseRestorable } from '../restore/restorable';
import { restoreBefore } from '../restore/restore-file';
import { restoreGroup } from '../restore/restore-group';
import { fail } from '../../core/types';
import { failureResult } from '../results/tool-result';
import type { JournalEntry } from '../../history/types';
import type { InvocationContext } from '../host';
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
    // The tool is an agent's, whatever the client: it never undoes the user's work, and another program's only when named, with force.
    if (entry.group_id !== undefined && input.group !== false) return restoreGroup(ctx, entry.group_id, { force: input.force === true, byAgent: true });
    const rename = caseRenameOf(ctx, entry);
    if (rename) {
      // The two names are one file: undoing the new name's "create" alone would delete it, and the old name's "delete" alone finds its name taken.
      const message = `${path} is one side of a case-only rename (${rename.renamed_from} → ${rename.path}): both names are one file on this file system, so it is rolled back only with its change as a whole. Nothing was changed; call rollback_file again without group: false.`;
      return failureResult(fail('INVALID_INPUT', message, { reason: 'case_only_rename' }).failure, { path });
    }
    return restoreBefore(ctx, path, entry, { force: input.force === true, byAgent: true });
  },
};

/** The new name's entry of the case-only rename `entry` belongs to (either side), if any. */
function caseRenameOf(ctx: InvocationContext, entry: JournalEntry): (JournalEntry & { renamed_from: string }) | undefined {
  if (entry.group_id === undefined) return undefined;
  const found = ctx.host.store.listGroup(entry.group_id).find((e) => e.renamed_from !== undefined && (e.id === entry.id || e.renamed_from === entry.path));
  return found as (JournalEntry & { renamed_from: string }) | undefined;
}
