import * as vscode from 'vscode';
import type { Services } from '../tools/services';
import { restoreGroup } from '../tools/restore-group';
import { commandContext } from './restore-support';

/** Journaled as the tool of the restores (the history shows who put the files back). */
export const CRASH_RECOVERY_TOOL = 'crash_recovery';

/**
 * At activation: a multi-file change that a crash cut short leaves its files a mix of old and
 * new texts. Each such change is rolled back as one step to its state before it (all-before),
 * through the group rollback: every file's current text is backed up first, so what the files
 * held after the crash can be restored by rolling back the recovery. A file with unsaved
 * changes is never overwritten; the group then stays as it is and the user is told.
 */
export async function recoverInterruptedGroups(services: Services): Promise<Array<{ group_id: string; ok: boolean; message: string }>> {
  const out: Array<{ group_id: string; ok: boolean; message: string }> = [];
  for (const g of services.interruptedGroups) {
    const result = await restoreGroup(commandContext(services, {}), g.group_id, { tool: CRASH_RECOVERY_TOOL, force: true });
    const message = result.success
      ? `Agent Safe Edit: a change of ${g.paths.length} files was cut short by a crash; ${g.paths.join(', ')} were put back to their state before it (what they held is backed up: Roll Back in the Edit History restores it).`
      : `Agent Safe Edit: a change of ${g.paths.length} files was cut short by a crash and could not be put back (${String(result.message)}). Roll it back from the Edit History.`;
    services.log(message);
    out.push({ group_id: g.group_id, ok: result.success, message });
    void (result.success ? vscode.window.showInformationMessage(message) : vscode.window.showWarningMessage(message));
  }
  return out;
}
