import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { spawn, spawnSync } from 'node:child_process';
import { sha256Bytes } from '../../core/hash';
import { parseBlobHeader } from '../blobFormat';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from '../privateModes';

/**
 * The store's files as the checkpoint code writes them from a worker thread, synchronously
 * (the worker has nothing else to do; the extension host's thread is not blocked by it).
 * Same layout and format as blobStore.ts: `blobs/<sha[0..2]>/<sha>`, `ASE-BLOB 1 raw gzip`.
 */
export function blobFile(storeRoot: string, sha256: string): string {
  return path.join(storeRoot, 'blobs', sha256.slice(0, 2), sha256);
}

export function checkpointsDir(storeRoot: string): string {
  return path.join(storeRoot, 'checkpoints');
}

export function tmpDir(storeRoot: string): string {
  return path.join(storeRoot, 'tmp');
}

/** fsyncs in flight at once: the disk's journal commits them together (~10× faster than one by one). */
const SYNC_CONCURRENCY = 32;

/**
 * The files and folders written without fsync, made durable together by flush() before the
 * record that references them is written.
 */
export class PendingSync {
  private readonly files: string[] = [];
  private readonly dirs = new Set<string>();
  private readonly knownDirs = new Set<string>();

  private early: Promise<void> | undefined;

  /**
   * A file written (its folder's entry changed too). Once many are written, a syncfs of the
   * store's file system starts in the background (at most one at a time): the disk writes the
   * first files while the next are compressed, and the flush at the end has less left to wait
   * for. It only starts writeback early; flush() still makes everything durable.
   */
  addFile(file: string, storeRoot?: string): void {
    this.files.push(file);
    this.dirs.add(path.dirname(file));
    if (storeRoot !== undefined && this.files.length % EARLY_SYNC_EVERY === 0 && !this.early && process.platform === 'linux') {
      this.early = syncWholeFileSystemInBackground(storeRoot).finally(() => { this.early = undefined; });
    }
  }

  /** Creates a store folder (0700) when missing; its parent's entry is synced at flush. */
  ensureDir(dir: string): void {
    if (this.knownDirs.has(dir)) return;
    if (!fs.existsSync(dir)) {
      fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
      this.dirs.add(path.dirname(dir));
    }
    this.knownDirs.add(dir);
  }

  /**
   * fsync of every file, then of every folder, several at a time; for many files on Linux one
   * syncfs of the store's file system instead (`sync -f`: one journal commit, not thousands).
   */
  async flush(storeRoot: string, alsoFiles: readonly string[] = []): Promise<void> {
    await this.early;
    if (this.files.length < SYNCFS_MIN_FILES || !syncWholeFileSystem(storeRoot)) {
      // Files and folders in one batch: none must be durable before another, all before the
      // record; fsyncs in flight together share the file system's journal commits.
      await inParallel([...this.files, ...alsoFiles, ...this.dirs], syncPath);
    } else {
      await inParallel(alsoFiles, syncPath);
    }
    this.files.length = 0;
    this.dirs.clear();
  }
}

/** From this many files written, one syncfs is cheaper than their fsyncs. */
const SYNCFS_MIN_FILES = 512;

/** A background syncfs starts after every this many files written. */
const EARLY_SYNC_EVERY = 4096;

/** `sync -f` as a child process, not waited for (its failure only means the final flush does all the work). */
function syncWholeFileSystemInBackground(dir: string): Promise<void> {
  return new Promise((resolve) => {
    try {
      const child = spawn('sync', ['-f', dir], { stdio: 'ignore' });
      child.on('error', () => resolve());
      child.on('close', () => resolve());
    } catch {
      resolve();
    }
  });
}

/** syncfs(2) of the file system holding `dir`, through coreutils' `sync -f` (Linux); false when it cannot run. */
function syncWholeFileSystem(dir: string): boolean {
  if (process.platform !== 'linux') return false;
  const r = spawnSync('sync', ['-f', dir], { stdio: 'ignore', timeout: 120_000 });
  return r.status === 0;
}

async function inParallel(items: readonly string[], task: (item: string) => Promise<void>): Promise<void> {
  let next = 0;
  const lane = async (): Promise<void> => { while (next < items.length) await task(items[next++]); };
  await Promise.all(Array.from({ length: Math.min(SYNC_CONCURRENCY, items.length) }, lane));
}

async function syncPath(p: string): Promise<void> {
  const handle = await fs.promises.open(p, 'r');
  try {
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EACCES') throw error;
  } finally {
    await handle.close();
  }
}

/**
 * Writes a raw blob for `bytes` (named `sha256`) through a temp file and a rename, WITHOUT
 * fsync: `pending` makes it durable before the record that references it is written.
 * Returns the blob file's size.
 */
export function writeRawBlobUnsynced(storeRoot: string, sha256: string, bytes: Buffer, level: number, pending: PendingSync): number {
  return writeCompressedBlobUnsynced(storeRoot, sha256, bytes.length, zlib.gzipSync(bytes, { level }), pending);
}

