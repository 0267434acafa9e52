import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sha256Bytes } from '../../../../src/core/hash';
import { BackupStore } from '../../../../src/history/backupStore';
import { Checkpoints } from '../../../../src/history/checkpoints/checkpoints';
import { CheckpointRecord } from '../../../../src/history/checkpoints/checkpointRecord';
import { directoryBytes } from '../helpers';

/** Sizes in these tests: random bytes, which gzip cannot shrink, so a blob weighs what its file does (plus a few dozen bytes). */
export const KB = 1024;

/** A change of `file` journaled as applied, its before-content `bytes` random bytes stored raw (one blob of about that size). */
export async function journalVersion(store: BackupStore, file: string, bytes: number): Promise<string> {
  const begun = await store.begin({ tool: 'write_file', path: file, beforeText: '', beforeBytes: randomBytes(bytes) });
  assert.ok(begun.ok, JSON.stringify(begun));
  const finished = await store.finish(begun.id, { outcome: 'applied', after_sha256: sha256Bytes(randomBytes(8)) });
  assert.ok(finished.ok, JSON.stringify(finished));
  return begun.id;
}

/** Writes `bytes` new random bytes to `file` under the workspace, then takes a checkpoint of it. */
export async function takeWith(checkpoints: Checkpoints, ws: string, file: string, bytes: number): Promise<CheckpointRecord> {
  fs.writeFileSync(path.join(ws, file), randomBytes(bytes));
  // ids are time-ordered to the millisecond: the next take starts in a later one
  await new Promise((r) => setTimeout(r, 5));
  const taken = await checkpoints.take(ws);
  assert.ok(taken.ok, JSON.stringify(taken));
  return taken.checkpoint;
}

/** What the store folder holds as the cap counts it: every blob file, the journal, the checkpoint records. */
export function storeBytesOnDisk(store: string): number {
  const dir = (name: string) => (fs.existsSync(path.join(store, name)) ? directoryBytes(path.join(store, name)) : 0);
  const journal = fs.existsSync(path.join(store, 'journal.jsonl')) ? fs.statSync(path.join(store, 'journal.jsonl')).size : 0;
  return dir('blobs') + journal + dir('checkpoints');
}
