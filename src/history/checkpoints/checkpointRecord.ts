import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { LeftOutReason } from './manifest';
import { checkpointsDir } from './storeFiles';

/** A left-out path the caller is told about (over a cap, unreadable, vanished, not a regular file). */
export interface ListedLeftOut {
  path: string;
  reason: LeftOutReason;
  size?: number;
}

/**
 * One checkpoint, as stored in `<store>/checkpoints/<id>.json` (written whole: temp file,
 * fsync, rename, after every blob it names is durable). Its existence is the checkpoint: a
 * crash before the rename leaves only unreferenced blobs, which the next open collects.
 */
export interface CheckpointRecord {
  format: 'ase-checkpoint 1';
  id: string;
  /** The workspace folder, absolute. */
  root: string;
  /** When the walk started (ms since the epoch). */
  time: number;
  /** From the walk's start until the record was written; the fsyncs that make it and its blobs durable come after. */
  took_ms: number;
  /** The manifest's chunks, in path order: raw blobs of the store. */
  chunks: string[];
  /** Files and links recorded, and the bytes of the files. */
  files: number;
  bytes: number;
  /** Left-out paths counted by reason (rule-based ones included). */
  left_out_counts: Partial<Record<LeftOutReason, number>>;
  /** The listed reasons' paths, at most MAX_LISTED; `left_out_more` counts the rest. */
  left_out: ListedLeftOut[];
  left_out_more: number;
  /** The exclude globs the walk was given, and those refused (too long, too many alternatives). */
  excludes: string[];
  excludes_refused: string[];
  /** The rules it was taken with (excludes, .gitignore, caps) as one JSON key: a watcher-driven take needs the same. */
  rules: string;
  /** How the folder was examined: walked whole, or only the paths a watcher named (TakeOptions.changedPaths). */
  walk: 'full' | 'changed_paths';
  /** Files read and hashed this time (the others were known by their stat values). */
  hashed_files: number;
  /** Blobs this checkpoint added to the store (file contents and manifest chunks), and their bytes on disk. */
  new_blobs: number;
  new_blob_bytes: number;
}

export const RECORD_FORMAT = 'ase-checkpoint 1';
export const MAX_LISTED = 1000;
const ID_RE = /^[0-9a-z]{9}-[0-9a-f]{8}$/;

/** A new checkpoint id: time-ordered (base-36 milliseconds, fixed width), then random. */
export function newCheckpointId(now: number): string {
  return `${now.toString(36).padStart(9, '0')}-${randomBytes(4).toString('hex')}`;
}

export function isCheckpointId(id: string): boolean {
  return ID_RE.test(id);
}

export function recordFile(storeRoot: string, id: string): string {
  return path.join(checkpointsDir(storeRoot), `${id}.json`);
}

/** Reads one record; throws when it is missing or not a record. */
export function readRecordSync(storeRoot: string, id: string): CheckpointRecord {
  return parseRecord(fs.readFileSync(recordFile(storeRoot, id), 'utf8'), id);
}

export async function readRecord(storeRoot: string, id: string): Promise<CheckpointRecord> {
  return parseRecord(await fs.promises.readFile(recordFile(storeRoot, id), 'utf8'), id);
}

/** Reads one record with the size of its file (the store's cap counts it); throws as readRecord. */
export async function readRecordSized(storeRoot: string, id: string): Promise<{ record: CheckpointRecord; bytes: number }> {
  const data = await fs.promises.readFile(recordFile(storeRoot, id));
  return { record: parseRecord(data.toString('utf8'), id), bytes: data.length };
}

function parseRecord(text: string, id: string): CheckpointRecord {
  const r = JSON.parse(text) as CheckpointRecord;
  if (r.format !== RECORD_FORMAT || r.id !== id || typeof r.root !== 'string' || !Array.isArray(r.chunks)
    || !r.chunks.every((c) => typeof c === 'string' && /^[0-9a-f]{64}$/.test(c))) {
    throw new Error(`checkpoint ${id} is not a valid record`);
  }
  return r;
}

/** The ids of the stored checkpoints, oldest first (ids sort by time). */
export async function listRecordIds(storeRoot: string): Promise<string[]> {
  let names: string[];
  try { names = await fs.promises.readdir(checkpointsDir(storeRoot)); } catch { return []; }
  return names.filter((n) => n.endsWith('.json')).map((n) => n.slice(0, -5)).filter(isCheckpointId).sort();
}
