import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { sha256Bytes, sha256Text } from '../core/hash';
import { fail, Failure, Result } from '../core/types';
import { diffLineCounts } from '../core/diff/counts';
import { BlobStore, Snapshot } from './blobStore';
import { Journal } from './journal';
import { LineChange } from '../core/diff/myers';
import { Snapshotter, SnapshotResult } from './snapshotter';
import { EntryUpdate } from './journalRecords';
import { isRestorable, planRetention, referencedBlobs, RetentionDrop } from './retention';
import { BlobRefs } from './blobRefs';
import { checkpointShareOf, planStoreRetention, StoreRetentionPlan } from './storeRetention';
import { SerialQueue } from './serialQueue';
import { ensureDirDurable, fsyncDir, writeFileDurable } from './durableFs';
import { acquireStoreLock, confirmStoreLock, releaseStoreLock, StoreLock } from './storeLock';
import { BlobIndexLog, IndexStamp, journalStamp, LoadedIndex } from './blobIndex';
import { holdRoot, rootHeld, whenRootFree } from './collectionHolds';
import { tightenStoreModes } from './privateModes';
import { CheckpointCatalog, StoredCheckpoint } from './checkpoints/checkpointCatalog';
import { recordFile } from './checkpoints/checkpointRecord';
import { BackupStoreOptions, ChangeKind, EvictionRecord, FileSummary, FinishOutcome, JournalEntry, RecoveryReport, StoreStats, Writer } from './types';

export interface BeginInput {
  tool: string;
  /** Workspace-relative path (stored as given). */
  path: string;
  /** The file's current text, as the tool is about to change it. */
  beforeText: string;
  /**
   * Instead of the text: the file's bytes, when they cannot be read as text (binary, not
   * UTF-8, over the size limit) or are not the text's UTF-8 (an editor holds the file in
   * another encoding). Stored raw, named by their sha256; `beforeText` (the text an editor
   * shows for them, or '') then only counts the lines the change added and removed.
   */
  beforeBytes?: Buffer;
  turnId?: string;
  /** Who makes the change (JournalEntry.client). */
  client?: string;
  /** What the change will do to the file (default "modify"). */
  kind?: ChangeKind;
  /**
   * What the change means to leave: sha256Text of the new text, null for a delete. Journaled
   * with the pending entry, so that after a crash a file the change reached can be told from
   * one that someone changed since (JournalEntry.intended_sha256).
   */
  intendedSha256?: string | null;
  /** The file had a UTF-8 BOM (JournalEntry.before_bom). */
  beforeBom?: boolean;
  /** The file's permission bits (JournalEntry.before_mode). */
  beforeMode?: number;
  /** A case-only rename's new name: the name the file had (JournalEntry.renamed_from). */
  renamedFrom?: string;
  /** The temporary name the rename passes through (JournalEntry.rename_via). */
  renameVia?: string;
  /** Who wrote a change recorded after the fact (JournalEntry.writer). */
  writer?: Writer;
  /**
   * When a change recorded after the fact was made (epoch ms; default now): a recording comes
   * later than the write it records, and the history orders entries by this time.
   */
  time?: number;
}

export interface FinishInput {
  /** The text now in the file (preferred: stored, so a later stale edit can be diffed against it). */
  afterText?: string;
  /** The hash of the text now in the file, when the text is not at hand. */
  after_sha256?: string;
  /** sha256 of the bytes now on disk, when they are not that text's UTF-8 (JournalEntry.after_disk_sha256). */
  after_disk_sha256?: string;
  /** The permission bits the change left, when it set them or saw them change (JournalEntry.after_mode). */
  after_mode?: number;
  outcome: FinishOutcome;
  message?: string;
}

export interface AttemptInput {
  tool: string;
  path: string;
  outcome: 'blocked' | 'failed';
  /** The file's text (only hashed; not stored). Give this or `before_sha256`. */
  beforeText?: string;
  before_sha256?: string;
  turnId?: string;
  client?: string;
  message?: string;
}


const MB = 1024 * 1024;
/** The first garbage collection after open waits this long (unless a retention round does it first). */
const COLLECT_AFTER_OPEN_MS = 10_000;
/** The blob index is marked clean once the store has been idle this long. */
const INDEX_MARK_IDLE_MS = 2_000;
/** Eviction records kept (newest first); older ones are forgotten. */
const MAX_EVICTION_RECORDS = 100;
/**
 * The backup store: durable, deduplicated, compressed snapshots of file texts plus a
 * journal of every agent change, under one root directory that it owns
 * (`blobs/`, `journal.jsonl`, `tmp/`). It never touches the user's files.
 *
 * Storage: a snapshot is stored once per distinct text (named by its sha256). It is a
 * compressed delta against the newest keyframe of the same file when that delta is small
 * (see `deltaMaxRatio`), else a new compressed keyframe; deltas never chain, so a restore
 * reads at most two blobs and checks the sha256 of both texts.
 *
 * Every write (snapshot, begin, finish, recordAttempt, clear, retention) runs through one
 * queue; reads (`list`, `get`, `listFiles`, `readText`, `stats`) do not wait for it.
 * One store instance per root: `open` fails (INTERNAL_ERROR with the owner's `pid`) while
 * another open store (of this process or another) holds the root's lock; a crashed owner's
 * lock is taken over (see storeLock.ts). Before every compaction, garbage collection and new
 * backup the store checks that it still holds the lock, and refuses (logging why) when not.
 * The root is readable by the user only (0700 / 0600).
 * Every public method returns failures as values; none throws.
 */
export class BackupStore {
  private readonly options: Required<Omit<BackupStoreOptions, 'onStep' | 'log' | 'collectAfterOpenMs' | 'indexMarkIdleMs'>>;
  private readonly collectAfterOpenMs: number;
  private readonly indexMarkIdleMs: number;
  private readonly step: (name: string) => void;
  private readonly log: (line: string) => void;
  private readonly blobs: BlobStore;
  private readonly journal: Journal;
  private readonly queue = new SerialQueue();
  /** Live entries in journal order (oldest first). */
  private readonly entries = new Map<string, JournalEntry>();
  /** Before-texts of pending entries, to count lines at finish without a read. */
  private readonly pendingTexts = new Map<string, string>();
  private readonly snapshotter: Snapshotter;
  /** Blobs written by `snapshot()` that no entry references yet; kept from GC this session. */
  private readonly pinned = new Set<string>();
  /** What retention dropped, newest first (persisted in evictions.json). */
  private evictionLog: EvictionRecord[] = [];
  private opening: Promise<Result<{ recovery: RecoveryReport }>> | undefined;
  private isOpen = false;
  private idCounter = 0;
  /** The root's lock, from open until close. */
  private lock: StoreLock | undefined;
  /** Why this store no longer owns the root (another owner took its lock), once found out. */
  private lockLost: string | undefined;
  /**
   * The root's real path: the key of its collection holds (collectionHolds.ts), which a
   * checkpoint take takes for the whole process: no blob of the root is collected meanwhile.
   */
  private rootKey = '';
  /** A collection is waiting for the root's holds to go. */
  private collectionDeferred = false;
  /** The blob index on disk (blob-index.log), kept with the blob store's. */
  private readonly blobIndex: BlobIndexLog;
  /** No full collection since open: the timer after open runs one (see recover). */
  private collectionDue = false;
  private collectTimer: NodeJS.Timeout | undefined;
  private indexMarkTimer: NodeJS.Timeout | undefined;
  /** The stored checkpoints, read once each: their blobs count against the cap and are kept from GC. */
  private readonly catalog: CheckpointCatalog;
  /** Who names checkpoints the cap must not prune (see keepCheckpoints). */
  private readonly checkpointKeepers = new Set<() => Iterable<string> | Promise<Iterable<string>>>();
  /** Why the last retention round left the store over its cap, and the cause (logged once per cause); undefined: within it. */
  private overCap: string | undefined;
  private overCapCause: string | undefined;

