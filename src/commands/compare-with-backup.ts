import { restorableEntries } from '../engine/restore/restorable';
import type { Services } from '../hosts/vscode/services';
import { readArgs } from './args';
import { openBackupDiff } from './backup-diff';
import { pickFileWithBackups, pickRevision } from './pick-backup';
import { announce, argPath, cancelled, CommandOutcome } from './restore-support';

/**
 * "Compare with Backup…": pick a file and a revision (or pass `{ path, revision | entryId }`)
 * and open a diff editor, backup on the left, the current file on the right. Changes nothing.
 */
export async function compareWithBackupCommand(services: Services, arg: unknown): Promise<CommandOutcome> {
  const args = readArgs(arg);
  const path = (await argPath(services, args)) ?? await pickFileWithBackups(services, 'Compare which file with a backup?');
  if (path === undefined) return cancelled();
  const entries = restorableEntries(services.store.list(path));
  if (entries.length === 0) return announce({ ok: false, message: `Agent Safe Edit: there are no backups of ${path}.` });
  const entry = args.entryId !== undefined ? entries.find((e) => e.id === args.entryId)
    : args.revision !== undefined ? entries[args.revision]
    : await pickRevision(services, entries, `Compare ${path} with a backup`, { preview: false });
  if (!entry) return args.entryId !== undefined || args.revision !== undefined ? announce({ ok: false, message: `Agent Safe Edit: no such backup of ${path}.` }) : cancelled();
  await openBackupDiff(services, entry);
  return { ok: true, message: `Comparing ${path} with the backup before ${entry.tool}.`, path, entry_id: entry.id };
}
