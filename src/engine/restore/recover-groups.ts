import type { Host } from '../host';
import { NEVER_CANCELLED } from '../runner';
import { restoreGroup } from './restore-group';

/** Journaled as the tool of the restores (the history shows who put the files back). */
export const CRASH_RECOVERY_TOOL = 'crash_recovery';

export interface GroupRecovery {
  group_id: string;
  ok: boolean;
  /** One or two sentences for the user. */
  message: string;
}

/**
 * At start (the extension's activation, the headless server's start): a multi-file change that
 * a crash cut short leaves its files a mix of old and new texts. Each such change is rolled back
 * as one step to its state before it (all-before), through the group rollback: every file's
 * current text is backed up first, so what the files held after the crash can be restored by
 * rolling back the recovery. A file with unsaved changes is never overwritten; the group then
 * stays as it is and the message says so. The host tells the user (VS Code: a notification;
 * the headless server: its log).
 */
export async function recoverInterruptedGroups(host: Host, groups: ReadonlyArray<{ group_id: string; paths: string[] }>): Promise<GroupRecovery[]> {
  const out: GroupRecovery[] = [];
  for (const g of groups) {
    const ctx = { host, token: NEVER_CANCELLED, invocationToken: undefined, client: 'command' };
    const result = await restoreGroup(ctx, g.group_id, { tool: CRASH_RECOVERY_TOOL, force: true });
    const message = result.success
      ? `Agent Safe Edit: a change of ${g.paths.length} files was cut short by a crash; ${g.paths.join(', ')} were put back to their state before it (what they held is backed up: rolling back the recovery restores it).`
      : `Agent Safe Edit: a change of ${g.paths.length} files was cut short by a crash and could not be put back (${String(result.message)}). Roll it back from the Edit History or with rollback_file.`;
    host.log(message);
    out.push({ group_id: g.group_id, ok: result.success, message });
  }
  return out;
}
