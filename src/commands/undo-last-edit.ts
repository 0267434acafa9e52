import type { Services } from '../hosts/vscode/services';
import { readArgs } from './args';
import { COMMAND_ROLLBACK_TOOL } from './command-tools';
import { announce, CommandOutcome, cancelled, commandContext, confirmModal, restoreAndNote, restoreOutcome } from './restore-support';
import { chooseUndoTarget } from './undo-target';

/**
 * "Undo Last Agent Edit": restores the state before the newest agent edit in the workspace
 * (any file) that is not already undone, so repeating the command steps further back.
 * Modal confirmation naming the file, unless the argument is `{ confirm: false }`.
 */
export async function undoLastAgentEditCommand(services: Services, arg: unknown): Promise<CommandOutcome> {
  const args = readArgs(arg);
  const entry = await chooseUndoTarget(services.store.listAll(), async (p) => (await services.peekSha256(p)) || undefined);
  if (!entry) return announce({ ok: false, message: 'Agent Safe Edit: there is no agent edit left to undo.' });
  const yes = await confirmModal(
    services,
    args.confirm,
    `Undo the last agent edit of ${entry.path}?`,
    `Restores ${entry.path} to its state before ${entry.tool} at ${new Date(entry.time).toLocaleString()}. The current text is backed up first, so this can be rolled back too.`,
    'Undo Edit',
  );
  if (!yes) return cancelled();
  const result = await restoreAndNote(services, commandContext(services), entry.path, entry, COMMAND_ROLLBACK_TOOL);
  return announce({ ...restoreOutcome(result), path: entry.path, entry_id: entry.id });
}
