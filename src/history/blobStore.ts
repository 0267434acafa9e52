import * as fs from 'node:fs/promises';
import { constants as fsConstants } from 'node:fs';
import * as path from 'node:path';
import { sha256Bytes, sha256Text } from '../core/hash';
import { fail, Result } from '../core/types';
import { splitLinesKeepEnds } from '../core/diff/lines';
import { BlobHeader, BlobKind, decodeBlob, encodeBlob, MAX_HEADER_BYTES, parseBlobHeader } from './blobFormat';
import { applyLineDelta, LineDelta } from './lineDelta';
import { ensureDirDurable, fsyncDir, syncFile, writeFileDurable } from './durableFs';
import { isLooserThanPrivate, PRIVATE_FILE_MODE } from './privateModes';

/** What the store knows about one blob without reading it. */
export interface BlobInfo {
  kind: BlobKind;
  /** Size of the blob file on disk. */
  bytes: number;
  base?: string;
}

/** A stored snapshot: a text, or the bytes of a file that was not text (a raw blob). */
/**
 * A stored before-content: a text, or bytes that are not one. `raw` marks a text that was
 * stored as the disk's bytes (they happen to be UTF-8): a restore that must be byte-exact
 * writes those bytes as they are rather than the text through an editor's model, which would
 * give it the current file's line endings and BOM.
 */
export type Snapshot = { text: string; raw?: true } | { bytes: Buffer };

const UTF8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

/** The bytes as UTF-8 text, or undefined when they are not valid UTF-8. */
function strictUtf8(bytes: Buffer): string | undefined {
  try { return UTF8.decode(bytes); } catch { return undefined; }
}

/**
 * Who keeps the index on disk (blobIndex.ts): told before a blob file is written or removed
 * (awaited: it makes "the index is changing" durable first), after each change in memory, and
 * when a loaded index turns out not to be one (its entries then stay as far as they were read).
 */
export interface BlobIndexListener {
  willChange(): Promise<void>;
  changed(sha256: string, info: BlobInfo | undefined): void;
  broken(reason: string): void;
}

/**
 * A trusted index read from disk whose lines are not applied yet (blobIndex.ts's LoadedIndex;
 * named here by shape, so that this module does not import the one that imports it).
 */
export interface LoadedIndexLines {
  /** The indexed blobs' total bytes, known before any line is applied. */
  readonly bytes: number;
  /** Applies up to `max` more lines to `index`; true once all are. Throws at a line it rejects. */
  applyTo(index: Map<string, BlobInfo>, max: number): boolean;
}

/** Lines of a loaded index applied per turn of the event loop while nobody needs them yet. */
const INDEX_LINES_PER_SLICE = 4096;

/** A keyframe's text split into lines, kept to compute deltas against it. */
export interface Keyframe {
  sha256: string;
  lines: string[];
  /** Compressed size on disk, the yardstick for "is the delta worth it". */
  bytes: number;
}

/**
 * Content-addressed, compressed snapshot blobs under `<root>/blobs`. Knows every blob's
 * kind, size and base from `scan()`, or from the index the store kept on disk (`loadIndex`);
 * never holds texts except keyframes handed to it. Not concurrency-safe by itself:
 * BackupStore serializes the writes.
 */
export class BlobStore {
  private readonly index = new Map<string, BlobInfo>();
  /** The sum of the indexed blobs' sizes, kept with the index (retention asks it after every edit). */
  private indexedBytes = 0;
  /** Fan-out directories known to exist (saves a mkdir per write). */
  private readonly knownDirs = new Set<string>();
  /**
   * Blobs written or read back whole in this session. A blob found by scan() was perhaps
   * written without fsync just before a power loss (deferSync): its header may be whole and
   * its body not, so it is read back once before an edit relies on it (ensureReadable).
   */
  private readonly trusted = new Set<string>();
  /** Blobs written without fsync (deferSync); flush() makes them durable. */
  private readonly unsynced = new Set<string>();
  /**
   * While true, put() writes without its two fsyncs and remembers the blob for flush(). The
   * store sets it only for texts that are already safe elsewhere (an edit's after text is on
   * the user's disk); a before snapshot is always written with fsync, after a flush().
   */
  deferSync = false;
  /** The index on disk, told of every change (only the backup store's own blob store has one). */
  private listener: BlobIndexListener | undefined;
  /** A loaded index whose lines are not all applied yet (see loadIndex). */
  private loading: LoadedIndexLines | undefined;

