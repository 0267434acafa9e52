import type { JournalEntry } from '../history/types';
import { describeEntry, restorableEntries } from '../engine/restore/restorable';
import type { Services } from '../hosts/vscode/services';
import { readArgs } from './args';
import { COMMAND_ROLLBACK_TOOL } from './command-tools';
import { pickFileWithBackups, pickRevision } from './pick-backup';
import { announce, argPath, cancelled, CommandOutcome, commandContext, confirmModal, restoreAndNote, restoreOutcome } from './restore-support';

/**
 * "Roll Back File…": file picker, revision picker with a live diff preview, modal
 * confirmation, then a journaled restore (itself reversible).
 * Argument (all optional): `{ path, revision | entryId, confirm: false }`; with a path, a
 * revision or entry id and `confirm: false`, no UI is shown at all.
 */
export async function rollbackFileCommand(services: Services, arg: unknown): Promise<CommandOutcome> {
  const args = readArgs(arg);
  const path = (await argPath(services, args)) ?? await pickFileWithBackups(services, 'Roll back which file? (files with agent edits, newest first)');
  if (path === undefined) return cancelled();
  const entries = restorableEntries(services.store.list(path));
  if (entries.length === 0) return announce({ ok: false, message: `Agent Safe Edit: there are no backups of ${path}.` });
  const chosen = await chooseEntry(services, path, entries, args);
  if (!chosen.ok) return chosen.outcome;
  const entry = chosen.entry;
  const revision = entries.indexOf(entry);
  const yes = await confirmModal(
    services,
    args.confirm,
    `Roll back ${path} to the state before ${entry.tool} (${new Date(entry.time).toLocaleString()})?`,
    'The current text is backed up first, so this rollback can itself be rolled back (or undone in the editor).',
    'Roll Back',
  );
  if (!yes) return cancelled();
  const result = await restoreAndNote(services, commandContext(services), path, entry, COMMAND_ROLLBACK_TOOL);
  return announce({ ...restoreOutcome(result), revision, entry_id: entry.id });
}

/** The entry named by the argument (revision or entry id), or the one the user picks. */
async function chooseEntry(services: Services, path: string, entries: JournalEntry[], args: ReturnType<typeof readArgs>): Promise<{ ok: true; entry: JournalEntry } | { ok: false; outcome: CommandOutcome }> {
  if (args.entryId !== undefined) {
    const entry = entries.find((e) => e.id === args.entryId);
    if (entry) return { ok: true, entry };
    return { ok: false, outcome: announce({ ok: false, message: `Agent Safe Edit: ${path} has no restorable backup ${args.entryId}.` }) };
  }
  if (args.revision !== undefined) {
    const entry = entries[args.revision];
    if (entry) return { ok: true, entry };
    return { ok: false, outcome: announce({ ok: false, message: `Agent Safe Edit: ${path} has revisions 0..${entries.length - 1}; revision ${args.revision} does not exist.`, available: entries.map((e, i) => describeEntry(e, i)) }) };
  }
  const entry = await pickRevision(services, entries, `Roll Back ${path}`, { preview: true });
  return entry ? { ok: true, entry } : { ok: false, outcome: cancelled() };
}
