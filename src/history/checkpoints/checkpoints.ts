import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { sha256Bytes } from '../../core/hash';
import { fail, Result } from '../../core/types';
import type { BackupStore } from '../backupStore';
import { BlobStore } from '../blobStore';
import { CheckpointRecord, isCheckpointId, listRecordIds, readRecord, recordFile } from './checkpointRecord';
import { CheckpointDiff, diffManifests } from './diffCheckpoints';
import { planPrune } from './pruneCheckpoints';
import { readCheckpoint } from './readManifest';
import { restoreFiles, RestoreOutcome } from './restoreFiles';
import { fsyncDirSync } from './storeFiles';
import { TakeOptions } from './takeCheckpoint';
import { CheckpointRunner, defaultCheckpointWorkerScript } from './workerClient';

export interface CheckpointsOptions {
  /** The worker script; default: dist/checkpoint-worker.js beside the running bundle (or the compiled source). `null`: run on this thread. */
  workerScript?: string | null;
  /** Checkpoints kept per workspace folder at most (default 100). */
  maxPerRoot?: number;
  /** Crash test hook, when run on this thread. */
  onStep?: (step: string) => void;
}

export interface RestoreInput {
  root: string;
  paths: readonly string[];
  /** The checkpoint to put back. */
  from: string;
  /** The checkpoint the files are expected to match now (see RestoreRequest.expected). */
  expected: string;
  overwriteChanged?: boolean;
}

/**
 * Workspace checkpoints in the backup store: take, list, diff, restore and prune. The API the
 * VS Code wiring (turn start, execute_program, Roll Back Agent Turn) builds on. Takes run on a
 * worker thread, one at a time; the store collects no garbage while one runs. Node only.
 * Every method returns failures as values.
 */
export class Checkpoints {
  private readonly runner: CheckpointRunner;
  private readonly maxPerRoot: number;
  private queue: Promise<unknown> = Promise.resolve();
  /** Each folder's newest checkpoint id, once a take here made it (a missing record only means the next take reads every file). */
  private readonly newestByRoot = new Map<string, string>();
  /**
   * The checkpoints the store's cap must not prune for this instance's caller: those it last
   * asked to keep (prune's `keep`) and every one taken since (the caller may still use any of
   * them: a recorder's base, the checkpoint before a program's run). Each folder's newest is
   * kept by the store anyway.
   */
  private held = new Set<string>();
  private readonly withdrawKeep: () => void;

  constructor(private readonly store: BackupStore, options: CheckpointsOptions = {}) {
    this.runner = new CheckpointRunner(options.workerScript === undefined ? defaultCheckpointWorkerScript() : options.workerScript, options.onStep);
    this.maxPerRoot = options.maxPerRoot ?? 100;
    this.withdrawKeep = store.keepCheckpoints(() => this.held);
  }

  private get storeRoot(): string {
    return this.store.rootDir;
  }

  /**
   * Takes a checkpoint of a workspace folder: incremental against the folder's newest one.
   * Files are recorded until their bytes reach `options.maxTotalBytes` or the store's share for
   * checkpoints (half its cap), whichever is less; the rest are left out as total_cap. Then the
   * store is fitted to its cap (old checkpoints go first). Returns the record (id, files, bytes,
   * what was left out and why, time taken).
   */
  take(root: string, options: TakeOptions = {}): Promise<Result<{ checkpoint: CheckpointRecord }>> {
    return this.serial(async () => {
      const taken = await this.takeHeld(root, { ...options, maxTotalBytes: withinShare(options.maxTotalBytes, this.store.checkpointShareBytes) });
      // Its blobs count against the store's cap from now on.
      if (taken.ok) await this.store.applyCap();
      return taken;
    });
  }

  /** The take itself, while the store holds its garbage collection. */
  private async takeHeld(root: string, options: TakeOptions): Promise<Result<{ checkpoint: CheckpointRecord }>> {
    const held = await this.store.holdCollection();
    if (!held.ok) return held;
    // What the take wrote, once its record is in place: the store indexes it as the hold goes.
    // Unset (the take failed, its worker's writes unknown), the store gives its index up.
    let written: Array<[string, number]> | undefined = [];
    try {
      const realRoot = await fs.realpath(root);
      // The folder's newest checkpoint: remembered from the last take (reading every record costs more than the take of a few files).
      const previousId = this.newestByRoot.get(realRoot) ?? (await this.listRecords()).filter((r) => r.root === realRoot).pop()?.id;
      written = undefined;
      const taken = await this.runner.run({ storeRoot: this.storeRoot, root: realRoot, options, previousId });
      written = taken.written;
      this.newestByRoot.set(realRoot, taken.record.id);
      this.held.add(taken.record.id);
      return { ok: true, checkpoint: taken.record };
    } catch (error) {
      return fail('INTERNAL_ERROR', `The checkpoint of ${root} failed: ${(error as Error).message}`);
    } finally {
      await held.release(written);
    }
  }

