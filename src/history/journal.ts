import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { JournalEntry } from './types';
import { fsyncDir, writeFileDurable } from './durableFs';
import { PRIVATE_FILE_MODE } from './privateModes';
import { isJournalEntry, isEntryUpdate, EntryUpdate } from './journalRecords';

/**
 * One line of the journal file (JSON lines):
 * - `{"op":"put","entry":{…}}` adds an entry (begin, a recorded attempt, or compaction);
 * - `{"op":"update","id":…,"set":{…}}` changes fields of an entry (finish, recovery);
 * - `{"op":"drop","ids":[…]}` removes entries (retention, clear).
 * The entries are what replaying the lines in order yields.
 */
type JournalRecord =
  | { op: 'put'; entry: JournalEntry }
  | { op: 'update'; id: string; set: EntryUpdate }
  | { op: 'drop'; ids: string[] };

export interface JournalLoad {
  /** Live entries in journal (creation) order. */
  entries: JournalEntry[];
  tornBytes: number;
  badLines: number;
}

/**
 * The append-only journal at `file`. Every append is one `write` of a whole line followed
 * by fdatasync, so a crash leaves at most a torn last line, which `load` cuts off. Drops
 * are tombstones; `compact` rewrites the file atomically (temp, fsync, rename) when they
 * pile up.
 */
export class Journal {
  private handle: fs.FileHandle | undefined;
  /** Lines in the file that no longer describe a live entry (drops, dropped puts, updates). */
  private deadLines = 0;
  private liveLines = 0;
  /** True when a previous append may have left a partial line behind. */
  private lineMayBeOpen = false;

  /** @param step the crash test's hook (BackupStoreOptions.onStep), called at each step of a compaction */
  constructor(private readonly file: string, private readonly tmpDir: string, private readonly step: (name: string) => void = () => undefined) {}

