import * as vscode from 'vscode';
import type { Turn } from '../history/turns';
import type { Services } from '../hosts/vscode/services';
import { readArgs } from './args';
import { TURN_ROLLBACK_TOOL } from './command-tools';
import { announce, cancelled, CommandOutcome, commandContext, confirmModal, restoreAndNote } from './restore-support';
import { describeTurn, planTurnRollback, rollbackableTurns } from './turn-plan';

/**
 * "Roll Back Agent Turn…": pick a turn (or `{ turnIndex }`, an index into the turns that
 * changed files, newest first), confirm (unless `{ confirm: false }`), then restore every file
 * the turn changed to its state before the turn's first change of it; files the turn created
 * are removed. Every backup is read before any file is touched, so a missing or damaged backup
 * stops the rollback with nothing changed. The restores share one new turn id, so the turn rollback is
 * itself the newest turn and can be rolled back the same way.
 */
export async function rollbackTurnCommand(services: Services, arg: unknown): Promise<CommandOutcome> {
  const args = readArgs(arg);
  const turns = rollbackableTurns(services.store.listAll(), services.settings().turnsQuietGapMs);
  if (turns.length === 0) return announce({ ok: false, message: 'Agent Safe Edit: no agent turn changed any file, so there is nothing to roll back.' });
  let turn: Turn | undefined;
  if (args.turnIndex !== undefined) {
    turn = turns[args.turnIndex];
    if (!turn) return announce({ ok: false, message: `Agent Safe Edit: there are ${turns.length} turns (0..${turns.length - 1}); turn ${args.turnIndex} does not exist.` });
  } else {
    turn = await pickTurn(turns);
    if (!turn) return cancelled();
  }
  const steps = planTurnRollback(turn);
  for (const step of steps) {
    const stored = await services.store.readSnapshot(step.entry.before_sha256);
    if (!stored.ok) return announce({ ok: false, message: `Agent Safe Edit: the backup of ${step.path} cannot be read (${stored.failure.message}). Nothing was changed.` });
  }
  const files = steps.map((s) => s.path);
  const yes = await confirmModal(
    services,
    args.confirm,
    `Roll back the agent turn that changed ${files.length} file${files.length === 1 ? '' : 's'}?`,
    `${files.join('\n')}\n\nEach file goes back to its state before the turn; files the turn created are deleted. Every current text is backed up first, so this rollback can itself be rolled back.`,
    'Roll Back Turn',
  );
  if (!yes) return cancelled();
  const ctx = commandContext(services, {});
  const restored: string[] = [];
  const failed: { path: string; message: string }[] = [];
  for (const step of steps) {
    const result = await restoreAndNote(services, ctx, step.path, step.entry, TURN_ROLLBACK_TOOL);
    if (result.success) restored.push(step.path);
    else failed.push({ path: step.path, message: String(result.message) });
  }
  const message = failed.length === 0
    ? `Agent Safe Edit: rolled back the turn (${restored.length} file${restored.length === 1 ? '' : 's'}: ${restored.join(', ')}).`
    : `Agent Safe Edit: rolled back ${restored.length} of ${steps.length} files; ${failed.map((f) => `${f.path}: ${f.message}`).join(' ')}`;
  return announce({ ok: failed.length === 0, message, restored, failed, turn_id: turn.id });
}

async function pickTurn(turns: Turn[]): Promise<Turn | undefined> {
  const now = Date.now();
  const items = turns.map((turn) => ({ ...describeTurn(turn, now), turn }));
  const picked = await vscode.window.showQuickPick(items, { placeHolder: 'Roll back which agent turn? (newest first)', matchOnDetail: true });
  return picked?.turn;
}
