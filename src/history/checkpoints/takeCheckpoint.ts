import * as fs from 'node:fs';
import * as path from 'node:path';
import { sha256Bytes } from '../../core/hash';
import { CheckpointRecord, ListedLeftOut, MAX_LISTED, newCheckpointId, readRecordSync, RECORD_FORMAT, recordFile } from './checkpointRecord';
import { ExcludeGlobs } from './excludeGlobs';
import { loadManifestSync } from './loadManifest';
import { comparePaths, FileEntry, LeftOutReason, LISTED_REASONS, ManifestEntry } from './manifest';
import { encodeChunk, splitIntoChunks } from './manifestChunks';
import { blobFile, checkpointsDir, mkdirPrivate, renameInto, syncAll, tmpDir, writeRawBlobUnsynced } from './storeFiles';
import { walkWorkspace } from './workspaceWalk';

const MB = 1024 * 1024;

/** The caps and rules of one checkpoint; every field has a default. */
export interface TakeOptions {
  /** Globs relative to the folder (files.exclude, files.watcherExclude) whose matches are left out. */
  excludes?: string[];
  /** Honour .gitignore files (default true). */
  useGitignore?: boolean;
  /** A file larger than this is left out as too_large (default 16 MB). */
  maxFileBytes?: number;
  /** Files are recorded until their bytes reach this; the rest are left out as total_cap (default 1 GB). */
  maxTotalBytes?: number;
  /**
   * gzip level of new file blobs (default 1, as git's loose objects: a cold checkpoint of a large
   * folder is bound by compression; level 6 saves ~10% more space at 3–4× the time).
   */
  compressionLevel?: number;
}

export interface TakeJob {
  storeRoot: string;
  /** The workspace folder (absolute). */
  root: string;
  options?: TakeOptions;
  /** The checkpoint whose stat values let unchanged files go unread (the folder's newest). */
  previousId?: string;
}

/** Stat values this close to (or after) the previous checkpoint's start may hide a change made in the same clock tick: such files are read again. */
const RACY_MARGIN_MS = 100;

/** The previous manifest, kept between checkpoints by the thread that takes them (the worker lives as long as the extension). */
let cachedManifest: { id: string; entries: ManifestEntry[] } | undefined;

/**
 * Takes a checkpoint of `job.root` into the store: walks the folder (see workspaceWalk.ts),
 * reads and hashes only the files whose size, mtime, ctime or inode differ from the previous
 * checkpoint's (or that were racy there), writes the blobs the store lacks and the manifest
 * chunks that changed, makes them all durable, then writes the record. Never writes to the
 * folder. Synchronous (the worker's job); `onStep` is the crash test's hook.
 */