  constructor(private readonly root: string, options: BackupStoreOptions = {}) {
    this.options = {
      maxEntriesPerFile: options.maxEntriesPerFile ?? 50,
      maxTotalBytes: options.maxTotalBytes ?? 200 * MB,
      deltaMaxRatio: options.deltaMaxRatio ?? 0.25,
      maxDeltasPerKeyframe: options.maxDeltasPerKeyframe ?? 200,
    };
    this.collectAfterOpenMs = options.collectAfterOpenMs ?? COLLECT_AFTER_OPEN_MS;
    this.indexMarkIdleMs = options.indexMarkIdleMs ?? INDEX_MARK_IDLE_MS;
    this.step = options.onStep ?? (() => undefined);
    this.log = options.log ?? ((line) => console.warn(line));
    this.blobs = new BlobStore(path.join(root, 'blobs'), path.join(root, 'tmp'));
    this.blobIndex = new BlobIndexLog(path.join(root, 'blob-index.log'), path.join(root, 'tmp'), this.step);
    this.blobs.setIndexListener({
      willChange: () => this.blobIndex.willChange(this.lock?.generation ?? 0),
      changed: (sha, info) => this.blobIndex.changed(sha, info),
      broken: (reason) => {
        this.log(`Backup store ${this.root}: the blob index is not what it claimed (${reason}); the next open lists every blob.`);
        void this.queue.run(() => this.blobIndex.abandon()).catch(() => undefined);
      },
    });
    this.journal = new Journal(path.join(root, 'journal.jsonl'), path.join(root, 'tmp'), this.step);
    this.snapshotter = new Snapshotter(this.blobs, this.options);
    this.catalog = new CheckpointCatalog(root);
  }

  /**
   * Opens the store (creating the root when missing) and recovers from a crash: a torn
   * last journal line is cut off, entries still pending are marked "interrupted" (their
   * snapshots are kept), leftover temp files are removed. The blobs are known from the index
   * the last owner left (blob-index.log), or, when it cannot be trusted, from a listing of every
   * blob. Retention and garbage collection do not run here: a timer runs them after open
   * (`collectAfterOpenMs`), unless a retention round that drops something or `applyCap({ collect:
   * true })` comes first. Idempotent: later calls return the first call's result.
   * Other methods open the store on first use; call this at activation to get the report.
   */
  open(): Promise<Result<{ recovery: RecoveryReport }>> {
    this.opening ??= this.queue.run(() => guard('open', () => this.openUnqueued()));
    return this.opening;
  }

  /**
   * Stores a durable snapshot of `text` for `path` and returns its sha256. Deduplicated:
   * an identical text costs nothing. The blob is kept at least for this session even if
   * no journal entry refers to it.
   */
  async snapshot(filePath: string, text: string): Promise<Result<SnapshotResult>> {
    return this.write('snapshot', async () => {
      const result = await this.snapshotUnqueued(filePath, text);
      this.pinned.add(result.sha256);
      return { ok: true, ...result };
    });
  }

  /**
   * Call before mutating a file: stores the snapshot of `beforeText` durably, then appends
   * a "pending" journal entry (fsynced) and returns its id. When this fails, the caller
   * must not mutate the file.
   */
  async begin(input: BeginInput): Promise<Result<{ id: string; before_sha256: string }>> {
    const raw = input.beforeBytes;
    if (!isValidBegin(input)) return fail('INVALID_INPUT', 'begin needs a tool name, a path and the before text (or bytes).');
    return this.write('begin', async () => {
      // Whatever finish left unsynced becomes durable first: the before text is usually the
      // previous after text (a dedup hit) or a delta against a keyframe written then.
      this.step('begin:start');
      if (!await this.ownsRoot('take a backup')) return this.notOwner();
      // The blob index stops vouching for the blobs here, among begin's fsyncs, rather than in
      // finish, whose after text is written without any (a no-op until the next idle mark).
      await this.blobIndex.willChange(this.lock!.generation);
      await this.blobs.flush();
      const beforeSha = raw ? sha256Bytes(raw) : sha256Text(input.beforeText);
      await this.blobs.ensureReadable(beforeSha);
      this.step('begin:flushed');
      if (raw) await this.blobs.putRaw(beforeSha, raw);
      else await this.snapshotUnqueued(input.path, input.beforeText);
      this.step('begin:snapshot');
      const entry = this.pendingEntry(input, beforeSha);
      // One fdatasync: it also flushes the update records finish wrote without one.
      await this.journal.put(entry);
      this.step('begin:journal');
      this.entries.set(entry.id, entry);
      if (!raw || input.beforeText) this.pendingTexts.set(entry.id, input.beforeText);
      return { ok: true, id: entry.id, before_sha256: beforeSha };
    });
  }