  /**
   * Reads and replays the journal, creating it when missing. A torn last line (no final
   * newline and not valid JSON) is truncated away; other unreadable lines are skipped and
   * counted. Opens the file for appending.
   */
  async load(): Promise<JournalLoad> {
    let bytes: Buffer;
    try {
      bytes = await fs.readFile(this.file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      bytes = Buffer.alloc(0);
    }
    let tornBytes = 0;
    const lastNewline = bytes.lastIndexOf(0x0a);
    const tail = bytes.subarray(lastNewline + 1);
    let keepTailAsLine = false;
    if (tail.length > 0) {
      // A complete record that only lost its newline is kept; anything else is torn.
      keepTailAsLine = parseRecord(tail.toString('utf8')) !== null;
      if (!keepTailAsLine) {
        tornBytes = tail.length;
        await fs.truncate(this.file, lastNewline + 1);
      }
    }

    const entries = new Map<string, JournalEntry>();
    let badLines = 0;
    let lineCount = 0;
    const text = bytes.subarray(0, keepTailAsLine ? bytes.length : lastNewline + 1).toString('utf8');
    for (const line of text.split('\n')) {
      if (line.length === 0) continue;
      lineCount++;
      const record = parseRecord(line);
      if (!record) { badLines++; continue; }
      applyRecord(entries, record);
    }
    this.handle = await fs.open(this.file, 'a', PRIVATE_FILE_MODE);
    if (keepTailAsLine) await this.writeDurably('\n');
    if (bytes.length === 0) await fsyncDir(path.dirname(this.file));
    this.liveLines = entries.size;
    this.deadLines = lineCount - entries.size;
    return { entries: [...entries.values()], tornBytes, badLines };
  }

  async put(entry: JournalEntry): Promise<void> {
    await this.append({ op: 'put', entry });
    this.liveLines++;
  }

  /**
   * Appends several entries with ONE write and one fdatasync (a multi-file change's group).
   * A crash mid-write keeps a prefix of them (the torn last line is cut at load): the caller
   * writes no file before this returned, so a partial group only names untouched files.
   */
  async putMany(entries: JournalEntry[]): Promise<void> {
    if (entries.length === 0) return;
    await this.appendMany(entries.map((entry) => ({ op: 'put', entry } satisfies JournalRecord)));
    this.liveLines += entries.length;
  }

  /** With `sync: false` the record is written but not fdatasync'd: see sync(). */
  async update(id: string, set: EntryUpdate, sync = true): Promise<void> {
    await this.append({ op: 'update', id, set }, sync);
    this.deadLines++;
  }

  async drop(ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.append({ op: 'drop', ids });
    this.deadLines += 1 + ids.length;
    this.liveLines -= ids.length;
  }

  /** True when the file holds more dead lines than live ones (and enough to bother). */
  wantsCompaction(): boolean {
    return this.deadLines > Math.max(200, this.liveLines);
  }

  /** Rewrites the journal as one put line per live entry, atomically. */
  async compact(live: JournalEntry[]): Promise<void> {
    const text = live.map((entry) => JSON.stringify({ op: 'put', entry } satisfies JournalRecord) + '\n').join('');
    await this.handle?.close();
    this.handle = undefined;
    await writeFileDurable(this.file, text, this.tmpDir, true, (point) => this.step(`compact:${point}`));
    this.step('compact:synced');
    this.handle = await fs.open(this.file, 'a', PRIVATE_FILE_MODE);
    this.liveLines = live.length;
    this.deadLines = 0;
  }

  async size(): Promise<number> {
    try { return (await fs.stat(this.file)).size; } catch { return 0; }
  }

  async close(): Promise<void> {
    await this.handle?.close();
    this.handle = undefined;
  }

  /** fdatasync of everything appended so far (records written with `sync: false`). */
  async sync(): Promise<void> {
    await this.handle?.datasync();
  }

  private async appendMany(records: JournalRecord[]): Promise<void> {
    const text = (this.lineMayBeOpen ? '\n' : '') + records.map((r) => JSON.stringify(r) + '\n').join('');
    try {
      await this.writeDurably(text, true);
      this.lineMayBeOpen = false;
    } catch (error) {
      this.lineMayBeOpen = true;
      throw error;
    }
  }

  private async append(record: JournalRecord, sync = true): Promise<void> {
    // After a failed append (e.g. disk full mid-line) start on a fresh line, so the
    // fragment spoils only itself (skipped as a bad line on load), not this record.
    const text = (this.lineMayBeOpen ? '\n' : '') + JSON.stringify(record) + '\n';
    try {
      await this.writeDurably(text, sync);
      this.lineMayBeOpen = false;
    } catch (error) {
      this.lineMayBeOpen = true;
      throw error;
    }
  }

  private async writeDurably(text: string, sync = true): Promise<void> {
    if (!this.handle) throw new Error('journal is not open');
    const data = Buffer.from(text, 'utf8');
    let written = 0;
    while (written < data.length) {
      const { bytesWritten } = await this.handle.write(data, written, data.length - written);
      written += bytesWritten;
    }
    if (sync) await this.handle.datasync();
  }
}

function parseRecord(line: string): JournalRecord | null {
  let value: unknown;
  try { value = JSON.parse(line); } catch { return null; }
  if (typeof value !== 'object' || value === null) return null;
  const r = value as Record<string, unknown>;
  if (r.op === 'put' && isJournalEntry(r.entry)) return { op: 'put', entry: r.entry };
  if (r.op === 'update' && typeof r.id === 'string' && isEntryUpdate(r.set)) return { op: 'update', id: r.id, set: r.set };
  if (r.op === 'drop' && Array.isArray(r.ids) && r.ids.every((id) => typeof id === 'string')) return { op: 'drop', ids: r.ids as string[] };
  return null;
}

function applyRecord(entries: Map<string, JournalEntry>, record: JournalRecord): void {
  switch (record.op) {
    case 'put':
      entries.set(record.entry.id, { ...record.entry });
      break;
    case 'update': {
      const entry = entries.get(record.id);
      if (entry) Object.assign(entry, record.set);
      break;
    }
    case 'drop':
      for (const id of record.ids) entries.delete(id);
      break;
  }
}
