import { sha256Bytes, sha256Text } from '../../core/hash';
import { decodeTextFile } from '../../files/decode';
import { isRestorable } from '../../history/retention';
import { changeKindOf, JournalEntry } from '../../history/types';

/** One side of a change: a file's content, or no file (absent). */
export type Side = { content: Buffer } | { absent: true } | { stored: string };

/**
 * A piece of an observed change the journal does not explain yet: from one state to the next,
 * at a time. `stored` names a snapshot in the store (an entry's before or after), read by the
 * caller.
 */
export interface GapPiece {
  from: Side;
  to: Side;
  time: number;
  /** The permission bits on each side, where known (a checkpoint read them, or our entry journaled them). */
  fromMode?: number;
  toMode?: number;
}

/**
 * What a file's change between two checkpoints (`before` → `after`, undefined where there was no
 * file) needs recorded, given the file's journal entries newest first and when the earlier
 * checkpoint began (`since`):
 * - no entry since then: the whole change, made when the first write was seen (`madeAt`);
 * - else our tools changed the file meanwhile, each entry holding exactly its own change; what
 *   is left is before the first one (the file was not what the checkpoint held when our tool
 *   read it: another writer changed it first) and after the last one (another writer changed
 *   what our tool left). Each such piece is recorded, the first just before our first entry, the
 *   second after our last one. Nothing when the entries explain it all.
 */
export function gapsOf(entries: readonly JournalEntry[], before: Buffer | undefined, after: Buffer | undefined, since: number, madeAt: { first: number; last: number }, takes?: { before: TakeWindow; after: TakeWindow }, modes: { before?: number; after?: number } = {}): GapPiece[] {
  // A checkpoint taken while our tool wrote the file may hold a state in between (our temporary
  // file renamed over it, or not yet): that side says nothing reliable about other writers.
  // (A recorded change, one with a writer, was journaled after the fact: it wrote nothing.)
  const writing = entries.filter((e) => e.writer === undefined && e.outcome !== 'blocked' && e.outcome !== 'failed');
  const beforeTorn = takes !== undefined && writing.some((e) => overlaps(e, takes.before));
  const afterTorn = takes !== undefined && writing.some((e) => overlaps(e, takes.after));
  // Entries finished once the earlier checkpoint began may or may not be in it (it read the file
  // before or after the write): one whose result it holds, and all before it, are behind it.
  const recent = entries.filter((e) => isRestorable(e) && (e.finished_time ?? e.time) >= since);
  // (Its result: the content it left, and its mode where it journaled one.)
  const inBefore = recent.findIndex((e) => leftAbsent(e) ? before === undefined : holds(before, afterHashes(e)) && !differs(modeLeftBy(e), modes.before));
  const ours = inBefore >= 0 ? recent.slice(0, inBefore) : recent;
  const side = (b: Buffer | undefined): Side => (b === undefined ? { absent: true } : { content: b });
  // A change of mode alone is a change: a mode is part of a file's state.
  const modeChanged = differs(modes.before, modes.after);
  const withModes = (piece: GapPiece, fromMode: number | undefined, toMode: number | undefined): GapPiece => ({
    ...piece, ...(fromMode !== undefined && !('absent' in piece.from) ? { fromMode } : {}), ...(toMode !== undefined && !('absent' in piece.to) ? { toMode } : {}),
  });
  if (ours.length === 0) return beforeTorn || afterTorn || (sameSide(before, after) && !modeChanged) ? [] : [withModes({ from: side(before), to: side(after), time: madeAt.first }, modes.before, modes.after)];
  const first = ours[ours.length - 1];
  const last = ours[0];
  const pieces: GapPiece[] = [];
  const firstFoundAbsent = changeKindOf(first) === 'create';
  // Our entries journal the mode they found and the one they left (a rollback sets one): another
  // writer's change of mode alone shows as a mode they do not explain, before or after them.
  const firstFoundMode = differs(modes.before, first.before_mode);
  if (!beforeTorn && (firstFoundAbsent ? before !== undefined : !holds(before, [first.before_sha256]) || firstFoundMode)) {
    pieces.push(withModes({ from: side(before), to: firstFoundAbsent ? { absent: true } : { stored: first.before_sha256 }, time: Math.min(madeAt.first, first.time - 1) }, modes.before, first.before_mode));
  }
  const lastLeftAbsent = leftAbsent(last);
  const lastAfter = afterHashes(last);
  if (last.outcome === 'interrupted' || (last.after_sha256 === null && !lastLeftAbsent)) {
    // What an interrupted change left is not known: the whole span after our first entry's before is the other writer's to show.
    return pieces;
  }
  const lastLeftMode = modeLeftBy(last);
  if (!afterTorn && (lastLeftAbsent ? after !== undefined : !holds(after, lastAfter) || differs(lastLeftMode, modes.after))) {
    pieces.push(withModes({ from: lastLeftAbsent ? { absent: true } : { stored: last.after_sha256 as string }, to: side(after), time: Math.max(madeAt.last, last.time + 1) }, lastLeftMode, modes.after));
  }
  return pieces;
}

/** True when `content` is the state one of `hashes` names (the hash of its text, BOM excluded, or of its bytes). */
export function holds(content: Buffer | undefined, hashes: readonly string[]): boolean {
  if (content === undefined) return false;
  const raw = sha256Bytes(content);
  if (hashes.includes(raw)) return true;
  const decoded = decodeTextFile(content, '');
  return decoded.ok && hashes.includes(sha256Text(decoded.text));
}

/** When a checkpoint was being taken (epoch ms). */
export interface TakeWindow {
  started: number;
  ended: number;
}

/** True when our change of the file may have been under way while the checkpoint was taken. */
function overlaps(e: JournalEntry, take: TakeWindow): boolean {
  return e.time <= take.ended && (e.finished_time ?? Number.POSITIVE_INFINITY) >= take.started;
}

function leftAbsent(e: JournalEntry): boolean {
  return changeKindOf(e) === 'delete';
}

function afterHashes(e: JournalEntry): string[] {
  return [e.after_sha256, e.after_disk_sha256].filter((h): h is string => typeof h === 'string');
}

function sameSide(a: Buffer | undefined, b: Buffer | undefined): boolean {
  return a === undefined ? b === undefined : b !== undefined && a.equals(b);
}

/** Two known modes that differ (an unknown one explains nothing and contradicts nothing). */
function differs(a: number | undefined, b: number | undefined): boolean {
  return a !== undefined && b !== undefined && a !== b;
}

/** The mode an entry left the file with: the one it set, else the one it found (our edits keep a file's mode). */
function modeLeftBy(e: JournalEntry): number | undefined {
  return e.after_mode ?? e.before_mode;
}