  /**
   * `begin` for a multi-file change: the snapshots of every file's before-content are stored
   * durably, then one pending entry per file, all sharing a new `group_id`, is appended with one
   * write and one fdatasync. The caller writes no file before this returned; it then finishes
   * each entry with `finish`. Entries of a group that a crash leaves pending are reported by
   * `open` in `interruptedGroups` (see RecoveryReport).
   */
  async beginGroup(inputs: BeginInput[]): Promise<Result<{ group_id: string; entries: Array<{ id: string; before_sha256: string }> }>> {
    if (inputs.length === 0) return fail('INVALID_INPUT', 'beginGroup needs at least one change.');
    if (!inputs.every(isValidBegin)) return fail('INVALID_INPUT', 'beginGroup needs, per change, a tool name, a path and the before text (or bytes).');
    return this.write('beginGroup', async () => {
      this.step('group:start');
      if (!await this.ownsRoot('take a backup')) return this.notOwner();
      await this.blobIndex.willChange(this.lock!.generation);
      await this.blobs.flush();
      const groupId = `g-${this.newId()}`;
      const entries: JournalEntry[] = [];
      for (const input of inputs) {
        const raw = input.beforeBytes;
        const beforeSha = raw ? sha256Bytes(raw) : sha256Text(input.beforeText);
        await this.blobs.ensureReadable(beforeSha);
        if (raw) await this.blobs.putRaw(beforeSha, raw);
        else await this.snapshotUnqueued(input.path, input.beforeText);
        this.step('group:snapshot');
        entries.push({ ...this.pendingEntry(input, beforeSha), group_id: groupId, group_size: inputs.length });
      }
      // Snapshots durable before the entries that name them (blob writes are fsynced unless deferSync).
      await this.journal.putMany(entries);
      this.step('group:journal');
      entries.forEach((entry, i) => {
        this.entries.set(entry.id, entry);
        if (!inputs[i].beforeBytes) this.pendingTexts.set(entry.id, inputs[i].beforeText);
      });
      return { ok: true, group_id: groupId, entries: entries.map((e) => ({ id: e.id, before_sha256: e.before_sha256 })) };
    });
  }

