import type { JournalEntry } from '../history/types';
import { groupIntoTurns, Turn, turnRestorePoints } from '../history/turns';
import { ago } from '../engine/restore/restorable';

/** One file of a turn rollback: restore `path` to the state before `entry`. */
export interface TurnRestoreStep {
  path: string;
  entry: JournalEntry;
}

/**
 * The turns "Roll Back Agent Turn…" offers, newest first: the journal grouped into turns
 * (by turn id, else by `quietGapMs`), keeping only turns that changed at least one file (a
 * turn of blocked or failed attempts has nothing to roll back). `turnIndex` in the command's
 * argument indexes this list. Pure.
 */
export function rollbackableTurns(entries: readonly JournalEntry[], quietGapMs: number): Turn[] {
  return groupIntoTurns(entries, { quietGapMs }).filter((t) => turnRestorePoints(t).length > 0);
}

/**
 * The per-file restore steps that undo a whole turn: for each file the turn changed, its
 * first changing entry in the turn (whose "before" is the file's state before the turn), in
 * order of first touch. A file the turn created gets its creation entry, so restoring it
 * removes the file. Pure; whether the backups can still be read is the caller's check.
 */
export function planTurnRollback(turn: Turn): TurnRestoreStep[] {
  const byId = new Map(turn.entries.map((e) => [e.id, e]));
  const steps: TurnRestoreStep[] = [];
  for (const point of turnRestorePoints(turn)) {
    const entry = byId.get(point.entry_id);
    if (entry) steps.push({ path: point.path, entry });
  }
  return steps;
}

/** Picker label of a turn: "3 files, 5 edits · 2 min ago". */
export function describeTurn(turn: Turn, now = Date.now()): { label: string; description: string; detail: string } {
  const changing = turn.entries.filter((e) => e.outcome !== 'blocked' && e.outcome !== 'failed');
  const files = turnRestorePoints(turn).map((p) => p.path);
  const added = changing.reduce((n, e) => n + e.lines_added, 0);
  const removed = changing.reduce((n, e) => n + e.lines_removed, 0);
  const tools = [...new Set(changing.map((e) => e.tool))].join(', ');
  return {
    label: `${files.length} file${files.length === 1 ? '' : 's'}, ${changing.length} edit${changing.length === 1 ? '' : 's'}`,
    description: `${ago(now - turn.end)} · +${added}/−${removed}${turn.turnId ? '' : ' · grouped by time'}`,
    detail: `${files.join(', ')}${tools ? ` — ${tools}` : ''}`,
  };
}
