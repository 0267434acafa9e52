import { JournalEntry } from './types';

/** A group of journal entries made by one agent turn (one chat request). */
export interface Turn {
  /** The entries' `turn_id`, or "gap:<first entry id>" for a turn found by time. */
  id: string;
  /** Set when the turn was identified by the caller's turn id. */
  turnId?: string;
  /** Time of the first and last entry. */
  start: number;
  end: number;
  /** The turn's entries, oldest first. */
  entries: JournalEntry[];
  /** Files the turn touched, in order of first touch. */
  paths: string[];
}

export interface TurnGroupingOptions {
  /** Untagged entries further apart than this start a new turn. Default 2 minutes. */
  quietGapMs?: number;
}

/**
 * Groups journal entries into agent turns. Pure; the input may be in any order.
 *
 * - Entries carrying a `turn_id` belong to the turn with that id, however far apart.
 * - Entries without one form turns by time: an entry joins the previous untagged entry's
 *   turn when it follows it within `quietGapMs` and no tagged entry came in between;
 *   otherwise it starts a new turn.
 * Returns turns newest first (by their last entry).
 */
export function groupIntoTurns(entries: readonly JournalEntry[], options: TurnGroupingOptions = {}): Turn[] {
  const gap = options.quietGapMs ?? 2 * 60 * 1000;
  const ordered = entries.map((entry, index) => ({ entry, index }))
    .sort((x, y) => x.entry.time - y.entry.time || x.index - y.index)
    .map((x) => x.entry);

  const turns = new Map<string, Turn>();
  let currentGapTurn: Turn | undefined;
  let lastUntaggedTime = -Infinity;
  for (const entry of ordered) {
    let turn: Turn | undefined;
    if (entry.turn_id !== undefined) {
      const key = `turn:${entry.turn_id}`;
      turn = turns.get(key);
      if (!turn) { turn = newTurn(entry.turn_id, entry, entry.turn_id); turns.set(key, turn); }
      currentGapTurn = undefined;
    } else {
      if (!currentGapTurn || entry.time - lastUntaggedTime > gap) {
        currentGapTurn = newTurn(`gap:${entry.id}`, entry);
        turns.set(`gap:${entry.id}`, currentGapTurn);
      }
      turn = currentGapTurn;
      lastUntaggedTime = entry.time;
    }
    turn.entries.push(entry);
    turn.end = Math.max(turn.end, entry.time);
    if (!turn.paths.includes(entry.path)) turn.paths.push(entry.path);
  }
  return [...turns.values()].sort((x, y) => y.end - x.end);
}

function newTurn(id: string, first: JournalEntry, turnId?: string): Turn {
  return { id, ...(turnId !== undefined ? { turnId } : {}), start: first.time, end: first.time, entries: [], paths: [] };
}

/** What rolling back a turn restores for one file. */
export interface TurnRestorePoint {
  path: string;
  /** The file's text before the turn first changed it. */
  before_sha256: string;
  /** The entry that sha comes from. */
  entry_id: string;
}

/**
 * For each file a turn may have changed, the state to restore to undo the whole turn: the
 * `before_sha256` of the file's first entry in the turn that has a stored snapshot and
 * may have changed the file (outcome not "blocked"/"failed"). Files whose entries in the
 * turn were all blocked or failed were not changed and get no restore point. In order of
 * first touch.
 */
export function turnRestorePoints(turn: Turn): TurnRestorePoint[] {
  const points = new Map<string, TurnRestorePoint>();
  const ordered = [...turn.entries].sort((x, y) => x.time - y.time);
  for (const entry of ordered) {
    if (points.has(entry.path) || !entry.has_snapshot) continue;
    if (entry.outcome === 'blocked' || entry.outcome === 'failed') continue;
    points.set(entry.path, { path: entry.path, before_sha256: entry.before_sha256, entry_id: entry.id });
  }
  return [...points.values()];
}
