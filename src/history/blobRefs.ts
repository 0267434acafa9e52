import { BlobInfo } from './blobStore';
import { JournalEntry } from './types';

/**
 * Reference counts of blobs, with the total bytes of those referenced at least once: the
 * measure retention compares with the store's cap. A blob's first reference also references
 * what it cannot be read without (a delta's keyframe; the file blobs a manifest chunk names,
 * through `needs`), and its last release releases them, so a blob two owners share is counted
 * once and freed only with the last of them. Each add or remove touches the blob, and what it
 * needs only when its count goes 0 ↔ 1: linear in the references.
 */
export class BlobRefs {
  private readonly counts = new Map<string, number>();
  bytes = 0;

  /**
   * @param blobInfo what the blob store knows about a sha256 (undefined: not stored, counts nothing)
   * @param needs further blobs a blob references (a manifest chunk's file blobs), when known
   */
  constructor(
    private readonly blobInfo: (sha: string) => BlobInfo | undefined,
    private readonly needs: (sha: string) => readonly string[] | undefined = () => undefined,
  ) {}

  addEntry(entry: JournalEntry): void {
    this.add(entry.before_sha256);
    if (entry.after_sha256) this.add(entry.after_sha256);
  }

  removeEntry(entry: JournalEntry): void {
    this.remove(entry.before_sha256);
    if (entry.after_sha256) this.remove(entry.after_sha256);
  }

  has(sha: string): boolean {
    return this.counts.has(sha);
  }

  shas(): Set<string> {
    return new Set(this.counts.keys());
  }

  add(sha: string): void {
    const info = this.blobInfo(sha);
    if (!info) return;
    const count = this.counts.get(sha) ?? 0;
    this.counts.set(sha, count + 1);
    if (count > 0) return;
    this.bytes += info.bytes;
    if (info.base) this.add(info.base);
    for (const named of this.needs(sha) ?? []) this.add(named);
  }

  remove(sha: string): void {
    const count = this.counts.get(sha);
    if (count === undefined) return;
    if (count > 1) {
      this.counts.set(sha, count - 1);
      return;
    }
    this.counts.delete(sha);
    const info = this.blobInfo(sha);
    if (!info) return;
    this.bytes -= info.bytes;
    if (info.base) this.remove(info.base);
    for (const named of this.needs(sha) ?? []) this.remove(named);
  }
}