  constructor(private readonly dir: string, private readonly tmpDir: string) {}

  setIndexListener(listener: BlobIndexListener): void {
    this.listener = listener;
  }

  /**
   * Takes the index from a trusted copy on disk instead of scanning. Its total is known at once;
   * its lines are applied by `applyIndexInBackground`, or at once by whatever needs the entries
   * before that (`settle`). Its blobs are not in `trusted`: each is read back before an edit
   * relies on it, as after a scan.
   */
  loadIndex(loaded: LoadedIndexLines): void {
    this.index.clear();
    this.knownDirs.clear();
    this.indexedBytes = loaded.bytes;
    this.loading = loaded;
  }

  /**
   * Applies a loaded index's lines in slices on later turns of the event loop (the store starts
   * this once open is done: a slice run while open awaits its I/O would lengthen the open).
   */
  applyIndexInBackground(): void {
    const loaded = this.loading;
    if (!loaded) return;
    const slice = (): void => {
      if (this.loading !== loaded) return; // settled, or scanned anew, meanwhile
      if (this.applyLoaded(INDEX_LINES_PER_SLICE)) setImmediate(slice).unref();
    };
    setImmediate(slice).unref();
  }

  /** Every indexed blob with what is known of it. */
  entries(): IterableIterator<[string, BlobInfo]> { this.settle(); return this.index.entries(); }
  get count(): number { this.settle(); return this.index.size; }

  /**
   * Loads the index by reading every blob's header. Files that are not valid blobs are
   * left alone (not indexed; `readText` reports them as corrupt). A blob readable by others
   * (written by an earlier version) is made the user's only, through the handle it is read with.
   */
  async scan(): Promise<void> {
    this.loading = undefined;
    this.index.clear();
    this.indexedBytes = 0;
    this.knownDirs.clear();
    await ensureDirDurable(this.dir);
    for (const fanout of await fs.readdir(this.dir)) {
      const sub = path.join(this.dir, fanout);
      let names: string[];
      try { names = await fs.readdir(sub); } catch { continue; }
      for (const name of names) {
        if (!/^[0-9a-f]{64}$/.test(name)) continue;
        const info = await this.readInfo(name);
        // Not told to the listener: the store writes the whole index after a scan.
        if (info) { this.index.set(name, info); this.indexedBytes += info.bytes; }
      }
    }
  }

  has(sha256: string): boolean { this.settle(); return this.index.has(sha256); }
  info(sha256: string): BlobInfo | undefined { this.settle(); return this.index.get(sha256); }
  shas(): IterableIterator<string> { this.settle(); return this.index.keys(); }

  /** Total bytes of all indexed blobs (a loaded index's own total while its lines are being applied). */
  totalBytes(): number {
    return this.indexedBytes;
  }

  /** True when a blob for `sha256` is indexed and its file exists (a dedup hit). */
  async exists(sha256: string): Promise<boolean> {
    return this.has(sha256) && await this.fileExists(sha256);
  }

  /**
   * Applies what is left of a loaded index now: every method that reads or changes the entries
   * calls this first, so none sees a half-applied index (the total is the index's own meanwhile).
   */
  private settle(): void {
    if (this.loading) this.applyLoaded(Infinity);
  }

