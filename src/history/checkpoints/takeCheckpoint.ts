import * as fs from 'node:fs';
import * as path from 'node:path';
import { sha256Bytes } from '../../core/hash';
import type { Walked } from './workspaceWalk';
import { CheckpointRecord, ListedLeftOut, MAX_LISTED, newCheckpointId, readRecordSync, RECORD_FORMAT, recordFile } from './checkpointRecord';
import { ExcludeGlobs } from './excludeGlobs';
import { loadManifestSync } from './loadManifest';
import { comparePaths, FileEntry, LeftOutReason, LISTED_REASONS, ManifestEntry } from './manifest';
import { encodeChunk, splitIntoChunks } from './manifestChunks';
import { mergeSorted, withoutPaths } from './manifestRanges';
import { BlobWriter } from './blobWriter';
import type { CompressionHelper } from './compressionHelper';
import { BlobPresence, checkpointsDir, mkdirPrivate, PendingSync, renameSynced, tmpDir, writeRawBlobUnsynced, writeTempUnsynced } from './storeFiles';
import { readWalkedFile, readWalkedLink, walkPathEntries, walkWorkspaceEntries, WalkRules } from './workspaceWalk';

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
   * The paths that may have changed since the folder's newest checkpoint (a file watcher's
   * events; folders stand for everything in them): only they are examined, the rest of the
   * manifest is the previous one's. The caller vouches for completeness (the watcher covers
   * every path the checkpoint does: pass files.watcherExclude among the excludes). Ignored
   * (a full walk) when there is no previous checkpoint or a .gitignore is among them.
   */
  changedPaths?: string[];
  /**
   * gzip level of new file blobs (default 4, zlib's first level with lazy matching: on source
   * text it stores ~8% less than level 1 for ~25% more compression time, measured; level 6 saves
   * ~3% more at ~1.5× level 4's time, and a cold checkpoint of a large folder is bound by
   * compression). See BENCHMARKS.md, "Workspace checkpoints".
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

/** A checkpoint taken, and the blobs it wrote ([sha256, bytes on disk]): the store indexes them, so its garbage collection can see them. */
export interface TakeResult {
  record: CheckpointRecord;
  written: Array<[string, number]>;
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
 * folder. The walk, reads and writes are synchronous (the worker's job), the compression of
 * new blobs is shared with `helper` when given (a second thread, see blobWriter.ts), the fsyncs
 * run several at a time; `onStep` is the crash test's hook.
 */
export async function takeCheckpoint(job: TakeJob, onStep: (step: string) => void = () => undefined, helper?: CompressionHelper): Promise<TakeResult> {
  const started = Date.now();
  const options = job.options ?? {};
  const maxFileBytes = capOr(options.maxFileBytes, 16 * MB);
  const maxTotalBytes = capOr(options.maxTotalBytes, 1024 * MB);
  const level = options.compressionLevel ?? 4;
  const excludes = new ExcludeGlobs(options.excludes ?? []);
  const root = fs.realpathSync(job.root);
  const storeReal = realOrSelf(job.storeRoot);

  const previous = job.previousId ? previousManifest(job.storeRoot, job.previousId) : undefined;
  const previousByPath = new Map<string, ManifestEntry>();
  const knownChunks = new Set<string>(previous?.record.chunks ?? []);
  for (const e of previous?.entries ?? []) previousByPath.set(e.path, e);
  const racyAfter = (previous?.record.time ?? Infinity) - RACY_MARGIN_MS;

  let entries: ManifestEntry[] = [];
  const pending = new PendingSync();
  const written: Array<[string, number]> = [];
  const blobs = new BlobPresence(job.storeRoot);
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

  const rules: WalkRules = { excludes, useGitignore: options.useGitignore ?? true, skipDirs: new Set([storeReal]) };
  const changed = options.changedPaths?.map((p) => p.split('/').filter((s) => s !== '' && s !== '.').join('/'));
  const rulesKey = JSON.stringify([options.excludes ?? [], rules.useGitignore, maxFileBytes, maxTotalBytes]);
  // Only what a watcher saw change is examined, when the rules are those of the previous checkpoint and no .gitignore changed.
  const hinted = previous !== undefined && changed !== undefined && previous.record.rules === rulesKey
    && !changed.some((p) => p === '' || p.split('/').includes('..') || p === '.gitignore' || p.endsWith('/.gitignore'));
  let kept: ManifestEntry[] = [];
  if (hinted) {
    // What the hint does not name stays as the previous checkpoint recorded it.
    kept = withoutPaths(previous.entries, changed);
    for (const e of kept) if (e.kind === 'file') bytes += e.size;
  }
  const writer = new BlobWriter(job.storeRoot, level, pending, (sha256, size) => {
    written.push([sha256, size]);
    newBlobBytes += size;
    onStep('checkpoint:blob');
  }, helper);
  const visit = (w: Walked): void => {
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
        const read = readWalkedLink(w);
        if ('error' in read) { leaveOut(w.path, read.error); return; }
        target = read.target;
      }
      entries.push(unchanged && before.kind === 'link' ? before : { kind: 'link', path: w.path, target, mtimeMs: st.mtimeMs, ctimeMs: st.ctimeMs, ino: st.ino });
      files++;
      return;
    }
    if (st.size > maxFileBytes) { leaveOut(w.path, 'too_large', st.size); return; }
    if (bytes + st.size > maxTotalBytes) { leaveOut(w.path, 'total_cap', st.size); return; }
    let entry: FileEntry;
    if (unchanged && before.kind === 'file') {
      // The previous entry itself when nothing differs: its encoded line is reused (manifestChunks.ts).
      entry = before.mode === (st.mode & 0o7777) ? before : { ...before, mode: st.mode & 0o7777 };
    } else {
      const read = readWalkedFile(w);
      if ('error' in read) { leaveOut(w.path, read.error); return; }
      hashed++;
      const sha256 = sha256Bytes(read.bytes);
      if (!blobs.has(sha256)) {
        blobs.add(sha256);
        newBlobs++;
        writer.add(sha256, read.bytes);
      }
      const s = read.stat;
      // A file that changed while it was read keeps no stat values: the next checkpoint reads it again.
      entry = { kind: 'file', path: w.path, sha256, size: read.bytes.length, mode: s.mode & 0o7777, mtimeMs: read.stable ? s.mtimeMs : -1, ctimeMs: read.stable ? s.ctimeMs : -1, ino: s.ino };
    }
    entries.push(entry);
    files++;
    bytes += entry.size;
  };
  if (hinted) {
    const named = new Set(changed);
    const examined: string[] = [];
    for (const w of walkPathEntries(root, rules, changed ?? [], examined)) visit(w);
    await writer.drain();
    // A path replaced by its folder's new state: drop what the previous checkpoint had under that folder too.
    const replaced = examined.filter((p) => !named.has(p));
    entries.sort((a, b) => comparePaths(a.path, b.path));
    entries = mergeSorted(replaced.length > 0 ? withoutPaths(kept, replaced) : kept, entries);
    files = 0;
    bytes = 0;
    for (const e of entries) if (e.kind !== 'left_out') { files++; if (e.kind === 'file') bytes += e.size; }
  } else {
    for (const w of walkWorkspaceEntries(root, rules)) visit(w);
    await writer.drain();
    entries.sort((a, b) => comparePaths(a.path, b.path));
  }

