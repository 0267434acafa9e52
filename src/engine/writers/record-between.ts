import type { JournalEntry, Writer } from '../../history/types';
import type { CheckpointHost, FolderCheckpoint, Host, RecordedChanges } from '../host';
import { journalObservedChanges, ObservedChange } from '../write/transaction';
import { GapPiece, gapsOf, Side, TakeWindow } from './journal-gaps';
import { blobBytes, compareCheckpoints, readObserved } from './observed-changes';
import type { PathSeen } from './path-activity';

/** What recording needs of a host: the store, the files, a log and the checkpoints. */
export type RecordingHost = Pick<Host, 'store' | 'files' | 'log'> & { checkpoints: CheckpointHost };

export interface RecordBetweenOptions {
  /** The turn the changes are journaled under. */
  turn: { id?: string; client?: string };
  /** Per path, when a watcher saw it written and by whom (empty without a watcher). */
  seen?: Map<string, PathSeen>;
  /** When the changes were made, where nothing saw them happen (epoch ms). */
  now: number;
  /** Every change is this writer's (execute_program, an agent's tool named by a hook). */
  writer?: Writer;
  /** The journal's tool name; default: the writer's name or kind. */
  tool?: string;
  /** Only these absolute paths are recorded (a checkpoint of some paths carries the others from whichever checkpoint came last). */
  only?: (abs: string) => boolean;
}

/** Our own write's temporary file (files/write-direct.ts), seen if a checkpoint ran mid-write: never another writer's. */
export function isOurTemporaryFile(abs: string): boolean {
  const name = abs.slice(Math.max(abs.lastIndexOf('/'), abs.lastIndexOf('\\')) + 1);
  return name.startsWith('.') && name.endsWith('.tmp') && name.includes('.ase-');
}

/** When the oldest folder checkpoint of a set began: journal entries from then on are newer than it. */
function since(checkpoints: FolderCheckpoint[]): number {
  return Math.min(...checkpoints.map((c) => c.started));
}

/** When a set of folder checkpoints was taken, from the first start to the last end. */
function takeWindow(checkpoints: FolderCheckpoint[]): TakeWindow {
  return { started: since(checkpoints), ended: Math.max(...checkpoints.map((c) => c.ended ?? c.started)) };
}

/** Both names (lower case) of every case-only rename journaled since `since`. */
function caseRenamedSince(entries: readonly JournalEntry[], sinceTime: number): Set<string> {
  const out = new Set<string>();
  for (const e of entries) {
    if (e.time < sinceTime) break; // newest first
    if (e.renamed_from !== undefined && e.renamed_from.toLowerCase() === e.path.toLowerCase()) out.add(e.path.toLowerCase());
  }
  return out;
}

/**
 * Journals the changes between two checkpoints minus what the journal already explains
 * (journal-gaps.ts): one group per writer and side of our own entries (several files of one
 * writer are one change), each entry at the time the change was made. Shared by the writer
 * recorder (one long-lived host) and the agents' hook command (one short process per event).
 */
export async function recordBetween(host: RecordingHost, before: FolderCheckpoint[], after: FolderCheckpoint[], o: RecordBetweenOptions): Promise<RecordedChanges> {
  const seen = o.seen ?? new Map<string, PathSeen>();
  const compared = await compareCheckpoints(host, before, after, (abs) => seen.has(abs));
  const skipped = [...compared.skipped];
  const changes: SeenChange[] = [];
  for (const c of compared.changed) {
    if (isOurTemporaryFile(c.abs) || (o.only && !o.only(c.abs))) continue;
    const observed = await readObserved(host, c);
    // A 'skip' is not a gap in the history: the name still opens a file, which the next checkpoint sees.
    if (observed && 'skip' in observed) continue;
    if (!observed) {
      skipped.push({ path: c.abs, reason: 'not a file the tools may touch, or its content could not be read' });
      continue;
    }
    changes.push({ abs: c.abs, observed });
  }
  return recordObserved(host, changes, since(before), { before: takeWindow(before), after: takeWindow(after) }, o, skipped);
}

/** One file's change as seen (its absolute path, its contents on both sides under its journal path). */
export interface SeenChange {
  abs: string;
  observed: ObservedChange;
}

/**
 * Journals seen changes minus what the journal already explains (journal-gaps.ts): `since`, when
 * the earlier state was read (journal entries from then on may be in between); `takes`, when the
 * two states were read, if that took a while (a side read while our tool wrote says nothing).
 * Shared by recordBetween (checkpoints) and a hooked call's named files (read directly).
 */
