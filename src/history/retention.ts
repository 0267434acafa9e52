import { JournalEntry } from './types';
import { BlobInfo } from './blobStore';

export interface RetentionLimits {
  maxEntriesPerFile: number;
  maxTotalBytes: number;
}

/**
 * Chooses the entries to drop so that every file keeps at most `maxEntriesPerFile` entries
 * and the snapshots still referenced take at most `maxTotalBytes`. Pure.
 *
 * Rules: oldest first (journal order); never a pending entry; never a file's newest entry
 * nor its newest entry with a snapshot ("never the newest snapshot of a file"), so the
 * byte limit can be exceeded when those alone are larger. A delta's keyframe counts as
 * referenced (and its bytes as used) as long as the delta is.
 *
 * @param entries live entries, oldest first
 * @param blobInfo what the blob store knows about a sha256 (undefined: not stored)
 */
export function planRetention(entries: readonly JournalEntry[], blobInfo: (sha: string) => BlobInfo | undefined, limits: RetentionLimits): string[] {
  const maxPerFile = Math.max(1, Math.floor(limits.maxEntriesPerFile));
  const protectedIds = new Set<string>();
  const newestByPath = new Map<string, JournalEntry>();
  const newestSnapshotByPath = new Map<string, JournalEntry>();
  for (const entry of entries) {
    newestByPath.set(entry.path, entry);
    if (entry.has_snapshot) newestSnapshotByPath.set(entry.path, entry);
    if (entry.outcome === 'pending') protectedIds.add(entry.id);
  }
  for (const entry of newestByPath.values()) protectedIds.add(entry.id);
  for (const entry of newestSnapshotByPath.values()) protectedIds.add(entry.id);

  const drop = new Set<string>();
  // Count limit, per file.
  const byPath = new Map<string, JournalEntry[]>();
  for (const entry of entries) {
    const list = byPath.get(entry.path) ?? [];
    list.push(entry);
    byPath.set(entry.path, list);
  }
  for (const list of byPath.values()) {
    let excess = list.length - maxPerFile;
    for (const entry of list) {
      if (excess <= 0) break;
      if (protectedIds.has(entry.id)) continue;
      drop.add(entry.id);
      excess--;
    }
  }

  // Byte limit, over all files.
  const refs = new BlobRefs(blobInfo);
  for (const entry of entries) if (!drop.has(entry.id)) refs.addEntry(entry);
  for (const entry of entries) {
    if (refs.bytes <= limits.maxTotalBytes) break;
    if (drop.has(entry.id) || protectedIds.has(entry.id)) continue;
    drop.add(entry.id);
    refs.removeEntry(entry);
  }
  return [...drop];
}

/** The set of blobs that live entries need: their before/after snapshots and those snapshots' keyframes. */
export function referencedBlobs(entries: Iterable<JournalEntry>, blobInfo: (sha: string) => BlobInfo | undefined): Set<string> {
  const refs = new BlobRefs(blobInfo);
  for (const entry of entries) refs.addEntry(entry);
  return refs.shas();
}

/** Reference counts of blobs with the total bytes of those referenced at least once. */
class BlobRefs {
  private readonly counts = new Map<string, number>();
  bytes = 0;

  constructor(private readonly blobInfo: (sha: string) => BlobInfo | undefined) {}

  addEntry(entry: JournalEntry): void {
    this.add(entry.before_sha256);
    if (entry.after_sha256) this.add(entry.after_sha256);
  }

  removeEntry(entry: JournalEntry): void {
    this.remove(entry.before_sha256);
    if (entry.after_sha256) this.remove(entry.after_sha256);
  }

  shas(): Set<string> {
    return new Set(this.counts.keys());
  }

  private add(sha: string): void {
    const info = this.blobInfo(sha);
    if (!info) return;
    const count = this.counts.get(sha) ?? 0;
    this.counts.set(sha, count + 1);
    if (count === 0) {
      this.bytes += info.bytes;
      if (info.base) this.add(info.base);
    }
  }

  private remove(sha: string): void {
    const count = this.counts.get(sha);
    if (count === undefined) return;
    if (count > 1) { this.counts.set(sha, count - 1); return; }
    this.counts.delete(sha);
    const info = this.blobInfo(sha);
    if (info) {
      this.bytes -= info.bytes;
      if (info.base) this.remove(info.base);
    }
  }
}