  for (const key of Object.keys(counts) as LeftOutReason[]) delete counts[key];
  for (const e of entries) if (e.kind === 'left_out') counts[e.reason] = (counts[e.reason] ?? 0) + 1;
  const chunks: string[] = [];
  for (const chunk of splitIntoChunks(entries)) {
    const same = sameChunkAsBefore(chunk);
    if (same) { chunks.push(same); continue; }
    const data = encodeChunk(chunk);
    const sha = sha256Bytes(data);
    chunkShas.set(chunk[0], { entries: chunk, sha });
    chunks.push(sha);
    if (knownChunks.has(sha) || blobs.has(sha)) continue;
    const size = writeRawBlobUnsynced(job.storeRoot, sha, data, 6, pending);
    written.push([sha, size]);
    newBlobBytes += size;
    newBlobs++;
    onStep('checkpoint:chunk');
  }
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
    rules: rulesKey, walk: hinted ? 'changed_paths' : 'full', hashed_files: hashed, new_blobs: newBlobs, new_blob_bytes: newBlobBytes,
  };
  record.took_ms = Date.now() - started;
  mkdirPrivate(checkpointsDir(job.storeRoot));
  // The record's temp file is made durable in the same batch as the blobs it names; only its
  // rename, after that batch, makes it the checkpoint (one journal commit fewer than syncing it
  // after them).
  const target = recordFile(job.storeRoot, id);
  const temp = writeTempUnsynced(target, JSON.stringify(record), tmpDir(job.storeRoot));
  onStep('checkpoint:record-written');
  try {
    await pending.flush(job.storeRoot, [temp]);
    onStep('checkpoint:synced');
    renameSynced(temp, target);
  } catch (error) {
    fs.rmSync(temp, { force: true });
    throw error;
  }
  onStep('checkpoint:record-renamed');
  cachedManifest = { id, entries };
  return { record, written };
}

/** Each chunk's sha256 by its first entry object: a chunk of the very same entry objects is the same bytes (not encoded nor hashed again). */
const chunkShas = new WeakMap<ManifestEntry, { entries: ManifestEntry[]; sha: string }>();

function sameChunkAsBefore(chunk: ManifestEntry[]): string | undefined {
  const known = chunkShas.get(chunk[0]);
  if (!known || known.entries.length !== chunk.length) return undefined;
  for (let i = 0; i < chunk.length; i++) if (known.entries[i] !== chunk[i]) return undefined;
  return known.sha;
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

/** A cap as given when it is a number of bytes (0 included: everything left out), else the default: a cap is never lifted by a bad value. */
function capOr(value: number | undefined, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) && value >= 0 ? Math.floor(value) : fallback;
}

function realOrSelf(p: string): string {
  try { return fs.realpathSync(p); } catch { return path.resolve(p); }
}