export async function recordObserved(host: RecordingHost, changes: readonly SeenChange[], sinceTime: number, takes: { before: TakeWindow; after: TakeWindow } | undefined, o: RecordBetweenOptions, skipped: Array<{ path: string; reason: string }> = []): Promise<RecordedChanges> {
  const seen = o.seen ?? new Map<string, PathSeen>();
  const groups = new Map<string, { writer: Writer; changes: ObservedChange[] }>();
  const renamed = caseRenamedSince(host.store.listAll(), sinceTime);
  for (const { abs, observed } of changes) {
    // Two journal names, one file (a case-insensitive file system): our rename's entries hold the change.
    if (renamed.has(observed.path.toLowerCase())) continue;
    const s = seen.get(abs);
    const modes = { ...(observed.before !== undefined ? { before: observed.beforeMode } : {}), ...(observed.after !== undefined ? { after: observed.afterMode } : {}) };
    const pieces = gapsOf(host.store.list(observed.path), observed.before, observed.after, sinceTime, { first: s?.first ?? o.now, last: s?.last ?? o.now }, takes, modes);
    const writer = writerOf(s?.writer, o.writer);
    for (const [index, piece] of pieces.entries()) {
      const change = await materialize(host, observed.path, piece);
      if (!change) {
        skipped.push({ path: observed.path, reason: 'a state our tools left is no longer in the store' });
        continue;
      }
      // A change before our tool's first entry and one after its last are two changes of the file.
      const key = `${JSON.stringify(writer)}#${pieces.length > 1 ? index : 0}`;
      const slot = groups.get(key) ?? { writer, changes: [] };
      slot.changes.push(change);
      groups.set(key, slot);
    }
  }
  const out: RecordedChanges = { files: [], skipped };
  const { turn } = o;
  for (const { writer, changes: grouped } of groups.values()) {
    const journaled = await journalObservedChanges(host as Host, grouped, {
      // The caller's tool name is its writer's; the user's change meanwhile is the user's.
      tool: (writer === o.writer ? o.tool : undefined) ?? writer.name ?? writer.kind, writer, ...(turn.id ? { turnId: turn.id } : {}), ...(turn.client ? { client: turn.client } : {}),
    });
    if (!journaled.ok) {
      host.log(`Changes by ${writer.kind} could not be recorded: ${journaled.failure.message}`);
      grouped.forEach((c) => skipped.push({ path: c.path, reason: journaled.failure.message }));
      continue;
    }
    // The group of the writer the caller named (a program's run), not of a user's save meanwhile.
    if (journaled.groupId && (o.writer === undefined || writer === o.writer)) out.groupId = journaled.groupId;
    grouped.forEach((c) => out.files.push({ path: c.path, kind: c.kind, writer: writer.kind }));
  }
  return out;
}

/**
 * Who made a seen change, by evidence: the user when the host saw the user type or save the
 * file (even during an agent's call or program run, whose writer is only a claim over whatever
 * changed meanwhile: the user's work stays the user's); else the writer the call or run names;
 * else what the host saw (an agent's own tool); else another program ("outside").
 */
export function writerOf(seen: Writer | undefined, named: Writer | undefined): Writer {
  if (seen?.kind === 'user') return seen;
  return named ?? seen ?? { kind: 'outside' };
}

/** A gap piece as a change to journal, its stored sides read; undefined when a snapshot is gone. */
async function materialize(host: RecordingHost, path: string, piece: GapPiece): Promise<ObservedChange | undefined> {
  const from = await bytesOf(host, piece.from);
  const to = await bytesOf(host, piece.to);
  if (from === null || to === null) return undefined;
  const kind = from === undefined ? 'create' : to === undefined ? 'delete' : 'modify';
  return {
    path, kind, time: piece.time,
    ...(from !== undefined ? { before: from } : {}),
    ...(to !== undefined ? { after: to } : {}),
    ...(piece.fromMode !== undefined ? { beforeMode: piece.fromMode } : {}),
    ...(piece.toMode !== undefined ? { afterMode: piece.toMode } : {}),
  };
}

/** The bytes of one side: undefined for no file, null when a stored snapshot cannot be read. */
async function bytesOf(host: RecordingHost, side: Side): Promise<Buffer | undefined | null> {
  if ('absent' in side) return undefined;
  if ('content' in side) return side.content;
  return (await blobBytes(host, side.stored)) ?? null;
}