  /** Applies up to `max` lines of the loaded index; true while some are left. */
  private applyLoaded(max: number): boolean {
    const loaded = this.loading!;
    try {
      if (!loaded.applyTo(this.index, max)) return true;
    } catch (error) {
      // The file's checksum matched, so only a bug gets here. The entries read so far stay: a blob
      // the index misses is never collected, and the total is counted from what was read.
      this.indexedBytes = 0;
      for (const info of this.index.values()) this.indexedBytes += info.bytes;
      this.listener?.broken((error as Error).message);
    }
    this.loading = undefined;
    return false;
  }

  /**
   * Stores `text` (whose sha256 is `sha256`) durably, unless a blob for it exists. When a
   * delta candidate against a keyframe is given, it is first checked by applying it (a
   * wrong delta is never written) and used when `preferDelta(compressedBytes)` agrees;
   * otherwise the text is stored as a new keyframe. Returns the blob's kind and whether
   * it was written now.
   */
  async put(sha256: string, text: string, candidate: { base: Keyframe; delta: LineDelta } | undefined,
    preferDelta: (deltaBytes: number) => boolean): Promise<{ kind: BlobKind; created: boolean }> {
    this.settle();
    const existing = this.index.get(sha256);
    if (existing && await this.fileExists(sha256)) return { kind: existing.kind, created: false };
    await this.listener?.willChange();
    this.deleteInfo(sha256);

    let encoded: Buffer | undefined;
    let kind: BlobKind = 'key';
    let base: string | undefined;
    if (candidate && candidate.base.sha256 !== sha256 && this.index.get(candidate.base.sha256)?.kind === 'key'
      && applyLineDelta(candidate.base.lines, candidate.delta) === text) {
      const bytes = await encodeBlob('delta', Buffer.from(JSON.stringify(candidate.delta), 'utf8'), candidate.base.sha256);
      if (preferDelta(bytes.length)) { encoded = bytes; kind = 'delta'; base = candidate.base.sha256; }
    }
    encoded ??= await encodeBlob('key', Buffer.from(text, 'utf8'));

    const file = this.filePath(sha256);
    const dir = path.dirname(file);
    if (!this.knownDirs.has(dir)) { await ensureDirDurable(dir); this.knownDirs.add(dir); }
    await writeFileDurable(file, encoded, this.tmpDir, !this.deferSync);
    if (this.deferSync) this.unsynced.add(sha256);
    this.trusted.add(sha256);
    this.setInfo(sha256, { kind, bytes: encoded.length, base });
    return { kind, created: true };
  }

  /**
   * Stores a file's raw bytes (whose sha256 is `sha256`) durably as a raw blob, unless a blob
   * for it exists: the snapshot of a file that cannot be read as text. Never a keyframe.
   */
  async putRaw(sha256: string, bytes: Buffer): Promise<{ created: boolean }> {
    if (this.has(sha256) && await this.fileExists(sha256)) return { created: false };
    await this.listener?.willChange();
    const encoded = await encodeBlob('raw', bytes);
    const file = this.filePath(sha256);
    const dir = path.dirname(file);
    if (!this.knownDirs.has(dir)) { await ensureDirDurable(dir); this.knownDirs.add(dir); }
    await writeFileDurable(file, encoded, this.tmpDir, true);
    this.trusted.add(sha256);
    this.setInfo(sha256, { kind: 'raw', bytes: encoded.length });
    return { created: true };
  }

  /**
   * Reads the snapshot with this sha256: its text, or for a raw blob whose bytes are not
   * UTF-8 text, the bytes (verified against the sha256). Failures as readText.
   */
  async readSnapshot(sha256: string): Promise<Result<{ snapshot: Snapshot }>> {
    const loaded = await this.load(sha256);
    if (!loaded.ok) return loaded;
    if (loaded.header.kind !== 'raw') {
      const read = await this.readText(sha256);
      return read.ok ? { ok: true, snapshot: { text: read.text } } : read;
    }
    if (sha256Bytes(loaded.payload) !== sha256) return corrupt(sha256, 'the stored bytes fail the sha256 check');
    this.trusted.add(sha256);
    const text = strictUtf8(loaded.payload);
    return { ok: true, snapshot: text !== undefined && sha256Text(text) === sha256 ? { text, raw: true } : { bytes: loaded.payload } };
  }

