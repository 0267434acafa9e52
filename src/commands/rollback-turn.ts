import * as vscode from 'vscode';
import type { Turn } from '../history/turns';
import type { Services } from '../hosts/vscode/services';
import { readArgs } from './args';
import { announce, cancelled, CommandOutcome } from './restore-support';
import { describeTurn, planTurnRollback, rollbackableTurns } from './turn-plan';
import { runTurnRollback } from './turn-run';

/**
 * "Roll Back Agent Turn…": pick a turn (or `{ turnIndex }`, an index into the turns that
 * changed files, newest first), then the preview of its files (each with its writer, what
 * happens to it and its diff; all picked but those held back), then every picked file goes
 * back to its state before the turn's first change of it: files the turn created are deleted
 * (only while unchanged since), files it deleted re-created. `{ paths }` selects files,
 * `{ confirm: false }` (our own UI only) skips the preview. The restores share one new turn id,
 * so the turn rollback is itself the newest turn: Redo Agent Turn (or rolling it back) undoes it.
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
  return runTurnRollback(services, turn, planTurnRollback(turn), 'rollback', args);
}

async function pickTurn(turns: Turn[]): Promise<Turn | undefined> {
  const now = Date.now();
  const items = turns.map((turn) => ({ ...describeTurn(turn, now), turn }));
  const picked = await vscode.window.showQuickPick(items, { placeHolder: 'Roll back which agent turn? (newest first)', matchOnDetail: true });
  return picked?.turn;
}