  /** The entries of one multi-file change, in the order they were begun (copies). */
  listGroup(groupId: string): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (const entry of this.entries.values()) if (entry.group_id === groupId) out.push({ ...entry });
    return out;
  }

  /**
   * Completes an entry from `begin`. With `afterText` and outcome "applied" the after
   * text is snapshotted too (cheap: usually a small delta, and it is the next edit's
   * before text anyway), so a later edit based on it can be answered with a diff. Lines
   * added/removed are computed from the two texts (0 when a text is unknown). Without an
   * after text, blocked/failed/rolled_back entries record after = before.
   * Fails with INVALID_INPUT for an unknown id or an entry that is not pending.
   */
  async finish(id: string, input: FinishInput): Promise<Result<{ entry: JournalEntry }>> {
    if (!['applied', 'blocked', 'failed', 'rolled_back'].includes(input.outcome)) {
      return fail('INVALID_INPUT', `finish: unknown outcome "${String(input.outcome)}".`);
    }
    for (const sha of [input.after_sha256, input.after_disk_sha256]) {
      if (sha !== undefined && !/^[0-9a-f]{64}$/.test(sha)) return fail('INVALID_INPUT', 'finish: after_sha256 and after_disk_sha256 must be lowercase hex sha256s.');
    }
    if (input.after_mode !== undefined && !(Number.isSafeInteger(input.after_mode) && input.after_mode >= 0 && input.after_mode <= 0o7777)) {
      return fail('INVALID_INPUT', 'finish: after_mode must be permission bits (0..0o7777).');
    }
    return this.write('finish', async () => {
      const entry = this.entries.get(id);
      if (!entry) return fail('INVALID_INPUT', `finish: no journal entry ${id}.`);
      if (entry.outcome !== 'pending') return fail('INVALID_INPUT', `finish: entry ${id} is already ${entry.outcome}.`);

      let afterSha: string | null = input.after_sha256 ?? null;
      let afterBytes: number | null = null;
      let counts = { added: 0, removed: 0 };
      let afterSnapshotError: string | undefined;
      const beforeText = this.pendingTexts.get(id) ?? await this.textOrUndefined(entry.before_sha256);
      if (input.afterText !== undefined) {
        afterSha = sha256Text(input.afterText);
        if (input.outcome === 'applied') {
          // The edit is already on disk: failing to keep the after text must not keep
          // the entry pending, so record the hash and say so.
          // Written without fsync (flushed in the background, and by the next begin at the
          // latest): the after text is on the user's disk already, and nothing but this
          // process's own later edits depends on its blob before then.
          this.blobs.deferSync = true;
          try {
            await this.snapshotUnqueued(entry.path, input.afterText);
          } catch (error) {
            afterSnapshotError = `after text not stored: ${(error as Error).message}`;
          } finally {
            this.blobs.deferSync = false;
          }
          this.step('finish:snapshot');
        }
        afterBytes = Buffer.byteLength(input.afterText, 'utf8');
        const neighbour = this.snapshotter.lastNeighbourDiff;
        if (neighbour && neighbour.fromSha === entry.before_sha256 && neighbour.toSha === afterSha) {
          // The snapshot just diffed before → after to compose its delta; count from that diff.
          counts = countChanges(neighbour.changes);
        } else if (beforeText !== undefined) {
          counts = diffLineCounts(beforeText, input.afterText);
        }
      } else if (afterSha !== null) {
        const afterText = afterSha === entry.before_sha256 ? beforeText : await this.textOrUndefined(afterSha);
        if (afterText !== undefined) {
          afterBytes = Buffer.byteLength(afterText, 'utf8');
          if (beforeText !== undefined) counts = diffLineCounts(beforeText, afterText);
        }
      } else if (input.outcome !== 'applied') {
        afterSha = entry.before_sha256;
        afterBytes = entry.bytes;
      }
      const update: EntryUpdate = {
        after_sha256: afterSha, after_bytes: afterBytes, lines_added: counts.added, lines_removed: counts.removed,
        ...(input.after_disk_sha256 !== undefined && afterSha !== input.after_disk_sha256 ? { after_disk_sha256: input.after_disk_sha256 } : {}),
        ...(input.after_mode !== undefined && input.outcome === 'applied' ? { after_mode: input.after_mode } : {}),
        outcome: input.outcome, finished_time: Date.now(),
        ...(input.message !== undefined || afterSnapshotError !== undefined
          ? { message: [input.message, afterSnapshotError].filter((m) => m !== undefined).join('; ') } : {}),
      };
      // No fdatasync: losing this record in a crash leaves the entry pending, and open()
      // marks it interrupted, its before snapshot intact (the kill test checks every step).
      await this.journal.update(id, update, false);
      this.step('finish:journal');
      Object.assign(entry, update);
      this.pendingTexts.delete(id);
      await this.applyRetention();
      // The syncs finish skipped run off the edit's critical path, next in the store's queue.
      void this.write('flush', async () => {
        await this.blobs.flush();
        await this.journal.sync();
        this.step('flush:done');
        return { ok: true };
      });
      return { ok: true, entry: { ...entry } };
    });
  }

  /**
   * Records an attempt that changed nothing (blocked by a guard, or failed before
   * touching the file), so the UI can show it. Stores no snapshot; `has_snapshot` tells
   * whether the store happens to hold that text already.
   */
  async recordAttempt(input: AttemptInput): Promise<Result<{ entry: JournalEntry }>> {
    if (!isNonEmpty(input.tool) || !isNonEmpty(input.path) || (input.outcome !== 'blocked' && input.outcome !== 'failed')) {
      return fail('INVALID_INPUT', 'recordAttempt needs a tool name, a path and outcome "blocked" or "failed".');
    }
    const sha = input.before_sha256 ?? (input.beforeText !== undefined ? sha256Text(input.beforeText) : undefined);
    if (sha === undefined || !/^[0-9a-f]{64}$/.test(sha)) {
      return fail('INVALID_INPUT', 'recordAttempt needs the before text or its sha256.');
    }
    return this.write('recordAttempt', async () => {
      const now = Date.now();
      const bytes = input.beforeText !== undefined ? Buffer.byteLength(input.beforeText, 'utf8') : 0;
      const entry: JournalEntry = {
        id: this.newId(), time: now, tool: input.tool, path: input.path,
        before_sha256: sha, after_sha256: sha, bytes, after_bytes: bytes,
        lines_added: 0, lines_removed: 0, outcome: input.outcome, finished_time: now,
        has_snapshot: this.blobs.has(sha),
        ...(input.turnId !== undefined ? { turn_id: input.turnId } : {}),
        ...(input.client !== undefined ? { client: input.client } : {}),
        ...(input.message !== undefined ? { message: input.message } : {}),
      };
      await this.journal.put(entry);
      this.entries.set(entry.id, entry);
      await this.applyRetention();
      return { ok: true, entry: { ...entry } };
    });
  }

  /** What retention dropped, newest first (copies): the dashboard shows it. */
  evictions(): EvictionRecord[] {
    return this.evictionLog.map((r) => ({ ...r }));
  }

  /** Entries of one file, newest first by time, then by journal order (copies). Empty before `open` completes. */
  list(filePath: string): JournalEntry[] {
    const out: JournalEntry[] = [];
    for (const entry of this.entries.values()) if (entry.path === filePath) out.push({ ...entry });
    return newestFirst(out);
  }

  /** Every entry, newest first by time, then by journal order (copies); the input of `groupIntoTurns`. */
  listAll(): JournalEntry[] {
    return newestFirst([...this.entries.values()].map((e) => ({ ...e })));
  }

  /** Files that have entries, the one with the newest entry first. */
  listFiles(): FileSummary[] {
    const byPath = new Map<string, FileSummary>();
    for (const entry of this.entries.values()) {
      const summary = byPath.get(entry.path);
      if (summary) { summary.entries++; summary.last_time = Math.max(summary.last_time, entry.time); byPath.delete(entry.path); byPath.set(entry.path, summary); }
      else byPath.set(entry.path, { path: entry.path, entries: 1, last_time: entry.time });
    }
    return [...byPath.values()].reverse();
  }

  get(id: string): JournalEntry | undefined {
    const entry = this.entries.get(id);
    return entry ? { ...entry } : undefined;
  }

  /** True when a snapshot with this sha256 is stored (it can be read, unless damaged). */
  has(sha256: string): boolean {
    return this.blobs.has(sha256);
  }

  /**
   * The text with this sha256, verified byte for byte. NO_BACKUPS when not stored;
   * INTERNAL_ERROR with `backup_corrupt: true` when damaged (never a wrong text).
   */
  async readText(sha256: string): Promise<Result<{ text: string }>> {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return fail('INVALID_INPUT', `"${sha256}" is not a sha256.`);
    return guard('readText', () => this.blobs.readText(sha256));
  }

  /**
   * The snapshot with this sha256: its text, or the bytes of a file that was not text when it
   * was backed up (restored byte for byte). Failures as readText.
   */
  async readSnapshot(sha256: string): Promise<Result<{ snapshot: Snapshot }>> {
    if (!/^[0-9a-f]{64}$/.test(sha256)) return fail('INVALID_INPUT', `"${sha256}" is not a sha256.`);
    return guard('readSnapshot', () => this.blobs.readSnapshot(sha256));
  }

  /**
   * The store's figures as the user sees them: entries, files, and the bytes it holds on disk
   * (every blob — the history's snapshots and the checkpoints' chunks and files —, the journal
   * and the checkpoint records), of which the checkpoints', against the cap; `over_cap` says by
   * how much and why while the store holds more than its cap.
   */
  async stats(): Promise<StoreStats> {
    let oldest: number | null = null;
    const files = new Set<string>();
    const history = new BlobRefs((sha) => this.blobs.info(sha));
    for (const entry of this.entries.values()) {
      files.add(entry.path);
      if (oldest === null || entry.time < oldest) oldest = entry.time;
      history.addEntry(entry);
    }
    for (const sha of this.pinned) history.add(sha);
    const records = await this.catalog.recordFiles();
    const blobBytes = this.blobs.totalBytes();
    const bytes = blobBytes + await this.journal.size() + records.bytes;
    const cap = this.options.maxTotalBytes;
    return {
      entries: this.entries.size, files: files.size, bytes, max_bytes: cap,
      // Blobs the history does not need are the checkpoints' (or garbage the next collection removes).
      checkpoint_bytes: Math.max(0, blobBytes - history.bytes) + records.bytes, checkpoints: records.count,
      oldest,
      ...(bytes > cap ? { over_cap: { bytes: bytes - cap, why: this.overCap ?? 'it grew since retention last ran (a checkpoint being taken, or a change in progress); retention runs next.' } } : {}),
    };
  }

  /**
   * Removes the entries of one file (or all files) and the snapshots no longer needed.
   * Pending entries (edits in flight) are kept.
   */
  async clear(filePath?: string): Promise<Result<{ removed: number }>> {
    return this.write('clear', async () => {
      if (!await this.ownsRoot('clear backups')) return this.notOwner();
      const ids = [...this.entries.values()]
        .filter((e) => e.outcome !== 'pending' && (filePath === undefined || e.path === filePath))
        .map((e) => e.id);
      await this.dropEntries(ids);
      if (filePath === undefined) {
        this.pinned.clear();
        this.evictionLog = [];
        await fs.rm(path.join(this.root, 'evictions.json'), { force: true });
      }
      this.snapshotter.forget(filePath);
      await this.collectGarbage();
      if (filePath === undefined || this.journal.wantsCompaction()) await this.compactJournal();
      return { ok: true, removed: ids.length };
    });
  }

  /** The store's root folder (checkpoints live under it, beside the journal and blobs). */
  get rootDir(): string {
    return this.root;
  }

  /**
   * Holds garbage collection of this root while a checkpoint is taken, in the whole process
   * (collectionHolds.ts: a store of this root opened meanwhile, after this one closed, holds off
   * too): the take's blobs are written by another thread, unknown to the store until `release`
   * gets them, and an existing blob it reuses must not be deleted under it. Fails when the store
   * cannot be opened or no longer owns its root.
   *
   * `release(written)`: the blobs the take wrote ([sha256, bytes on disk]), indexed before the
   * hold goes, once its record is in place. Without them (the take failed, and what its worker
   * wrote is unknown) the blob index on disk is given up for this session: the next open lists
   * every blob, as before a take could fail. The collections the hold put off run when the
   * root's last hold is released (awaited by that release).
   */
  async holdCollection(): Promise<Result<{ release: (written?: ReadonlyArray<[string, number]>) => Promise<void> }>> {
    return this.write('holdCollection', async () => {
      if (!await this.ownsRoot('take a checkpoint')) return this.notOwner();
      // The index on disk stops vouching for the blobs folder before the worker writes into it.
      await this.blobIndex.willChange(this.lock!.generation);
      const releaseRoot = holdRoot(this.rootKey);
      let released = false;
      const release = async (written?: ReadonlyArray<[string, number]>): Promise<void> => {
        if (released) return;
        released = true;
        try {
          // In the queue: the index must not change while a mark writes it. A store closed
          // meanwhile keeps no index (its last session ends dirty and the next open scans).
          await this.queue.run(async () => {
            if (!this.isOpen) return;
            if (written) await this.blobs.adoptRaw(written);
            else await this.blobIndex.abandon();
          });
        } catch (error) {
          this.log(`Backup store ${this.root}: the blob index could not take a checkpoint's blobs (${(error as Error).message}); the next open lists every blob.`);
        } finally {
          await releaseRoot();
        }
      };
      return { ok: true, release };
    });
  }

  /**
   * Fits the store to its cap now (after a checkpoint was taken or pruned): a retention round —
   * old checkpoints first, then journal entries (see applyRetention), which collects the blobs
   * of what it dropped. `collect`: collect garbage even when it dropped nothing (the caller
   * deleted checkpoint records itself); a take does not ask it, so a take costs no walk of every
   * blob. Returns the checkpoints it deleted.
   */
  async applyCap(options: { collect?: boolean } = {}): Promise<Result<{ removedCheckpoints: string[] }>> {
    const done = await this.write('applyCap', async () => {
      const round = await this.applyRetention();
      if (!round.collected && options.collect) await this.collectGarbage();
      return { ok: true, removedCheckpoints: round.removedCheckpoints };
    });
    if (!done.ok) this.log(`Backup store ${this.root}: retention could not run: ${done.failure.message}`);
    return done;
  }

  /**
   * Names checkpoints the cap must not prune, besides each folder's newest: `ids` is asked at
   * every retention round that would prune checkpoints (a Checkpoints instance: those its caller
   * last asked to keep and those it took since; a hook's pending calls). When it fails, no
   * checkpoint is pruned that round. Returns the function that withdraws it.
   */
  keepCheckpoints(ids: () => Iterable<string> | Promise<Iterable<string>>): () => void {
    const keeper = () => ids();
    this.checkpointKeepers.add(keeper);
    return () => { this.checkpointKeepers.delete(keeper); };
  }

  /** The most raw file bytes one checkpoint may record in this store: the checkpoints' share of its cap (storeRetention.ts). */
  get checkpointShareBytes(): number {
    return checkpointShareOf(this.options.maxTotalBytes);
  }

  /**
   * Waits for queued writes, closes the journal and marks the blob index clean (so that the
   * next open need not list the blobs; not while a checkpoint take holds the root). The store
   * can be opened again by a new instance.
   */
  async close(): Promise<void> {
    await this.queue.run(async () => {
      this.stopTimers();
      await this.journal.close();
      await this.markIndex().catch((e: Error) => this.log(`Backup store ${this.root}: the blob index could not be written (${e.message}); the next open lists every blob.`));
      await this.blobIndex.close();
      if (this.lock) await releaseStoreLock(this.lock);
      this.lock = undefined;
      this.isOpen = false;
      this.opening = undefined;
    });
  }

  // ---- internals (all called inside the queue) ----

  private async openUnqueued(): Promise<Result<{ recovery: RecoveryReport }>> {
    await ensureDirDurable(this.root);
    const locked = await acquireStoreLock(this.root);
    if (!locked.ok) return locked;
    this.lock = locked.lock;
    this.lockLost = undefined;
    this.rootKey = await fs.realpath(this.root).catch(() => path.resolve(this.root));
    try {
      return await this.recover();
    } catch (error) {
      // Not open: let a later call (of this store or another) take the lock again.
      this.isOpen = false;
      this.stopTimers();
      await this.journal.close();
      await this.blobIndex.close();
      await releaseStoreLock(locked.lock);
      this.lock = undefined;
      throw error;
    }
  }

  /**
   * open's work once the lock is held: the blob index (from disk, else a scan), modes, temp
   * files, journal, pending entries; then the index is marked for this session and the first
   * collection is put off (see open).
   */
  private async recover(): Promise<Result<{ recovery: RecoveryReport }>> {
    const generation = this.lock!.generation;
    // The index the last owner left is trusted only when that owner's generation is the one just
    // before ours and the journal is as it left it (blobIndex.ts); and not while a take of another
    // store of this root in this process still writes blobs (it closed mid-take).
    const takeInFlight = rootHeld(this.rootKey);
    const indexed = takeInFlight ? undefined : await this.blobIndex.load({ generation: generation - 1, journal: await journalStamp(this.journalFile) });
    // A trusted index was written by a version that creates blob folders private; otherwise the
    // scan below reads every blob and tightens each file it opens.
    await tightenStoreModes(this.root, { blobFolders: indexed === undefined });
    const tmpDir = path.join(this.root, 'tmp');
    await ensureDirDurable(tmpDir);
    let tempFilesRemoved = 0;
    for (const name of await fs.readdir(tmpDir)) {
      await fs.rm(path.join(tmpDir, name), { force: true, recursive: true });
      tempFilesRemoved++;
    }
    if (indexed) this.blobs.loadIndex(indexed);
    else await this.blobs.scan();
    const loaded = await this.journal.load();
    this.entries.clear();
    for (const entry of loaded.entries) this.entries.set(entry.id, entry);

    const interrupted: string[] = [];
    const cutGroups = new Set<string>();
    for (const entry of this.entries.values()) {
      if (entry.outcome !== 'pending') continue;
      const update: EntryUpdate = { outcome: 'interrupted', finished_time: Date.now() };
      await this.journal.update(entry.id, update);
      Object.assign(entry, update);
      interrupted.push(entry.id);
      if (entry.group_id !== undefined) cutGroups.add(entry.group_id);
    }
    // A group with a pending entry may have landed on some files only. The store never touches
    // the user's files (it does not know their folders, nor whether the user edited them
    // since), so it reports the group; every entry of it keeps its before snapshot and a
    // rollback of the group restores all of them at once (all-before).
    const interruptedGroups = [...cutGroups].map((id) => ({ group_id: id, paths: [...this.entries.values()].filter((e) => e.group_id === id).map((e) => e.path) }));
    this.isOpen = true;
    await this.loadEvictions();
    await this.openIndex(indexed, takeInFlight);
    // Not on an edit's path either (a retention round that drops nothing does not collect): the
    // timer's round, or one that drops something, or applyCap({ collect: true }), whichever first.
    this.collectionDue = true;
    this.collectTimer = setTimeout(() => {
      this.collectTimer = undefined;
      void this.write('collect', async () => {
        if (!this.collectionDue) return { ok: true };
        const round = await this.applyRetention();
        if (!round.collected) await this.collectGarbage();
        return { ok: true };
      });
    }, this.collectAfterOpenMs);
    this.collectTimer.unref();
    this.blobs.applyIndexInBackground();
    return { ok: true, recovery: { interrupted, interruptedGroups, tornBytes: loaded.tornBytes, badLines: loaded.badLines, tempFilesRemoved } };
  }

  /**
   * The index on disk for this session: a loaded one gets this session's mark (appended, not
   * synced: lost, the next open merely scans), a scanned store its index written anew. Failing
   * to write it costs the next open a scan, never the open.
   */
  private async openIndex(loaded: LoadedIndex | undefined, takeInFlight: boolean): Promise<void> {
    try {
      if (takeInFlight) { await this.blobIndex.abandon(); return; }
      const stamp: IndexStamp = { generation: this.lock!.generation, journal: await journalStamp(this.journalFile) };
      // The loaded index's own count and bytes: nothing changed since, and its lines need not be applied for the mark.
      if (loaded) await this.blobIndex.mark(() => this.blobs.entries(), loaded.count, loaded.bytes, stamp, false);
      else await this.blobIndex.rewrite(this.blobs.entries(), stamp);
    } catch (error) {
      this.log(`Backup store ${this.root}: the blob index could not be written (${(error as Error).message}); the next open lists every blob.`);
      await this.blobIndex.abandon().catch(() => undefined);
    }
  }

  /**
   * Brings the index on disk up to date and marks it clean (blobIndex.ts), once the store is
   * idle and at close: not while a checkpoint take holds the root (its blobs are not all known
   * yet), nor once the store no longer owns the root.
   */
  private async markIndex(): Promise<void> {
    if (!this.isOpen || !this.lock || rootHeld(this.rootKey)) return;
    const stamp: IndexStamp = { generation: this.lock.generation, journal: await journalStamp(this.journalFile) };
    if (!this.blobIndex.wantsMark(stamp)) return;
    // What finish wrote without fsync becomes durable before the index vouches for it.
    await this.blobs.flush();
    if (!await this.ownsRoot('mark the blob index')) return;
    await this.blobIndex.mark(() => this.blobs.entries(), this.blobs.count, this.blobs.totalBytes(), stamp);
  }

  private get journalFile(): string {
    return path.join(this.root, 'journal.jsonl');
  }

  private stopTimers(): void {
    clearTimeout(this.collectTimer);
    clearTimeout(this.indexMarkTimer);
    this.collectTimer = undefined;
    this.indexMarkTimer = undefined;
  }

  /** After every write: the index is marked once the store has been idle for `indexMarkIdleMs`. */
  private armIndexMark(): void {
    if (!this.isOpen) return;
    clearTimeout(this.indexMarkTimer);
    this.indexMarkTimer = setTimeout(() => {
      this.indexMarkTimer = undefined;
      void this.queue.run(() => this.markIndex()).catch((e: Error) => this.log(`Backup store ${this.root}: the blob index could not be written (${e.message}); the next open lists every blob.`));
    }, this.indexMarkIdleMs);
    this.indexMarkTimer.unref();
  }

  /** Runs a write in the queue after opening, turning exceptions into INTERNAL_ERROR values. */
  private write<T>(operation: string, task: () => Promise<Result<T>>): Promise<Result<T>> {
    const done = this.queue.run(() => guard(operation, async () => {
      if (!this.isOpen) {
        this.opening ??= guard('open', () => this.openUnqueued());
        const opened = await this.opening;
        if (!opened.ok) { this.opening = undefined; return opened; }
      }
      return task();
    }));
    void done.then(() => this.armIndexMark(), () => undefined);
    return done;
  }

  private async snapshotUnqueued(filePath: string, text: string): Promise<SnapshotResult> {
    return this.snapshotter.store(filePath, text, () => this.newestSnapshotSha(filePath));
  }

  /** sha256 of the newest stored text of a file per the journal (after, else before), if any. */
  private newestSnapshotSha(filePath: string): string | undefined {
    const entries = [...this.entries.values()];
    for (let i = entries.length - 1; i >= 0; i--) {
      const e = entries[i];
      if (e.path !== filePath) continue;
      if (e.after_sha256 && this.blobs.has(e.after_sha256)) return e.after_sha256;
      if (this.blobs.has(e.before_sha256)) return e.before_sha256;
    }
    return undefined;
  }

  /**
   * One retention round (after every finish, attempt and open, and after a checkpoint's take or
   * prune): old checkpoints, then journal entries, until the store fits its cap
   * (storeRetention.ts). What goes is written to the eviction log first; then the checkpoint
   * records are deleted (durably: a record must never outlive its blobs), the entries dropped,
   * and the blobs nothing needs collected. Whether the store fits afterwards is remembered for
   * stats() and logged when that changes.
   */
  private async applyRetention(): Promise<{ collected: boolean; removedCheckpoints: string[] }> {
    const round = await this.planRound();
    this.noteCap(round.over);
    const { drops, checkpointDrops } = round;
    if (drops.length === 0 && checkpointDrops.length === 0) {
      // Over the cap with blobs nothing needs still on disk (a collection put off by a take): they go now.
      if (round.garbageOverCap) await this.collectGarbage();
      return { collected: round.garbageOverCap === true, removedCheckpoints: [] };
    }
    if (!await this.ownsRoot('apply retention')) return { collected: false, removedCheckpoints: [] };
    await this.recordEvictions(drops.map((d) => ({ entry: this.entries.get(d.id)!, reason: d.reason })), checkpointDrops);
    this.step('retention:recorded');
    if (checkpointDrops.length > 0) {
      for (const c of checkpointDrops) await fs.rm(recordFile(this.root, c.id), { force: true });
      await fsyncDir(path.dirname(recordFile(this.root, checkpointDrops[0].id)));
      this.step('retention:checkpoints');
    }
    await this.dropEntries(drops.map((d) => d.id));
    this.step('retention:dropped');
    await this.collectGarbage();
    if (this.journal.wantsCompaction()) await this.compactJournal();
    return { collected: true, removedCheckpoints: checkpointDrops.map((c) => c.id) };
  }

  /**
   * What a retention round drops. While every blob (garbage too), the journal and the records fit
   * the cap, only the journal's count limit can drop anything, and no checkpoint is read beyond
   * its record's listing; else the whole store is weighed (storeRetention.ts).
   */
  private async planRound(): Promise<{ drops: RetentionDrop[]; checkpointDrops: StoredCheckpoint[]; over?: { cause: string; why: string }; garbageOverCap?: boolean }> {
    const entries = [...this.entries.values()];
    const info = (sha: string) => this.blobs.info(sha);
    const cap = this.options.maxTotalBytes;
    const journalBytes = await this.journal.size();
    let checkpoints: StoredCheckpoint[];
    let onDisk: number;
    try {
      checkpoints = await this.catalog.list();
      onDisk = this.blobs.totalBytes() + journalBytes + checkpoints.reduce((n, c) => n + c.recordBytes, 0);
      if (onDisk <= cap) return { drops: planRetention(entries, info, this.options), checkpointDrops: [] };
      await this.catalog.loadChunks(checkpoints);
    } catch (error) {
      // Its blobs cannot be told apart (garbage collection keeps every blob meanwhile): the journal's
      // own policy runs, against the cap minus every blob it does not need, and the store says so.
      const message = (error as Error).message;
      const fixed = new BlobRefs(info);
      const history = referencedBlobs(entries, info);
      for (const sha of this.blobs.shas()) if (!history.has(sha)) fixed.add(sha);
      const drops = planRetention(entries, info, { maxEntriesPerFile: this.options.maxEntriesPerFile, maxTotalBytes: cap - journalBytes }, fixed);
      const over = fixed.bytes + journalBytes > cap ? { cause: 'unreadable', why: `a workspace checkpoint cannot be read (${message}), so the store can neither tell which blobs it needs nor prune it; the history was fitted into what is left.` } : undefined;
      return { drops, checkpointDrops: [], ...(over ? { over } : {}) };
    }
    const keep = await this.keptCheckpoints();
    const plan = planStoreRetention({
      entries, checkpoints, keepCheckpoints: keep ?? new Set(checkpoints.map((c) => c.id)), pinned: this.pinned,
      blobInfo: info, chunkNames: (chunk) => this.catalog.namesOf(chunk),
      maxEntriesPerFile: this.options.maxEntriesPerFile, maxTotalBytes: cap, journalBytes,
    });
    const byId = new Map(checkpoints.map((c) => [c.id, c]));
    const over = plan.over ? { cause: plan.over, why: overCapWhy(plan, cap) } : undefined;
    return { drops: plan.drops, checkpointDrops: plan.checkpointDrops.map((id) => byId.get(id)!), ...(over ? { over } : {}), garbageOverCap: plan.bytes < onDisk };
  }

  /** The checkpoints the keepers name (see keepCheckpoints); undefined when one of them cannot tell. */
  private async keptCheckpoints(): Promise<Set<string> | undefined> {
    const keep = new Set<string>();
    try {
      for (const keeper of this.checkpointKeepers) for (const id of await keeper()) keep.add(id);
      return keep;
    } catch (error) {
      this.log(`Backup store ${this.root}: which checkpoints are still in use cannot be told (${(error as Error).message}): none is pruned this time.`);
      return undefined;
    }
  }

  /** Remembers whether the store fits its cap (stats() says why not) and logs when the cause changes. */
  private noteCap(over: { cause: string; why: string } | undefined): void {
    if (over && over.cause !== this.overCapCause) this.log(`Backup store ${this.root} is over its cap: ${over.why}`);
    this.overCapCause = over?.cause;
    this.overCap = over?.why;
  }

  /** Rewrites the journal with the live entries, if this store still owns the root. */
  private async compactJournal(): Promise<void> {
    if (!await this.ownsRoot('compact the journal')) return;
    await this.journal.compact([...this.entries.values()]);
  }

  /**
   * The fencing check before anything that another owner of the root could lose data by: a
   * compaction (it would replace the journal that owner appends to), a garbage collection (it
   * would delete that owner's snapshots) and a new backup (the other owner would collect it).
   * Once the lock is found taken, the store stays fenced off; the first refusal is logged.
   */
  private async ownsRoot(action: string): Promise<boolean> {
    if (this.lockLost !== undefined) return false;
    this.lockLost = this.lock ? await confirmStoreLock(this.lock) : 'it holds no lock';
    if (this.lockLost === undefined) return true;
    this.log(`Backup store ${this.root}: refusing to ${action} (and to compact, collect or back up from now on): this store no longer owns it: ${this.lockLost}.`);
    return false;
  }

  private notOwner(): { ok: false; failure: Failure } {
    return fail('INTERNAL_ERROR', `The backup store at ${this.root} is no longer this process's (${this.lockLost ?? 'lock lost'}): no backup can be taken, so nothing may be changed. Reopen the window or restart the server.`);
  }

  /**
   * Adds one record per file and reason to the eviction log, and one per workspace folder for
   * the checkpoints the cap pruned, and persists it.
   */
  private async recordEvictions(dropped: Array<{ entry: JournalEntry; reason: EvictionRecord['reason'] }>, checkpoints: readonly StoredCheckpoint[] = []): Promise<void> {
    const now = Date.now();
    const byKey = new Map<string, EvictionRecord>();
    for (const { entry, reason } of dropped) {
      const key = `${reason}\u0000${entry.path}`;
      let r = byKey.get(key);
      if (!r) byKey.set(key, (r = { time: now, path: entry.path, reason, versions: 0, attempts: 0, from_time: entry.time, to_time: entry.time }));
      if (isRestorable(entry)) r.versions++;
      else r.attempts++;
      r.from_time = Math.min(r.from_time, entry.time);
      r.to_time = Math.max(r.to_time, entry.time);
    }
    const byRoot = new Map<string, EvictionRecord>();
    for (const c of checkpoints) {
      let r = byRoot.get(c.root);
      if (!r) byRoot.set(c.root, (r = { time: now, path: c.root, reason: 'size_budget', versions: 0, attempts: 0, checkpoints: 0, from_time: c.time, to_time: c.time }));
      r.checkpoints = (r.checkpoints ?? 0) + 1;
      r.from_time = Math.min(r.from_time, c.time);
      r.to_time = Math.max(r.to_time, c.time);
    }
    this.evictionLog = [...byRoot.values(), ...byKey.values(), ...this.evictionLog].slice(0, MAX_EVICTION_RECORDS);
    await writeFileDurable(path.join(this.root, 'evictions.json'), JSON.stringify(this.evictionLog), path.join(this.root, 'tmp'));
  }

  private async loadEvictions(): Promise<void> {
    try {
      const parsed: unknown = JSON.parse(await fs.readFile(path.join(this.root, 'evictions.json'), 'utf8'));
      this.evictionLog = Array.isArray(parsed) ? parsed.filter(isEvictionRecord).slice(0, MAX_EVICTION_RECORDS) : [];
    } catch {
      this.evictionLog = []; // absent or unreadable: the log is informational
    }
  }

  private async dropEntries(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.journal.drop(ids);
    for (const id of ids) { this.entries.delete(id); this.pendingTexts.delete(id); }
  }

  /**
   * Deletes blobs that no live entry, pinned snapshot or stored checkpoint needs, if this
   * store still owns the root. Decided from the references (journal, checkpoints), never from
   * the index alone: only indexed blobs are candidates (a blob the index missed stays), and the
   * keyframe of a referenced delta the index does not list is read from the delta's own header.
   * Nothing is collected while a checkpoint take of this root is in flight in this process (the
   * collection runs when it ends), nor when a checkpoint's record or manifest cannot be read (its
   * blobs cannot be told apart).
   */
  private async collectGarbage(): Promise<void> {
    if (this.deferWhileHeld()) return;
    if (!await this.ownsRoot('collect garbage')) return;
    let checkpointRefs: Set<string>;
    try {
      checkpointRefs = await this.catalog.references();
    } catch (error) {
      this.log(`Backup store ${this.root}: no garbage collected: a checkpoint cannot be read (${(error as Error).message}).`);
      return;
    }
    this.collectionDue = false;
    const keep = new Set<string>([...this.pinned, ...checkpointRefs]);
    for (const e of this.entries.values()) {
      keep.add(e.before_sha256);
      if (e.after_sha256) keep.add(e.after_sha256);
    }
    for (const sha of [...keep]) {
      const base = (this.blobs.info(sha) ?? await this.blobs.lookup(sha))?.base;
      if (base) keep.add(base);
    }
    for (const sha of [...this.blobs.shas()]) {
      if (keep.has(sha)) continue;
      if (this.deferWhileHeld()) return;
      await this.blobs.remove(sha);
      this.snapshotter.forgetBlob(sha);
      this.step('gc:removed');
    }
  }

  /**
   * True (and the collection put off until the hold goes) while a checkpoint take of this root
   * holds collection anywhere in this process.
   */
  private deferWhileHeld(): boolean {
    if (!rootHeld(this.rootKey)) return false;
    if (!this.collectionDeferred) {
      this.collectionDeferred = true;
      whenRootFree(this.rootKey, () => this.queue.run(async () => {
        this.collectionDeferred = false;
        if (this.isOpen) await this.collectGarbage().catch((e: Error) => this.log(`Backup store ${this.root}: garbage collection failed: ${e.message}`));
      }));
    }
    return true;
  }

  private async textOrUndefined(sha256: string): Promise<string | undefined> {
    const read = await this.blobs.readText(sha256);
    return read.ok ? read.text : undefined;
  }

  /** The journal entry `begin` / `beginGroup` opens for a change whose before-content is stored as `beforeSha`. */
  private pendingEntry(input: BeginInput, beforeSha: string): JournalEntry {
    const raw = input.beforeBytes;
    return {
      id: this.newId(), time: input.time ?? Date.now(), tool: input.tool, path: input.path,
      before_sha256: beforeSha, after_sha256: null,
      bytes: raw ? raw.length : Buffer.byteLength(input.beforeText, 'utf8'), after_bytes: null,
      lines_added: 0, lines_removed: 0, outcome: 'pending', has_snapshot: true,
      ...(input.turnId !== undefined ? { turn_id: input.turnId } : {}),
      ...(input.client !== undefined ? { client: input.client } : {}),
      kind: input.kind ?? 'modify',
      ...(input.intendedSha256 !== undefined ? { intended_sha256: input.intendedSha256 } : {}),
      ...(input.beforeBom ? { before_bom: true } : {}),
      ...(input.beforeMode !== undefined ? { before_mode: input.beforeMode } : {}),
      ...(input.renamedFrom !== undefined ? { renamed_from: input.renamedFrom } : {}),
      ...(input.renameVia !== undefined ? { rename_via: input.renameVia } : {}),
      ...(input.writer !== undefined ? { writer: { ...input.writer } } : {}),
    };
  }

  private newId(): string {
    // Time-ordered and unique: millisecond time, a per-instance counter, random bits.
    this.idCounter++;
    return `${Date.now().toString(36)}-${this.idCounter.toString(36)}-${randomBytes(3).toString('hex')}`;
  }
}

