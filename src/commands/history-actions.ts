import * as vscode from 'vscode';
import type { JournalEntry } from '../history/types';
import type { Services } from '../hosts/vscode/services';
import { resolveTarget } from '../hosts/vscode/resolve-target';
import { readArgs } from './args';
import { openBackupDiff } from './backup-diff';
import { COMMAND_ROLLBACK_TOOL } from './command-tools';
import { announce, argPath, cancelled, CommandOutcome, commandContext, confirmModal, restoreAndNote, restoreGroupAndNote, restoreOutcome } from './restore-support';

/**
 * The history tree's item actions. Contract with the tree: the argument is an entry item
 * (`entry: JournalEntry`), a file item (`path`), or a plain `{ entryId }` / `{ path }`.
 * The entry is looked up again in the store, so an item that outlived a clear says so.
 */
function entryFrom(services: Services, arg: unknown): JournalEntry | undefined {
  const { entryId } = readArgs(arg);
  return entryId === undefined ? undefined : services.store.get(entryId);
}

const GONE = 'Agent Safe Edit: this history entry no longer exists (its backups were cleared or expired).';

/** Diff editor: the text before this edit on the left, the file as it is now on the right. */
export async function compareWithCurrentCommand(services: Services, arg: unknown): Promise<CommandOutcome> {
  const entry = entryFrom(services, arg);
  if (!entry) return announce({ ok: false, message: GONE });
  if (!entry.has_snapshot) return announce({ ok: false, message: `Agent Safe Edit: no backup was stored for this ${entry.outcome} attempt on ${entry.path}; the file was not changed by it.` });
  await openBackupDiff(services, entry);
  return { ok: true, message: `Comparing ${entry.path} with the state before ${entry.tool}.`, path: entry.path, entry_id: entry.id };
}

/** Restores the file to the state before this edit (modal confirmation unless `{ confirm: false }`). */
export async function rollbackToBeforeCommand(services: Services, arg: unknown): Promise<CommandOutcome> {
  const entry = entryFrom(services, arg);
  if (!entry) return announce({ ok: false, message: GONE });
  if (!entry.has_snapshot) return announce({ ok: false, message: `Agent Safe Edit: no backup was stored for this ${entry.outcome} attempt on ${entry.path}, so there is nothing to restore.` });
  const group = entry.group_id !== undefined ? services.store.listGroup(entry.group_id) : [];
  const others = group.filter((e) => e.path !== entry.path).map((e) => e.path);
  const yes = await confirmModal(
    services,
    readArgs(arg).confirm,
    others.length
      ? `Roll back ${entry.path} and the ${others.length} other file${others.length === 1 ? '' : 's'} of the same change (${others.join(', ')}) to the state before ${entry.tool} (${new Date(entry.time).toLocaleString()})?`
      : `Roll back ${entry.path} to the state before ${entry.tool} (${new Date(entry.time).toLocaleString()})?`,
    'The current text is backed up first, so this rollback can itself be rolled back.',
    'Roll Back',
  );
  if (!yes) return cancelled();
  // one change of several files is undone as one (restoreGroupAndNote), like the tool does
  const result = entry.group_id !== undefined
    ? await restoreGroupAndNote(services, commandContext(services), entry.group_id, COMMAND_ROLLBACK_TOOL)
    : await restoreAndNote(services, commandContext(services), entry.path, entry, COMMAND_ROLLBACK_TOOL);
  return announce({ ...restoreOutcome(result), path: entry.path, entry_id: entry.id });
}

/** Copies the entry's before_sha256 (the hash an agent would pass as base_sha256 for that state). */
export async function copySha256Command(services: Services, arg: unknown): Promise<CommandOutcome> {
  const entry = entryFrom(services, arg);
  if (!entry) return announce({ ok: false, message: GONE });
  await vscode.env.clipboard.writeText(entry.before_sha256);
  void vscode.window.setStatusBarMessage(`Copied sha256 ${entry.before_sha256.slice(0, 12)}…`, 3000);
  return { ok: true, message: 'Copied.', sha256: entry.before_sha256 };
}

/** Opens the file of an entry or file item and reveals it in the Explorer. */
export async function revealFileCommand(services: Services, arg: unknown): Promise<CommandOutcome> {
  const args = readArgs(arg);
  const path = (await argPath(services, args)) ?? (args.entryId !== undefined ? services.store.get(args.entryId)?.path : undefined);
  if (path === undefined) return announce({ ok: false, message: GONE });
  const resolved = await resolveTarget(path, { forWrite: false, allowCreate: false, protectedDirs: [services.storageDir] });
  if (!resolved.ok) return announce({ ok: false, message: `Agent Safe Edit: ${resolved.failure.message}` });
  await vscode.window.showTextDocument(resolved.target.uri, { preview: true });
  await vscode.commands.executeCommand('revealInExplorer', resolved.target.uri);
  return { ok: true, message: `Opened ${path}.`, path, uri: resolved.target.uri.toString() };
}