/** The same, for bytes already compressed (gzip of `rawBytes` bytes). */
export function writeCompressedBlobUnsynced(storeRoot: string, sha256: string, rawBytes: number, gzipped: Buffer, pending: PendingSync): number {
  // Header and body written as two pieces: no copy of the body into one buffer.
  const header = Buffer.from(`ASE-BLOB 1 raw gzip ${rawBytes}\n`, 'latin1');
  const file = blobFile(storeRoot, sha256);
  pending.ensureDir(path.dirname(file));
  renameInto(file, [header, gzipped], tmpDir(storeRoot), false);
  pending.addFile(file, storeRoot);
  return header.length + gzipped.length;
}

/**
 * Which blobs exist: a stat per question while few are asked (an incremental checkpoint),
 * one listing of the blob folders once many are (a cold one: 256 listings beat 20,000 stats).
 */
export class BlobPresence {
  private asked = 0;
  private listed: Set<string> | undefined;

  constructor(private readonly storeRoot: string) {}

  has(sha256: string): boolean {
    if (this.listed) return this.listed.has(sha256);
    if (++this.asked > 256) {
      this.listed = listBlobs(this.storeRoot);
      return this.listed.has(sha256);
    }
    return fs.existsSync(blobFile(this.storeRoot, sha256));
  }

  /** A blob this checkpoint wrote. */
  add(sha256: string): void {
    this.listed?.add(sha256);
  }
}

function listBlobs(storeRoot: string): Set<string> {
  const out = new Set<string>();
  const dir = path.join(storeRoot, 'blobs');
  let fanouts: string[];
  try { fanouts = fs.readdirSync(dir); } catch { return out; }
  for (const f of fanouts) {
    try { for (const name of fs.readdirSync(path.join(dir, f))) out.add(name); } catch { /* not a folder */ }
  }
  return out;
}

/** Writes `data` at `file` atomically (temp file in `tmp`, rename), fsynced with its folder when `sync`. */
/** Temp names: one random prefix per thread, then a counter (a random draw per file costs more than the write at 20,000 files). */
const TEMP_PREFIX = randomBytes(6).toString('hex');
let tempCounter = 0;

export function renameInto(file: string, data: Buffer | string | Buffer[], tmp: string, sync: boolean, onWritten?: () => void): void {
  const temp = tempName(file, tmp);
  const fd = fs.openSync(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    if (Array.isArray(data)) writeAllSync(fd, data);
    else fs.writeFileSync(fd, data);
    if (sync) fs.fsyncSync(fd);
  } finally {
    fs.closeSync(fd);
  }
  onWritten?.();
  try {
    fs.renameSync(temp, file);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  if (sync) fsyncDirSync(path.dirname(file));
}

/** Writes `data` to a new temp file in `tmp` for `file`, without fsync; returns its path. */
export function writeTempUnsynced(file: string, data: string, tmp: string): string {
  const temp = tempName(file, tmp);
  const fd = fs.openSync(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    fs.writeFileSync(fd, data);
  } catch (error) {
    fs.closeSync(fd);
    fs.rmSync(temp, { force: true });
    throw error;
  }
  fs.closeSync(fd);
  return temp;
}

/** Renames a temp file (already durable) over `file`, then fsyncs the folder: the new name is durable. */
export function renameSynced(temp: string, file: string): void {
  fs.renameSync(temp, file);
  fsyncDirSync(path.dirname(file));
}

/** A temp file's name in `tmp` for `file`. */
export function tempName(file: string, tmp: string): string {
  return path.join(tmp, `${path.basename(file)}.${TEMP_PREFIX}-${(tempCounter++).toString(36)}.tmp`);
}

/** writev of every piece, again for whatever a short write left. */
function writeAllSync(fd: number, pieces: Buffer[]): void {
  let rest = pieces.filter((p) => p.length > 0);
  while (rest.length > 0) {
    let n = fs.writevSync(fd, rest);
    const next: Buffer[] = [];
    for (const p of rest) {
      if (n >= p.length) { n -= p.length; continue; }
      next.push(n > 0 ? p.subarray(n) : p);
      n = 0;
    }
    rest = next;
  }
}

export function fsyncDirSync(dir: string): void {
  let fd: number | undefined;
  try {
    fd = fs.openSync(dir, 'r');
    fs.fsyncSync(fd);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EACCES') throw error;
  } finally {
    if (fd !== undefined) fs.closeSync(fd);
  }
}

/** Creates a folder of the store (0700) when missing, its parent synced. */
export function mkdirPrivate(dir: string): void {
  if (fs.existsSync(dir)) return;
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  fsyncDirSync(path.dirname(dir));
}

/**
 * Reads a raw blob's bytes and checks them against their name; throws when the blob is missing,
 * not raw, or damaged. (Manifest chunks are always raw blobs.)
 */
export function readRawBlobSync(storeRoot: string, sha256: string): Buffer {
  const data = fs.readFileSync(blobFile(storeRoot, sha256));
  const parsed = parseBlobHeader(data);
  if (!parsed || parsed.header.kind !== 'raw') throw new Error(`blob ${sha256.slice(0, 12)} is not a raw blob`);
  const bytes = zlib.gunzipSync(data.subarray(parsed.bodyOffset));
  if (bytes.length !== parsed.header.rawBytes || sha256Bytes(bytes) !== sha256) throw new Error(`blob ${sha256.slice(0, 12)} is damaged`);
  return bytes;
}