/** Why a store stays over its cap after retention, in words the user can act on. */
function overCapWhy(plan: StoreRetentionPlan, cap: number): string {
  const held = `it holds ${mb(plan.bytes)} of its ${mb(cap)} cap (safeEdit.backups.maxTotalMB), ${mb(plan.checkpointBytes)} of them workspace checkpoints`;
  if (plan.over === 'checkpoints_over_share') {
    return `${held}: the checkpoints that must stay (each folder's newest, and those a recording still uses) take more than their half (${mb(checkpointShareOf(cap))}), and the history keeps the other half. Those no recording uses any more go at its next prune; raise the cap if a folder's newest checkpoint alone is over that half.`;
  }
  return `${held}: what retention never drops is larger — each file's newest versions and edits in flight, each workspace folder's newest checkpoint and those a recording still uses. Raise the cap, or clear old backups (Agent Safe Edit: Clear Backups…).`;
}

function mb(bytes: number): string {
  return `${(bytes / MB).toFixed(1)} MB`;
}

function countChanges(changes: readonly LineChange[]): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const c of changes) { added += c.bEnd - c.bStart; removed += c.aEnd - c.aStart; }
  return { added, removed };
}

function isEvictionRecord(r: unknown): r is EvictionRecord {
  const x = r as EvictionRecord;
  return typeof x === 'object' && x !== null && typeof x.time === 'number' && typeof x.path === 'string'
    && (x.reason === 'count_limit' || x.reason === 'size_budget') && typeof x.versions === 'number' && typeof x.attempts === 'number';
}

function isValidBegin(input: BeginInput): boolean {
  const raw = input.beforeBytes;
  return isNonEmpty(input.tool) && isNonEmpty(input.path) && (raw === undefined ? typeof input.beforeText === 'string' : Buffer.isBuffer(raw));
}

function isNonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0;
}

async function guard<T>(operation: string, task: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await task();
  } catch (error) {
    return fail('INTERNAL_ERROR', `Backup store ${operation} failed: ${(error as Error).message}`);
  }
}

/**
 * Entries in journal order, turned newest first. A change recorded after the fact carries the
 * time it was made, earlier than entries journaled before it: the stable sort by time puts it
 * in its place (nearly free when nothing is out of order).
 */
function newestFirst(inJournalOrder: JournalEntry[]): JournalEntry[] {
  return inJournalOrder.reverse().sort((a, b) => b.time - a.time);
}
