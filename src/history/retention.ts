import { JournalEntry } from './types';
import { BlobInfo } from './blobStore';
import { groupIntoTurns, turnRestorePoints } from './turns';

export interface RetentionLimits {
  maxEntriesPerFile: number;
  maxTotalBytes: number;
}

/** Why an entry was dropped: the per-file count limit, or the total size budget. */
export type EvictionReason = 'count_limit' | 'size_budget';

export interface RetentionDrop {
  id: string;
  reason: EvictionReason;
}

/**
 * True when rollback can restore the text before this entry: the change reached (or may have
 * reached) the file and its before-text is stored. Blocked and failed attempts changed
 * nothing, and a rolled_back entry already put its before-text back.
 */
export function isRestorable(e: JournalEntry): boolean {
  return e.has_snapshot && (e.outcome === 'applied' || e.outcome === 'interrupted');
}

/**
 * Chooses the entries to drop so that the history stays within its limits without ever
 * losing what a user needs to get their work back. Pure.
 *
 * Kept always (the size budget cannot take them either): pending entries (edits in flight),
 * each file's newest entry and its newest restorable version.
 *
 * Kept whatever the count limit says: each file's oldest restorable version (the text before
 * the agent first touched it, as far as the history goes) and, per agent turn, the text each
 * file had before the turn (what "Roll Back Agent Turn" restores).
 *
 * Count limit, per file: attempts (blocked, failed, rolled back: they changed nothing) and
 * restorable versions are counted apart, each up to `maxEntriesPerFile`, so a failure loop
 * can never push a restorable version out.
 *
 * Size budget, over all files, until the referenced snapshots fit `maxTotalBytes`: first
 * attempts, oldest first; then unprotected versions, oldest first; then whole turns, oldest
 * turn first. A delta's keyframe counts as referenced (and its bytes as used) as long as the
 * delta is. The budget can be exceeded when the entries kept always are larger.
 *
 * @param entries live entries, oldest first
 * @param blobInfo what the blob store knows about a sha256 (undefined: not stored)
 */
export function planRetention(entries: readonly JournalEntry[], blobInfo: (sha: string) => BlobInfo | undefined, limits: RetentionLimits): RetentionDrop[] {
  const maxPerFile = Math.max(1, Math.floor(limits.maxEntriesPerFile));
  const always = new Set<string>();
  const keptByCount = new Set<string>();
  const newestByPath = new Map<string, JournalEntry>();
  const newestRestorableByPath = new Map<string, JournalEntry>();
  const oldestRestorableByPath = new Map<string, JournalEntry>();
  for (const entry of entries) {
    newestByPath.set(entry.path, entry);
    if (isRestorable(entry)) {
      newestRestorableByPath.set(entry.path, entry);
      if (!oldestRestorableByPath.has(entry.path)) oldestRestorableByPath.set(entry.path, entry);
    }
    if (entry.outcome === 'pending') always.add(entry.id);
  }
  for (const entry of newestByPath.values()) always.add(entry.id);
  for (const entry of newestRestorableByPath.values()) always.add(entry.id);
  for (const entry of oldestRestorableByPath.values()) keptByCount.add(entry.id);
  const turns = groupIntoTurns(entries).reverse(); // oldest turn first
  for (const turn of turns) for (const point of turnRestorePoints(turn)) keptByCount.add(point.entry_id);

  const drop = new Map<string, EvictionReason>();
  // Count limit, per file and per kind (attempts apart from restorable versions).
  const byPath = new Map<string, { versions: JournalEntry[]; attempts: JournalEntry[] }>();
  for (const entry of entries) {
    let lists = byPath.get(entry.path);
    if (!lists) byPath.set(entry.path, (lists = { versions: [], attempts: [] }));
    (isRestorable(entry) ? lists.versions : lists.attempts).push(entry);
  }
  for (const { versions, attempts } of byPath.values()) {
    for (const list of [versions, attempts]) {
      let excess = list.length - maxPerFile;
      for (const entry of list) {
        if (excess <= 0) break;
        if (always.has(entry.id) || keptByCount.has(entry.id)) continue;
        drop.set(entry.id, 'count_limit');
        excess--;
      }
    }
  }

  // Size budget, over all files.
  const refs = new BlobRefs(blobInfo);
  for (const entry of entries) if (!drop.has(entry.id)) refs.addEntry(entry);
  const evict = (entry: JournalEntry): boolean => {
    if (refs.bytes <= limits.maxTotalBytes) return false;
    if (drop.has(entry.id) || always.has(entry.id)) return true;
    drop.set(entry.id, 'size_budget');
    refs.removeEntry(entry);
    return true;
  };
  const attempts = entries.filter((e) => !isRestorable(e));
  const versions = entries.filter((e) => isRestorable(e) && !keptByCount.has(e.id));
  const turnsInOrder = turns.flatMap((t) => t.entries);
  for (const entry of [...attempts, ...versions, ...turnsInOrder]) if (!evict(entry)) break;
  return [...drop].map(([id, reason]) => ({ id, reason }));
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
