import { sha256Text } from '../../core/hash';
import { isRestorable } from '../../history/retention';
import { changeKindOf, JournalEntry } from '../../history/types';
import { FileContent, Host, isFileBytes } from '../host';
import { NEVER_CANCELLED } from '../runner';
import { restoreGroup } from './restore-group';
import { MAX_RAW_BYTES } from './restore-file';
import { caseRenamesOf, caseRenameState } from './recover-case-rename';

/** Journaled as the tool of the restores (the history shows who put the files back). */
export const CRASH_RECOVERY_TOOL = 'crash_recovery';

export interface GroupRecovery {
  group_id: string;
  ok: boolean;
  /** The files put back to their state before the change (the change had reached them). */
  restored: string[];
  /** The files left as they are: changed since the crash, or holding something nobody can vouch for. */
  left: string[];
  /** One or two sentences for the user. */
  message: string;
}


/**
 * At start (the extension's activation, the headless server's start): a multi-file change that
 * a crash cut short may have left some files written and others not. Each file is judged by
 * what it holds now:
 * - its state before the change (or, for a file the change would create, no file): the change
 *   never reached it, nothing to do;
 * - what the change meant to leave (journaled when the change began): the change reached it,
 *   and it is put back — all such files as one step, through the group rollback (what they
 *   hold is backed up first, so the recovery itself can be rolled back; never over unsaved
 *   changes);
 * - anything else: someone changed it since (another editor, a checkout days later), or the
 *   journal is too old to say: it is left alone and named, for the user to decide.
 * The host tells the user (VS Code: a notification; the headless server: its log).
 */
export async function recoverInterruptedGroups(host: Host, groups: ReadonlyArray<{ group_id: string; paths: string[] }>): Promise<GroupRecovery[]> {
  const out: GroupRecovery[] = [];
  for (const g of groups) {
    const entries = host.store.listGroup(g.group_id).filter(isRestorable);
    const reached: JournalEntry[] = [];
    const left: string[] = [];
    const renames = caseRenamesOf(entries);
    const inRename = new Set(renames.flatMap((r) => [r.added.id, r.removed.id]));
    for (const rename of renames) {
      const state = await caseRenameState(host, rename);
      if (state === 'reached') reached.push(rename.added, rename.removed);
      else if (state === 'changed') left.push(rename.removed.path, rename.added.path);
    }
    for (const entry of entries) {
      if (inRename.has(entry.id)) continue;
      const state = await stateOf(host, entry);
      if (state === 'reached') reached.push(entry);
      else if (state === 'changed') left.push(entry.path);
    }
    let restored: string[] = [];
    let ok = true;
    let failure = '';
    if (reached.length > 0) {
      const ctx = { host, token: NEVER_CANCELLED, invocationToken: undefined, client: 'command' };
      const result = await restoreGroup(ctx, g.group_id, { tool: CRASH_RECOVERY_TOOL, force: true, only: new Set(reached.map((e) => e.id)) });
      ok = result.success;
      if (ok) restored = reached.map((e) => e.path);
      else failure = String(result.message);
    }
    const message = recoveryMessage(g.paths.length, restored, left, ok ? undefined : failure);
    host.log(message);
    out.push({ group_id: g.group_id, ok, restored, left, message });
  }
  return out;
}

/** Whether the change reached a file, never reached it, or the file changed since (or cannot be judged). */
async function stateOf(host: Host, entry: JournalEntry): Promise<'reached' | 'untouched' | 'changed'> {
  const resolved = await host.files.resolve(entry.path, { forWrite: true, allowCreate: true });
  if (!resolved.ok) return 'changed';
  const read = await host.files.readForRestore(resolved.target, host.settings().maxFileBytes, MAX_RAW_BYTES);
  if (!read.ok) return 'changed';
  const current = read.current;
  const kind = changeKindOf(entry);
  const now = hashOf(current);
  if (kind === 'create' ? now === undefined : now === entry.before_sha256) return 'untouched';
  if (entry.intended_sha256 === undefined) return 'changed';
  if (entry.intended_sha256 === null) return now === undefined ? 'reached' : 'changed';
  return now === entry.intended_sha256 && !(current?.isDirty ?? false) ? 'reached' : 'changed';
}

function hashOf(current: FileContent | undefined): string | undefined {
  if (current === undefined) return undefined;
  return isFileBytes(current) ? current.sha256 : sha256Text(current.text);
}

function recoveryMessage(files: number, restored: string[], left: string[], failure: string | undefined): string {
  const head = `Agent Safe Edit: a change of ${files} files was cut short by a crash`;
  const parts: string[] = [];
  if (failure !== undefined) parts.push(`the files it had reached could not be put back (${failure}); roll it back from the Edit History or with rollback_file`);
  else if (restored.length) parts.push(`${restored.join(', ')} ${restored.length === 1 ? 'was' : 'were'} put back to the state before it (what ${restored.length === 1 ? 'it' : 'they'} held is backed up: rolling back the recovery restores it)`);
  if (left.length) parts.push(`${left.join(', ')} changed since and ${left.length === 1 ? 'was' : 'were'} left as ${left.length === 1 ? 'it is' : 'they are'}: roll back from the Edit History if you want the state before the change`);
  if (!parts.length) parts.push('it had not reached any file: nothing to do');
  return `${head}; ${parts.join('; ')}.`;
}
