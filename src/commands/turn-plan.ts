import { changeKindOf, JournalEntry } from '../history/types';
import { groupIntoTurns, Turn, turnRestorePoints } from '../history/turns';
import { writerLabel } from '../history/writerLabel';
import { ago, isUsersOwn } from '../engine/restore/restorable';

/**
 * What a turn rollback does to one file: put back its content from before the turn, delete it
 * (the turn created it), or re-create it (the turn deleted it).
 */
export type TurnFileAction = 'restore' | 'delete' | 'recreate';

/** One file of a turn rollback: restore `path` to the state before `entry`. */
export interface TurnRestoreStep {
  path: string;
  /** The turn's first change of the file: its "before" is the state the rollback puts back. */
  entry: JournalEntry;
  /** The turn's last change of the file: what the turn left (a created file is deleted only while it still holds this). */
  last: JournalEntry;
  action: TurnFileAction;
  /** Who changed the file in the turn (writerLabel), each once, in order. */
  writers: string[];
  /** The user changed the file during the turn (typing, a save): it is rolled back only if the user picks it. */
  usersOwn: boolean;
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
  const changing = [...turn.entries].filter(changedFile).sort((x, y) => x.time - y.time);
  const byPath = new Map<string, JournalEntry[]>();
  for (const e of changing) {
    const list = byPath.get(e.path);
    if (list) list.push(e);
    else byPath.set(e.path, [e]);
  }
  const steps: TurnRestoreStep[] = [];
  for (const point of turnRestorePoints(turn)) {
    const entry = byId.get(point.entry_id);
    if (!entry) continue;
    const ofPath = (byPath.get(point.path) ?? [entry]).filter((e) => e.time >= entry.time);
    const last = ofPath[ofPath.length - 1] ?? entry;
    steps.push({ path: point.path, entry, last, action: actionOf(entry, last), writers: [...new Set(ofPath.map(writerLabel))], usersOwn: ofPath.some(isUsersOwn) });
  }
  return steps;
}

/** A file the turn created is deleted; one whose last change in the turn deleted it is re-created; else restored. */
function actionOf(first: JournalEntry, last: JournalEntry): TurnFileAction {
  if (changeKindOf(first) === 'create') return 'delete';
  if (changeKindOf(last) === 'delete') return 'recreate';
  return 'restore';
}

/** An entry that may have changed its file (blocked and failed attempts did not). */
function changedFile(e: JournalEntry): boolean {
  return e.outcome !== 'blocked' && e.outcome !== 'failed';
}

/**
 * The steps a selection names, in the plan's order. `paths` are journal paths as the preview
 * lists them; undefined selects every file but those the user changed during the turn (the
 * user's own work is rolled back only when picked) and those `held` back (changed since the
 * turn, unsaved changes: never picked for the user). A path the turn did not change is returned in
 * `unknown` (the caller refuses the whole selection then: a typo must not roll back less than
 * the user meant without saying so).
 */
export function selectSteps(steps: readonly TurnRestoreStep[], paths: readonly string[] | undefined, held: (step: TurnRestoreStep) => boolean = () => false): { selected: TurnRestoreStep[]; unknown: string[] } {
  if (paths === undefined) return { selected: steps.filter((s) => !s.usersOwn && !held(s)), unknown: [] };
  const wanted = new Set(paths);
  const known = new Set(steps.map((s) => s.path));
  return { selected: steps.filter((s) => wanted.has(s.path)), unknown: [...wanted].filter((p) => !known.has(p)) };
}

/** Picker label of a turn: "3 files, 5 edits · 2 min ago". */
export function describeTurn(turn: Turn, now = Date.now()): { label: string; description: string; detail: string } {
  const changing = turn.entries.filter((e) => e.outcome !== 'blocked' && e.outcome !== 'failed');
  const files = turnRestorePoints(turn).map((p) => p.path);
  const added = changing.reduce((n, e) => n + e.lines_added, 0);
  const removed = changing.reduce((n, e) => n + e.lines_removed, 0);
  const tools = [...new Set(changing.map(writerLabel))].join(', ');
  return {
    label: `${files.length} file${files.length === 1 ? '' : 's'}, ${changing.length} edit${changing.length === 1 ? '' : 's'}`,
    description: `${ago(now - turn.end)} · +${added}/−${removed}${turn.turnId ? '' : ' · grouped by time'}`,
    detail: `${files.join(', ')}${tools ? ` — ${tools}` : ''}`,
  };
}