export function takeCheckpointSync(job: TakeJob, onStep: (step: string) => void = () => undefined): CheckpointRecord {
  const started = Date.now();
  const options = job.options ?? {};
  const maxFileBytes = options.maxFileBytes ?? 16 * MB;
  const maxTotalBytes = options.maxTotalBytes ?? 1024 * MB;
  const level = options.compressionLevel ?? 1;
  const excludes = new ExcludeGlobs(options.excludes ?? []);
  const root = fs.realpathSync(job.root);
  const storeReal = realOrSelf(job.storeRoot);

  const previous = job.previousId ? previousManifest(job.storeRoot, job.previousId) : undefined;
  const previousByPath = new Map<string, ManifestEntry>();
  const knownChunks = new Set<string>(previous?.record.chunks ?? []);
  for (const e of previous?.entries ?? []) previousByPath.set(e.path, e);
  const racyAfter = (previous?.record.time ?? Infinity) - RACY_MARGIN_MS;

  const entries: ManifestEntry[] = [];
  const written: string[] = [];
  const counts: Partial<Record<LeftOutReason, number>> = {};
  let files = 0;
  let bytes = 0;
  let hashed = 0;
  let newBlobs = 0;
  let newBlobBytes = 0;
  const leaveOut = (p: string, reason: LeftOutReason, size?: number) => {
    entries.push({ kind: 'left_out', path: p, reason, ...(size !== undefined ? { size } : {}) });
    counts[reason] = (counts[reason] ?? 0) + 1;
  };

  walkWorkspace(root, { excludes, useGitignore: options.useGitignore ?? true, skipDirs: new Set([storeReal]) }, (w) => {
    if (w.kind === 'left_out') { leaveOut(w.path, w.reason); return; }
    const st = w.stat;
    const before = previousByPath.get(w.path);
    const unchanged = before !== undefined && (before.kind === 'file' || before.kind === 'link') && before.kind === w.kind
      && before.mtimeMs === st.mtimeMs && before.ctimeMs === st.ctimeMs && before.ino === st.ino
      && before.mtimeMs < racyAfter && before.ctimeMs < racyAfter
      && (before.kind !== 'file' || before.size === st.size);
    if (w.kind === 'link') {
      let target: string;
      if (unchanged && before.kind === 'link') target = before.target;
      else {
        try { target = fs.readlinkSync(w.abs); } catch (error) { leaveOut(w.path, vanishedOr(error)); return; }
      }
      entries.push({ kind: 'link', path: w.path, target, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino });
      files++;
      return;
    }
    if (st.size > maxFileBytes) { leaveOut(w.path, 'too_large', st.size); return; }
    if (bytes + st.size > maxTotalBytes) { leaveOut(w.path, 'total_cap', st.size); return; }
    let entry: FileEntry;
    if (unchanged && before.kind === 'file') {
      entry = { ...before, mode: st.mode & 0o7777 };
    } else {
      const read = readStable(w.abs);
      if ('error' in read) { leaveOut(w.path, read.error); return; }
      hashed++;
      const sha256 = sha256Bytes(read.bytes);
      if (!fs.existsSync(blobFile(job.storeRoot, sha256))) {
        const blob = writeRawBlobUnsynced(job.storeRoot, sha256, read.bytes, level);
        written.push(blob.file);
        newBlobs++;
        newBlobBytes += blob.bytes;
        onStep('checkpoint:blob');
      }
      const s = read.stat;
      // A file that changed while it was read keeps no stat values: the next checkpoint reads it again.
      entry = { kind: 'file', path: w.path, sha256, size: read.bytes.length, mode: s.mode & 0o7777, mtimeMs: read.stable ? s.mtimeMs : -1, ctimeMs: read.stable ? s.ctimeMs : -1, ino: s.ino };
    }
    entries.push(entry);
    files++;
    bytes += entry.size;
  });

  entries.sort((a, b) => comparePaths(a.path, b.path));
  const chunks: string[] = [];
  for (const chunk of splitIntoChunks(entries)) {
    const data = encodeChunk(chunk);
    const sha = sha256Bytes(data);
    chunks.push(sha);
    if (knownChunks.has(sha) || fs.existsSync(blobFile(job.storeRoot, sha))) continue;
    const blob = writeRawBlobUnsynced(job.storeRoot, sha, data, 6);
    written.push(blob.file);
    newBlobs++;
    newBlobBytes += blob.bytes;
    onStep('checkpoint:chunk');
  }
  syncAll(written);
  onStep('checkpoint:synced');

  const listed: ListedLeftOut[] = [];
  let more = 0;
  for (const e of entries) {
    if (e.kind !== 'left_out' || !LISTED_REASONS.has(e.reason)) continue;
    if (listed.length < MAX_LISTED) listed.push({ path: e.path, reason: e.reason, ...(e.size !== undefined ? { size: e.size } : {}) });
    else more++;
  }
  const id = newCheckpointId(started);
  const record: CheckpointRecord = {
    format: RECORD_FORMAT, id, root, time: started, took_ms: 0, chunks, files, bytes,
    left_out_counts: counts, left_out: listed, left_out_more: more,
    excludes: options.excludes ?? [], excludes_refused: excludes.refused,
    hashed_files: hashed, new_blobs: newBlobs, new_blob_bytes: newBlobBytes,
  };
  record.took_ms = Date.now() - started;
  mkdirPrivate(checkpointsDir(job.storeRoot));
  renameInto(recordFile(job.storeRoot, id), JSON.stringify(record), tmpDir(job.storeRoot), true, () => onStep('checkpoint:record-written'));
  onStep('checkpoint:record-renamed');
  cachedManifest = { id, entries };
  return record;
}

/** The previous checkpoint's record and manifest; undefined when it cannot be read (then every file is read). */
function previousManifest(storeRoot: string, id: string): { record: CheckpointRecord; entries: ManifestEntry[] } | undefined {
  try {
    const record = readRecordSync(storeRoot, id);
    const entries = cachedManifest?.id === id ? cachedManifest.entries : loadManifestSync(storeRoot, record);
    return { record, entries };
  } catch {
    return undefined;
  }
}

/**
 * Reads a file through one descriptor, never through a link (O_NOFOLLOW: a file replaced by a
 * link since the lstat is not followed), with its stat before and after the read.
 */
function readStable(abs: string): { bytes: Buffer; stat: fs.Stats; stable: boolean } | { error: LeftOutReason } {
  let fd: number;
  try {
    fd = fs.openSync(abs, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    return { error: vanishedOr(error) };
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return { error: 'not_regular' };
    const bytes = fs.readFileSync(fd);
    const after = fs.fstatSync(fd);
    const stable = after.mtimeMs === stat.mtimeMs && after.ctimeMs === stat.ctimeMs && after.size === bytes.length;
    return { bytes, stat, stable };
  } catch (error) {
    return { error: vanishedOr(error) };
  } finally {
    fs.closeSync(fd);
  }
}

function vanishedOr(error: unknown): LeftOutReason {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' ? 'vanished' : 'unreadable';
}

function realOrSelf(p: string): string {
  try { return fs.realpathSync(p); } catch { return path.resolve(p); }
}