  /** The stored checkpoints (of one folder, or all), oldest first; unreadable records are skipped. */
  async list(root?: string): Promise<CheckpointRecord[]> {
    const all = await this.listRecords();
    if (root === undefined) return all;
    const real = await fs.realpath(root).catch(() => nodePath.resolve(root));
    return all.filter((r) => r.root === real);
  }

  /** What changed from checkpoint `a` to `b` (see diffManifests). */
  async diff(a: string, b: string): Promise<Result<{ diff: CheckpointDiff }>> {
    try {
      const [before, after] = [await readCheckpoint(this.storeRoot, checkedId(a)), await readCheckpoint(this.storeRoot, checkedId(b))];
      return { ok: true, diff: diffManifests(before.manifest, after.manifest) };
    } catch (error) {
      return notReadable(error);
    }
  }

  /** Puts paths back as checkpoint `from` holds them (see restoreFiles); per-file outcomes. */
  async restore(input: RestoreInput): Promise<Result<{ outcomes: RestoreOutcome[] }>> {
    let from, expected;
    try {
      from = await readCheckpoint(this.storeRoot, checkedId(input.from));
      expected = await readCheckpoint(this.storeRoot, checkedId(input.expected));
    } catch (error) {
      return notReadable(error);
    }
    const blobs = new BlobStore(nodePath.join(this.storeRoot, 'blobs'), nodePath.join(this.storeRoot, 'tmp'));
    const readBlob = async (sha: string): Promise<Buffer> => {
      const read = await blobs.readSnapshot(sha);
      if (!read.ok) throw new Error(read.failure.message);
      const bytes = 'bytes' in read.snapshot ? read.snapshot.bytes : Buffer.from(read.snapshot.text, 'utf8');
      if (sha256Bytes(bytes) !== sha) throw new Error(`blob ${sha.slice(0, 12)} does not hold the recorded bytes`);
      return bytes;
    };
    const outcomes = await restoreFiles({ root: input.root, storeRoot: this.storeRoot, paths: input.paths, from: from.manifest, expected: expected.manifest, overwriteChanged: input.overwriteChanged, readBlob });
    return { ok: true, outcomes };
  }

  /**
   * Drops the checkpoints older than the store's retention (its oldest live journal entry; with
   * no entry, all but each folder's newest) and beyond `maxPerRoot` per folder, then fits the
   * store to its cap (more old checkpoints may go, then journal entries) and collects the blobs
   * nothing references any more. `keep`: the checkpoints the caller still needs, which neither
   * this nor the cap drops until the next prune (nor those taken meanwhile). Records are deleted
   * first: a crash leaves blobs that the next open collects, never a record without its blobs.
   */
  prune(keep: readonly string[] = []): Promise<Result<{ removed: string[] }>> {
    return this.serial(async () => {
      this.held = new Set(keep);
      const entries = this.store.listAll();
      const horizon = entries.length > 0 ? Math.min(...entries.map((e) => e.time)) : Date.now();
      const records = await this.listRecords();
      const removed = planPrune(records, { horizon, maxPerRoot: this.maxPerRoot, keep: this.held });
      this.newestByRoot.clear();
      for (const id of removed) await fs.rm(recordFile(this.storeRoot, id), { force: true });
      if (removed.length > 0) fsyncDirSync(nodePath.dirname(recordFile(this.storeRoot, removed[0])));
      const fitted = await this.store.applyCap({ collect: true });
      return fitted.ok ? { ok: true, removed: [...removed, ...fitted.removedCheckpoints] } : fitted;
    });
  }

  /** Stops the worker; the store no longer keeps this caller's checkpoints from its cap. */
  close(): Promise<void> {
    this.withdrawKeep();
    return this.runner.close();
  }

  private async listRecords(): Promise<CheckpointRecord[]> {
    const out: CheckpointRecord[] = [];
    for (const id of await listRecordIds(this.storeRoot)) {
      try { out.push(await readRecord(this.storeRoot, id)); } catch { /* unreadable: listed by nobody, never pruned blindly */ }
    }
    return out;
  }

  private serial<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/** The take's total cap: the caller's, never more than the store's share for checkpoints (a cap that is not a number of bytes is the share). */
function withinShare(asked: number | undefined, share: number): number {
  return typeof asked === 'number' && asked >= 0 && asked < share ? asked : share;
}

function checkedId(id: string): string {
  if (!isCheckpointId(id)) throw new Error(`"${id}" is not a checkpoint id`);
  return id;
}

function notReadable(error: unknown): { ok: false; failure: import('../../core/types').Failure } {
  return fail('NO_BACKUPS', `The checkpoint cannot be read: ${(error as Error).message}`);
}
