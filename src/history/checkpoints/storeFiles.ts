import * as fs from 'node:fs';
import * as path from 'node:path';
import * as zlib from 'node:zlib';
import { randomBytes } from 'node:crypto';
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

/**
 * Writes a raw blob for `bytes` (named `sha256`) through a temp file and a rename, WITHOUT
 * fsync: the caller syncs every file it wrote (syncAll) before it writes the record that
 * references them. Returns the blob file's size.
 */
export function writeRawBlobUnsynced(storeRoot: string, sha256: string, bytes: Buffer, level: number): { file: string; bytes: number } {
  const body = zlib.gzipSync(bytes, { level });
  const data = Buffer.concat([Buffer.from(`ASE-BLOB 1 raw gzip ${bytes.length}\n`, 'latin1'), body]);
  const file = blobFile(storeRoot, sha256);
  mkdirPrivate(path.dirname(file));
  renameInto(file, data, tmpDir(storeRoot), false);
  return { file, bytes: data.length };
}

/** Writes `data` at `file` atomically (temp file in `tmp`, rename), fsynced with its folder when `sync`. */
export function renameInto(file: string, data: Buffer | string, tmp: string, sync: boolean, onWritten?: () => void): void {
  const temp = path.join(tmp, `${path.basename(file)}.${randomBytes(6).toString('hex')}.tmp`);
  const fd = fs.openSync(temp, 'wx', PRIVATE_FILE_MODE);
  try {
    fs.writeFileSync(fd, data);
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

/** fsync of each file, then of each of their folders: what makes unsynced writes durable. */
export function syncAll(files: readonly string[]): void {
  const dirs = new Set<string>();
  for (const file of files) {
    const fd = fs.openSync(file, 'r');
    try { fs.fsyncSync(fd); } finally { fs.closeSync(fd); }
    dirs.add(path.dirname(file));
  }
  for (const dir of dirs) fsyncDirSync(dir);
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
