import * as zlib from 'node:zlib';
import { CompressionHelper, CompressReply, CompressRequest } from './compressionHelper';
import { PendingSync, writeCompressedBlobUnsynced } from './storeFiles';

/** A batch is sent to the helper once it holds this many files or bytes. */
const BATCH_FILES = 32;
const BATCH_BYTES = 512 * 1024;
/** Batches the helper may have queued; beyond, the walking thread compresses the file itself. */
const MAX_BATCHES_IN_FLIGHT = 2;

type Item = { sha256: string; bytes: Buffer };

/**
 * Writes a checkpoint's new file blobs (not fsynced: `pending` makes them durable). With a
 * compression helper, files are gzipped there in batches while this thread goes on walking,
 * reading and hashing; when the helper is behind (its queue full), this thread compresses the
 * file itself, so both threads stay busy and the memory held is bounded (the batches in
 * flight and the one being filled). Every blob is written here, on the walking thread.
 */
export class BlobWriter {
  private batch: Item[] = [];
  private batchBytes = 0;
  private nextId = 1;
  private readonly sent = new Map<number, Item[]>();

  constructor(
    private readonly storeRoot: string,
    private readonly level: number,
    private readonly pending: PendingSync,
    private readonly onWritten: (sha256: string, bytesOnDisk: number) => void,
    private readonly helper?: CompressionHelper,
  ) {}

  /** Queues the blob of `bytes` (named `sha256`), or writes it now. */
  add(sha256: string, bytes: Buffer): void {
    this.collect();
    if (!this.helper?.alive || this.sent.size >= MAX_BATCHES_IN_FLIGHT) {
      this.write(sha256, bytes.length, zlib.gzipSync(bytes, { level: this.level }));
      return;
    }
    this.batch.push({ sha256, bytes });
    this.batchBytes += bytes.length;
    if (this.batch.length >= BATCH_FILES || this.batchBytes >= BATCH_BYTES) this.sendBatch();
  }

  /** Writes every queued blob (what a failed helper had is compressed here). */
  async drain(): Promise<void> {
    // The batch being filled is compressed here: this thread has nothing else left to do (and an
    // incremental checkpoint's few files never wait for a round trip).
    this.compressHere(this.takeBatch());
    while (this.sent.size > 0) {
      this.collect();
      if (this.sent.size === 0) break;
      if (!this.helper?.alive) {
        for (const items of this.sent.values()) this.compressHere(items);
        this.sent.clear();
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 1));
    }
  }

  private collect(): void {
    if (!this.helper) return;
    for (let reply = this.helper.poll(); reply; reply = this.helper.poll()) this.accept(reply);
  }

  private accept(reply: CompressReply): void {
    if (!this.sent.delete(reply.id)) return;
    for (const r of reply.results) this.write(r.sha256, r.rawBytes, Buffer.from(r.gzipped.buffer, r.gzipped.byteOffset, r.gzipped.byteLength));
  }

  private sendBatch(): void {
    const items = this.takeBatch();
    const request: CompressRequest = { id: this.nextId++, level: this.level, items };
    this.sent.set(request.id, items);
    this.helper!.send(request);
  }

  private takeBatch(): Item[] {
    const items = this.batch;
    this.batch = [];
    this.batchBytes = 0;
    return items;
  }

  private compressHere(items: Item[]): void {
    for (const item of items) this.write(item.sha256, item.bytes.length, zlib.gzipSync(item.bytes, { level: this.level }));
  }

  private write(sha256: string, rawBytes: number, gzipped: Buffer): void {
    this.onWritten(sha256, writeCompressedBlobUnsynced(this.storeRoot, sha256, rawBytes, gzipped, this.pending));
  }
}
