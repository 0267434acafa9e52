import { promises as fs } from 'node:fs';
import { listRecordIds, readRecordSized, recordFile } from './checkpointRecord';
import { readChunkEntries } from './checkpointReferences';

/** What the store needs to know of one stored checkpoint (a record never changes once written: its id is new). */
export interface StoredCheckpoint {
  id: string;
  /** The workspace folder, absolute. */
  root: string;
  time: number;
  /** The manifest's chunks (raw blobs), in path order. */
  chunks: readonly string[];
  /** Size of the record file `checkpoints/<id>.json` (the store's cap counts it). */
  recordBytes: number;
}

/**
 * The stored checkpoints as the backup store sees them for its cap and its garbage collection:
 * each record read once, each manifest chunk's file blobs read once (neither ever changes), so
 * a retention round after an edit costs a listing of the folder and the records and chunks that
 * are new. Owned by one store; used inside its queue.
 */
export class CheckpointCatalog {
  private readonly records = new Map<string, StoredCheckpoint>();
  /** The file blobs each chunk names, by the chunk's sha256. */
  private readonly chunkNames = new Map<string, string[]>();

  constructor(private readonly storeRoot: string) {}

  /**
   * The stored checkpoints, oldest first. A record that vanished meanwhile (pruned) is skipped;
   * throws when one cannot be read otherwise (its blobs cannot be told apart).
   */
  async list(): Promise<StoredCheckpoint[]> {
    const ids = await listRecordIds(this.storeRoot);
    const live = new Set(ids);
    for (const id of this.records.keys()) if (!live.has(id)) this.records.delete(id);
    const out: StoredCheckpoint[] = [];
    for (const id of ids) {
      let known = this.records.get(id);
      if (!known) {
        let read;
        try {
          read = await readRecordSized(this.storeRoot, id);
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw error;
        }
        known = { id, root: read.record.root, time: read.record.time, chunks: read.record.chunks, recordBytes: read.bytes };
        this.records.set(id, known);
      }
      out.push(known);
    }
    return out;
  }

  /**
   * How many records are stored and their files' bytes, for the store's figures: known sizes
   * from the cache, others from a stat (never throws; a record that cannot be read still counts).
   */
  async recordFiles(): Promise<{ count: number; bytes: number }> {
    let count = 0;
    let bytes = 0;
    for (const id of await listRecordIds(this.storeRoot)) {
      const size = this.records.get(id)?.recordBytes ?? (await fs.stat(recordFile(this.storeRoot, id)).catch(() => undefined))?.size;
      if (size === undefined) continue;
      count++;
      bytes += size;
    }
    return { count, bytes };
  }

  /**
   * Reads what every chunk of these checkpoints names, where not known yet, and forgets the
   * chunks none of them holds. Throws when a chunk cannot be read.
   */
  async loadChunks(checkpoints: readonly StoredCheckpoint[]): Promise<void> {
    const live = new Set<string>();
    for (const c of checkpoints) {
      for (const chunk of c.chunks) {
        live.add(chunk);
        if (this.chunkNames.has(chunk)) continue;
        const entries = await readChunkEntries(this.storeRoot, chunk);
        this.chunkNames.set(
          chunk,
          entries.flatMap((e) => (e.kind === 'file' ? [e.sha256] : [])),
        );
      }
    }
    for (const chunk of this.chunkNames.keys()) if (!live.has(chunk)) this.chunkNames.delete(chunk);
  }

  /** The file blobs a chunk names, once loadChunks read it. */
  namesOf(chunk: string): readonly string[] | undefined {
    return this.chunkNames.get(chunk);
  }

  /**
   * Every blob the stored checkpoints need: their chunks and the file blobs those name (what
   * garbage collection keeps). Throws when a record or a chunk cannot be read: the caller then
   * collects nothing.
   */
  async references(): Promise<Set<string>> {
    const checkpoints = await this.list();
    await this.loadChunks(checkpoints);
    const refs = new Set<string>();
    for (const c of checkpoints) for (const chunk of c.chunks) refs.add(chunk);
    // Each distinct chunk's names once: checkpoints of one folder share most of their chunks.
    for (const chunk of [...refs]) for (const sha of this.chunkNames.get(chunk) ?? []) refs.add(sha);
    return refs;
  }
}