  /**
   * Reads the text with this sha256. Fails with NO_BACKUPS when no blob exists, with
   * BINARY_FILE when it holds bytes that are not text (readSnapshot gives them), and with
   * INTERNAL_ERROR (`backup_corrupt: true`) when the blob or its keyframe is damaged or
   * the restored text's sha256 differs: a wrong text is never returned.
   */
  async readText(sha256: string): Promise<Result<{ text: string }>> {
    const loaded = await this.load(sha256);
    if (!loaded.ok) return loaded;
    if (loaded.header.kind === 'key') return this.verified(sha256, loaded.payload.toString('utf8'));
    if (loaded.header.kind === 'raw') {
      const read = await this.readSnapshot(sha256);
      if (!read.ok) return read;
      if ('text' in read.snapshot) return { ok: true, text: read.snapshot.text };
      return fail('BINARY_FILE', `Backup ${sha256.slice(0, 12)} holds ${read.snapshot.bytes.length} bytes that are not UTF-8 text (the file was not text when it was backed up); rollback restores them byte for byte.`, { sha256 });
    }

    const base = loaded.header.base as string;
    const baseLoaded = await this.load(base);
    if (!baseLoaded.ok) return corrupt(sha256, `its keyframe ${base.slice(0, 12)} cannot be read: ${baseLoaded.failure.message}`);
    if (baseLoaded.header.kind !== 'key') return corrupt(sha256, 'its base is not a keyframe');
    const baseText = baseLoaded.payload.toString('utf8');
    if (sha256Text(baseText) !== base) return corrupt(sha256, 'its keyframe fails the sha256 check');
    let delta: unknown;
    try { delta = JSON.parse(loaded.payload.toString('utf8')); } catch { return corrupt(sha256, 'the delta is not valid JSON'); }
    const text = applyLineDelta(splitLinesKeepEnds(baseText), delta);
    if (text === null) return corrupt(sha256, 'the delta does not fit its keyframe');
    return this.verified(sha256, text);
  }

  /** Reads a keyframe's lines (for computing deltas); undefined when unusable. */
  async loadKeyframe(sha256: string): Promise<Keyframe | undefined> {
    const info = this.info(sha256);
    if (!info || info.kind !== 'key') return undefined;
    const read = await this.readText(sha256);
    if (!read.ok) return undefined;
    return { sha256, lines: splitLinesKeepEnds(read.text), bytes: info.bytes };
  }

  /**
   * Indexes raw blobs another thread wrote durably (a checkpoint's), so that garbage collection
   * sees them; a blob already indexed keeps its entry.
   */
  async adoptRaw(blobs: ReadonlyArray<[string, number]>): Promise<void> {
    const fresh = blobs.filter(([sha256]) => !this.has(sha256));
    if (fresh.length === 0) return;
    await this.listener?.willChange();
    for (const [sha256, bytes] of fresh) this.setInfo(sha256, { kind: 'raw', bytes });
  }

  /**
   * What a blob's file says of it (kind, size, keyframe), read from its header, and indexed
   * when the index did not have it; undefined when there is no readable blob. For blobs something
   * references that the index does not list: garbage collection must know a delta's keyframe
   * from the disk, not from an index that may have missed the delta.
   */
  async lookup(sha256: string): Promise<BlobInfo | undefined> {
    const known = this.info(sha256);
    if (known) return known;
    const info = await this.readInfo(sha256);
    if (!info) return undefined;
    await this.listener?.willChange();
    this.setInfo(sha256, info);
    return info;
  }

