import { JournalEntry } from './types';
import { BlobInfo } from './blobStore';
import { groupIntoTurns, turnRestorePoints } from './turns';
import { BlobRefs } from './blobRefs';

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
 * @param fixed blobs that stay whatever the journal drops (the checkpoints' and this session's
 *   snapshots, see storeRetention.ts), already counted: their bytes use the budget, and an entry
 *   that shares one frees nothing of it
 */
export function planRetention(entries: readonly JournalEntry[], blobInfo: (sha: string) => BlobInfo | undefined, limits: RetentionLimits, fixed?: BlobRefs): RetentionDrop[] {
  const { drop, always, keptByCount, turns } = countLimit(entries, limits.maxEntriesPerFile);

  // Size budget, over all files.
  const refs = fixed ?? new BlobRefs(blobInfo);
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

/** The ids the count limit alone drops (see planRetention): what the size budget then starts from. */
export function countLimitDrops(entries: readonly JournalEntry[], maxEntriesPerFile: number): Set<string> {
  return new Set(countLimit(entries, maxEntriesPerFile).drop.keys());
}

/** The count limit's drops, with the protections the size budget honours too. */
function countLimit(entries: readonly JournalEntry[], maxEntriesPerFile: number) {
  const maxPerFile = Math.max(1, Math.floor(maxEntriesPerFile));
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
  return { drop, always, keptByCount, turns };
}

/** The set of blobs that live entries need: their before/after snapshots and those snapshots' keyframes. */
export function referencedBlobs(entries: Iterable<JournalEntry>, blobInfo: (sha: string) => BlobInfo | undefined): Set<string> {
  const refs = new BlobRefs(blobInfo);
  for (const entry of entries) refs.addEntry(entry);
  return refs.shas();
}
