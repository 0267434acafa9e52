import type { Services } from '../hosts/vscode/services';
import { readArgs } from './args';
import { announce, CommandOutcome } from './restore-support';
import { planTurnRollback, rollbackableTurns } from './turn-plan';
import { redoTarget, withResultWriters } from './turn-redo';
import { runTurnRollback } from './turn-run';

/**
 * "Redo Agent Turn": puts back what the newest turn rollback took away, by rolling that
 * rollback back, with the same preview (each file with the writer of the content that comes
 * back) and the same arguments (`{ paths, confirm }`). The redo is itself a turn, so the turn
 * can be rolled back again. Nothing to redo when the newest turn is not a turn rollback (new
 * work since would be discarded) or every rollback was redone already.
 */
export async function redoTurnCommand(services: Services, arg: unknown): Promise<CommandOutcome> {
  const args = readArgs(arg);
  const all = services.store.listAll();
  const target = redoTarget(rollbackableTurns(all, services.settings().turnsQuietGapMs));
  if (!target) return announce({ ok: false, message: 'Agent Safe Edit: there is no turn rollback to redo (the newest change is not a rollback of a turn, or it was redone already).' });
  return runTurnRollback(services, target, withResultWriters(planTurnRollback(target), all), 'redo', args);
}
