import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { createHash, Hash } from 'node:crypto';
import type { BlobInfo } from './blobStore';
import { fsyncDir, writeFileDurable } from './durableFs';
import { PRIVATE_FILE_MODE } from './privateModes';

const HEADER = 'ASE-BLOB-INDEX 1\n';
const SHA256 = /^[0-9a-f]{64}$/;
/** Lines (dead blob lines and marks) tolerated beyond twice the live blobs before a mark rewrites the file. */
const COMPACT_SLACK = 4096;

/**
 * What a clean mark vouches for: the store's lock generation when it was written, and the
 * journal file as it was then (`journalStamp`). At open the index is trusted only when its last
 * line is a mark of the generation just before the opener's and the journal is still as the mark
 * saw it: whoever owned the store in between (a crashed session of ours, an earlier version of
 * the extension that knows nothing of the index) leaves a different generation or journal.
 */
export interface IndexStamp {
  generation: number;
  journal: string;
}

/** The journal file's size, mtime and inode, or "-" when there is none. */
export async function journalStamp(file: string): Promise<string> {
  try {
    const st = await fs.stat(file);
    return `${st.size}:${st.mtimeMs}:${st.ino}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return '-';
    throw error;
  }
}

/**
 * The blob index on disk (`<root>/blob-index.log`): which blobs the store holds, their kind,
 * size and keyframe, so that open needs no listing of `blobs/` and no read of every blob's
 * header. Text, one line each:
 *
 * ```
 * ASE-BLOB-INDEX 1
 * + <sha256> <key|delta|raw> <bytes on disk> [<keyframe sha256>]   a blob
 * - <sha256>                                                       a blob removed
 * dirty <generation>                                               changes follow
 * clean <generation> <blobs> <bytes> <lines> <journal stamp> <sha256 of every byte before this line>
 * ```
 * (`lines`: the lines between the header and this mark; when to rewrite the file).
 *
 * Crash safety comes from one rule: **the file ends with a clean mark only while it lists
 * exactly the blobs on disk** (the mark's checksum also catches damage anywhere above it). Before
 * the first blob is written or removed after a mark, `dirty` is appended and made durable; the
 * changes themselves are kept in memory and appended with the next mark (when the store is idle,
 * and at close), in one write and one fdatasync. A crash in between leaves a file that ends with
 * `dirty` (or with a torn line), and the next open lists and reads every blob instead, as it
 * always did, and writes the file anew. When the store cannot know which blobs were written (a
 * checkpoint take that failed: its worker wrote blobs nobody reported), the file is removed and
 * no mark is written again this session (`abandon`).
 */
export class BlobIndexLog {
  /**
   * clean: the file ends with a mark that matches memory; dirty: it ends with `dirty` (durable)
   * and `pending` holds the changes since; off: no mark will be written this session.
   */
  private state: 'clean' | 'dirty' | 'off' = 'off';
  private pending: string[] = [];
  /** sha256 of every byte in the file so far (the next mark's checksum). */
  private hash: Hash | undefined;
  /**
   * Lines in the file after the header: blob lines live or dead, and the marks (every session
   * adds one or two, so a store opened often by short-lived processes is rewritten now and then
   * even when its blobs do not change).
   */
  private fileLines = 0;
  private stamp: IndexStamp | undefined;
  private handle: fs.FileHandle | undefined;

  constructor(private readonly file: string, private readonly tmpDir: string, private readonly step: (name: string) => void = () => undefined) {}

  /**
   * The index, when it can be trusted: whole, checksum right, ending with a clean mark of
   * `expected` (the previous owner's generation and the journal as it is: see IndexStamp).
   * Undefined when it is missing, unreadable, damaged or stale: the caller scans the blobs and
   * calls `rewrite`. Reads the file and hashes it once; its blob lines are not parsed here (that
   * costs ~3 µs a blob, 0.3 s at 100,000): the caller applies them when it needs them, and
   * meanwhile knows the count and bytes from the mark.
   */
  async load(expected: IndexStamp): Promise<LoadedIndex | undefined> {
    this.state = 'off';
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(this.file);
    } catch {
      return undefined; // missing or unreadable: the caller scans
    }
    if (bytes.length <= HEADER.length || bytes.toString('latin1', 0, HEADER.length) !== HEADER || bytes[bytes.length - 1] !== 0x0a) return undefined;
    const lastStart = bytes.lastIndexOf(0x0a, bytes.length - 2) + 1;
    const mark = parseMark(bytes.toString('latin1', lastStart, bytes.length - 1));
    if (!mark || mark.generation !== expected.generation || mark.journal !== expected.journal) return undefined;
    const hash = createHash('sha256').update(bytes.subarray(0, lastStart));
    if (hash.copy().digest('hex') !== mark.checksum) return undefined;
    this.hash = hash.update(bytes.subarray(lastStart));
    this.fileLines = mark.lines + 1;
    this.stamp = expected;
    this.pending = [];
    this.state = 'clean';
    return new LoadedIndex(bytes.toString('latin1', HEADER.length, lastStart), mark.count, mark.bytes);
  }

  /**
   * Writes the whole index anew (temp file, fsync, rename, fsync of the folder), ending with a
   * clean mark: after a scan, or when a mark finds the file mostly dead lines.
   */
  async rewrite(entries: Iterable<[string, BlobInfo]>, stamp: IndexStamp): Promise<void> {
    await this.closeHandle();
    const hash = createHash('sha256');
    const parts: string[] = [HEADER];
    let count = 0;
    let total = 0;
    for (const [sha, info] of entries) {
      parts.push(entryLine(sha, info));
      count++;
      total += info.bytes;
    }
    const body = parts.join('');
    hash.update(body, 'latin1');
    const mark = markLine(stamp, count, total, count, hash.copy().digest('hex'));
    hash.update(mark, 'latin1');
    await writeFileDurable(this.file, body + mark, this.tmpDir);
    this.hash = hash;
    this.fileLines = count + 1;
    this.stamp = stamp;
    this.pending = [];
    this.state = 'clean';
    this.step('index:rewritten');
  }

  /**
   * Called before a blob is written or removed: after a clean mark, appends `dirty` and makes it
   * durable, so that a crash from here on is seen at the next open. Nothing to do when the file
   * already says so (or is off). When the line cannot be written the file is removed instead;
   * throws only when neither works (the change must then not happen).
   */
  async willChange(generation: number): Promise<void> {
    if (this.state !== 'clean') return;
    const line = `dirty ${generation}\n`;
    try {
      await this.append(line, true);
      this.hash!.update(line, 'latin1');
      this.fileLines++;
      this.state = 'dirty';
      this.step('index:dirty');
    } catch {
      await this.abandon();
    }
  }

  /** A change of the index in memory (after `willChange`); appended with the next mark. */
  changed(sha256: string, info: BlobInfo | undefined): void {
    if (this.state === 'off') return;
    // Only a bug gets here (a blob change without willChange): refused loudly, as the file
    // would claim a state the disk no longer has.
    if (this.state === 'clean') throw new Error(`blob index: ${sha256.slice(0, 12)} changed while the index was marked clean`);
    this.pending.push(info ? entryLine(sha256, info) : `- ${sha256}\n`);
  }

  /** True when a mark would write something: changes since the last one, or another stamp. */
  wantsMark(stamp: IndexStamp): boolean {
    return this.state === 'dirty' || (this.state === 'clean' && (stamp.generation !== this.stamp?.generation || stamp.journal !== this.stamp?.journal));
  }

  /**
   * Makes the file list what memory lists (`entries`, `count` blobs of `bytes` in all), ending
   * with a clean mark of `stamp`: the changes since the last mark and the mark in one append and
   * one fdatasync (`sync`), or a rewrite when dead lines have piled up. Nothing when off.
   */
  async mark(entries: () => Iterable<[string, BlobInfo]>, count: number, bytes: number, stamp: IndexStamp, sync = true): Promise<void> {
    if (!this.wantsMark(stamp)) return;
    if (this.fileLines + this.pending.length > 2 * count + COMPACT_SLACK) {
      await this.rewrite(entries(), stamp);
      return;
    }
    const changes = this.pending.join('');
    const hash = this.hash!.copy();
    hash.update(changes, 'latin1');
    const line = markLine(stamp, count, bytes, this.fileLines + this.pending.length, hash.copy().digest('hex'));
    try {
      await this.append(changes + line, sync);
    } catch (error) {
      await this.abandon();
      throw error;
    }
    hash.update(line, 'latin1');
    this.hash = hash;
    this.fileLines += this.pending.length + 1;
    this.pending = [];
    this.stamp = stamp;
    this.state = 'clean';
    this.step('index:marked');
  }

  /**
   * The index can no longer be kept exact this session (blobs were written that nobody
   * reported): the file is removed, durably, so the next open scans; no mark is written again.
   * Throws when it cannot be removed.
   */
  async abandon(): Promise<void> {
    this.state = 'off';
    this.pending = [];
    await this.closeHandle();
    await fs.rm(this.file, { force: true });
    await fsyncDir(path.dirname(this.file));
  }

  async close(): Promise<void> {
    await this.closeHandle();
  }

  private async append(text: string, sync: boolean): Promise<void> {
    this.handle ??= await fs.open(this.file, 'a', PRIVATE_FILE_MODE);
    await this.handle.appendFile(text, 'latin1');
    if (sync) await this.handle.datasync();
  }

  private async closeHandle(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    await handle?.close();
  }
}

function entryLine(sha256: string, info: BlobInfo): string {
  return `+ ${sha256} ${info.kind} ${info.bytes}${info.base ? ` ${info.base}` : ''}\n`;
}

function markLine(stamp: IndexStamp, count: number, bytes: number, lines: number, checksum: string): string {
  return `clean ${stamp.generation} ${count} ${bytes} ${lines} ${stamp.journal} ${checksum}\n`;
}

function parseMark(line: string): { generation: number; count: number; bytes: number; lines: number; journal: string; checksum: string } | undefined {
  const f = line.split(' ');
  if (f.length !== 7 || f[0] !== 'clean' || !SHA256.test(f[6])) return undefined;
  const [generation, count, bytes, lines] = [Number(f[1]), Number(f[2]), Number(f[3]), Number(f[4])];
  if (![generation, count, bytes, lines].every((n) => Number.isSafeInteger(n) && n >= 0)) return undefined;
  return { generation, count, bytes, lines, journal: f[5], checksum: f[6] };
}

/**
 * A trusted index's blob lines, not yet applied: its count and bytes (from the mark) are known
 * at once, the lines are applied in slices (`applyTo`), so that no single step holds the thread
 * long and the open does not wait for them at all.
 */
export class LoadedIndex {
  private at = 0;
  private seen = 0;
  private total = 0;

  constructor(private readonly text: string, readonly count: number, readonly bytes: number) {}

  /**
   * Applies up to `max` more lines to `index` (in file order: a later line about a blob wins);
   * true once all are applied. Throws at a line that is not one of ours, and at the end when
   * the result does not have the mark's count and bytes (neither can happen to a file whose
   * checksum matched, short of a bug: the caller then distrusts it). Linear; one fixed-length
   * check per sha256.
   */
  applyTo(index: Map<string, BlobInfo>, max: number): boolean {
    const text = this.text;
    for (let n = 0; n < max && this.at < text.length; n++) {
      let end = text.indexOf('\n', this.at);
      if (end < 0) end = text.length;
      const line = text.slice(this.at, end);
      this.at = end + 1;
      this.applyLine(index, line);
    }
    if (this.at < text.length) return false;
    if (this.seen !== this.count || this.total !== this.bytes) throw new Error(`the index lists ${this.seen} blobs of ${this.total} bytes, its mark ${this.count} of ${this.bytes}`);
    return true;
  }

  private applyLine(index: Map<string, BlobInfo>, line: string): void {
    const f = line.split(' ');
    if (f[0] === 'dirty' || f[0] === 'clean') return; // marks of earlier sessions
    if (!SHA256.test(f[1] ?? '')) throw new Error(`not an index line: ${line.slice(0, 80)}`);
    const old = index.get(f[1]);
    if (old) { this.seen--; this.total -= old.bytes; }
    if (f[0] === '-' && f.length === 2) { index.delete(f[1]); return; }
    const bytes = Number(f[3]);
    let info: BlobInfo;
    if (f[0] !== '+' || !Number.isSafeInteger(bytes) || bytes < 0) throw new Error(`not an index line: ${line.slice(0, 80)}`);
    if (f[2] === 'delta' && f.length === 5 && SHA256.test(f[4])) info = { kind: 'delta', bytes, base: f[4] };
    else if ((f[2] === 'key' || f[2] === 'raw') && f.length === 4) info = { kind: f[2], bytes };
    else throw new Error(`not an index line: ${line.slice(0, 80)}`);
    index.set(f[1], info);
    this.seen++;
    this.total += bytes;
  }
}
