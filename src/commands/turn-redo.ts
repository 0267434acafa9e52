import type { JournalEntry } from '../history/types';
import type { Turn } from '../history/turns';
import { writerLabel } from '../history/writerLabel';
import { REDO_TURN_TOOL, TURN_ROLLBACK_TOOL } from './command-tools';
import type { TurnRestoreStep } from './turn-plan';

/** A turn as Redo sees it: a turn rollback, a redo, or anything else (an agent's work, a user's command). */
export type TurnRole = 'rollback' | 'redo' | 'other';

/** The role of a turn, from the tools of the entries that changed files. */
export function turnRole(turn: Turn): TurnRole {
  const changing = turn.entries.filter((e) => e.outcome !== 'blocked' && e.outcome !== 'failed');
  if (changing.length === 0) return 'other';
  if (changing.every((e) => e.tool === TURN_ROLLBACK_TOOL)) return 'rollback';
  if (changing.every((e) => e.tool === REDO_TURN_TOOL)) return 'redo';
  return 'other';
}

/**
 * The turn rollback Redo undoes, from the rollback-able turns newest first: the newest turn
 * rollback that no later redo has undone already (each redo, newest first, consumes the next
 * rollback down), looking only through rollbacks and redos. Any other turn after it (an
 * agent's or the user's new work) ends the search with nothing to redo, as typing ends an
 * editor's redo: putting an older result back would discard that newer work. Pure.
 */
export function redoTarget(turnsNewestFirst: readonly Turn[]): Turn | undefined {
  let redone = 0;
  for (const turn of turnsNewestFirst) {
    const role = turnRole(turn);
    if (role === 'redo') { redone++; continue; }
    if (role !== 'rollback') return undefined;
    if (redone === 0) return turn;
    redone--;
  }
  return undefined;
}

/**
 * For a redo's steps (the steps that roll back a turn rollback): per file, who wrote the content
 * the redo puts back, i.e. the newest change of that file before the rollback touched it, in the
 * words of writerLabel. A file with no earlier change keeps the steps' own writers. Pure; linear
 * in the entries after sorting.
 */
export function withResultWriters(steps: readonly TurnRestoreStep[], allEntries: readonly JournalEntry[]): TurnRestoreStep[] {
  const wanted = new Map(steps.map((s) => [s.path, s.entry.time]));
  const newestBefore = new Map<string, JournalEntry>();
  const ordered = [...allEntries].sort((x, y) => x.time - y.time);
  for (const e of ordered) {
    const limit = wanted.get(e.path);
    if (limit === undefined || e.time >= limit) continue;
    if (e.outcome === 'blocked' || e.outcome === 'failed') continue;
    newestBefore.set(e.path, e);
  }
  return steps.map((s) => {
    const source = newestBefore.get(s.path);
    return source ? { ...s, writers: [writerLabel(source)] } : s;
  });
}