  /** Makes every blob written with deferSync durable: fsync of each file, then of their directories. */
  async flush(): Promise<void> {
    if (this.unsynced.size === 0) return;
    const shas = [...this.unsynced];
    const dirs = new Set<string>();
    for (const sha of shas) {
      const file = this.filePath(sha);
      try { await syncFile(file); } catch (error) { if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error; }
      dirs.add(path.dirname(file));
    }
    for (const dir of dirs) await fsyncDir(dir);
    for (const sha of shas) this.unsynced.delete(sha);
  }

  /**
   * Before a dedup hit on `sha256` is trusted as an edit's backup: a blob not written or read
   * in this session is read back (every check of readText); a damaged one is removed, so the
   * snapshot is written anew.
   */
  async ensureReadable(sha256: string): Promise<void> {
    if (!this.has(sha256) || this.trusted.has(sha256)) return;
    const read = await this.readSnapshot(sha256);
    if (!read.ok) await this.remove(sha256);
  }

  /** Deletes a blob file (missing is fine) and forgets it. */
  async remove(sha256: string): Promise<void> {
    this.settle();
    await this.listener?.willChange();
    await fs.rm(this.filePath(sha256), { force: true });
    this.deleteInfo(sha256);
    this.trusted.delete(sha256);
  }

  filePath(sha256: string): string {
    return path.join(this.dir, sha256.slice(0, 2), sha256);
  }

  private setInfo(sha256: string, info: BlobInfo): void {
    const old = this.index.get(sha256);
    if (old) this.indexedBytes -= old.bytes;
    this.index.set(sha256, info);
    this.indexedBytes += info.bytes;
    this.listener?.changed(sha256, info);
  }

  private deleteInfo(sha256: string): void {
    const old = this.index.get(sha256);
    if (!old) return;
    this.index.delete(sha256);
    this.indexedBytes -= old.bytes;
    this.listener?.changed(sha256, undefined);
  }

  private verified(sha256: string, text: string): Result<{ text: string }> {
    if (sha256Text(text) !== sha256) return corrupt(sha256, 'the restored text fails the sha256 check');
    this.trusted.add(sha256);
    return { ok: true, text };
  }

  private async load(sha256: string): Promise<Result<{ header: BlobHeader; payload: Buffer }>> {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(this.filePath(sha256));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
        return fail('NO_BACKUPS', `No backup with sha256 ${sha256} is stored.`, { sha256 });
      }
      return fail('INTERNAL_ERROR', `Reading backup ${sha256.slice(0, 12)} failed: ${(error as Error).message}`, { sha256 });
    }
    const decoded = await decodeBlob(bytes);
    if ('error' in decoded) return corrupt(sha256, decoded.error);
    return { ok: true, ...decoded };
  }

  private async readInfo(sha256: string): Promise<BlobInfo | undefined> {
    let handle: fs.FileHandle | undefined;
    try {
      // Not through a symbolic link: the chmod below must not reach a file outside the store.
      handle = await fs.open(this.filePath(sha256), fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0));
      const { size, mode } = await handle.stat();
      // A blob the chmod fails on (another user's file) is still indexed: hiding it would be worse.
      if (isLooserThanPrivate(mode)) await handle.chmod(PRIVATE_FILE_MODE).catch(() => undefined);
      const head = Buffer.alloc(MAX_HEADER_BYTES + 1);
      const { bytesRead } = await handle.read(head, 0, head.length, 0);
      const parsed = parseBlobHeader(head.subarray(0, bytesRead));
      if (!parsed) return undefined;
      return { kind: parsed.header.kind, bytes: size, base: parsed.header.base };
    } catch {
      return undefined;
    } finally {
      await handle?.close();
    }
  }

  private async fileExists(sha256: string): Promise<boolean> {
    try { await fs.stat(this.filePath(sha256)); return true; } catch { return false; }
  }
}

function corrupt(sha256: string, reason: string): { ok: false; failure: import('../core/types').Failure } {
  return fail('INTERNAL_ERROR', `Backup ${sha256.slice(0, 12)} is corrupt (${reason}); it cannot be restored.`, { sha256, backup_corrupt: true });
}
