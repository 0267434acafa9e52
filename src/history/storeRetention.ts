import { BlobInfo } from './blobStore';
import { BlobRefs } from './blobRefs';
import { countLimitDrops, planRetention, RetentionDrop } from './retention';
import { JournalEntry } from './types';

/**
 * The part of the store's cap (`maxTotalBytes`, safeEdit.backups.maxTotalMB) workspace checkpoints
 * may take: one checkpoint records files until their raw bytes reach this share (so a whole
 * workspace cannot fill the store with one take), and checkpoints still in use never push the
 * history below the rest. Half: the history (what rollback restores) always has the other half,
 * and at the default 200 MB a checkpoint still records 100 MB of files (stored compressed, and
 * once for every checkpoint that holds them), more than most source trees once .gitignore'd
 * paths are left out.
 */
export const CHECKPOINT_SHARE = 0.5;

/** The bytes checkpoints may take of a store capped at `maxTotalBytes`. */
export function checkpointShareOf(maxTotalBytes: number): number {
  return Math.floor(maxTotalBytes * CHECKPOINT_SHARE);
}

/** One stored checkpoint as retention weighs it. */
export interface WeighedCheckpoint {
  id: string;
  root: string;
  /** Its manifest chunks (raw blobs; through `chunkNames`, the file blobs they name). */
  chunks: readonly string[];
  /** Its record file's size. */
  recordBytes: number;
}

export interface StoreRetentionInput {
  /** Live journal entries, oldest first. */
  entries: readonly JournalEntry[];
  /** Stored checkpoints, oldest first. */
  checkpoints: readonly WeighedCheckpoint[];
  /** Checkpoints a caller still needs (a recorder's base, a pending hook call's before). */
  keepCheckpoints: ReadonlySet<string>;
  /** Blobs kept for this session whatever the journal holds (`snapshot()`). */
  pinned: Iterable<string>;
  blobInfo: (sha: string) => BlobInfo | undefined;
  /** The file blobs a manifest chunk names. */
  chunkNames: (chunk: string) => readonly string[] | undefined;
  maxEntriesPerFile: number;
  maxTotalBytes: number;
  /** The journal file's size: the cap counts it too. */
  journalBytes: number;
}

export interface StoreRetentionPlan {
  /** Checkpoints to delete, oldest first. */
  checkpointDrops: string[];
  /** Journal entries to drop (see planRetention). */
  drops: RetentionDrop[];
  /** What the store holds once these are gone: the blobs still needed, the journal, the records. */
  bytes: number;
  /** Of which the checkpoints' (their records and every blob they need, shared ones too). */
  checkpointBytes: number;
  /**
   * Set when `bytes` stays over the cap, with the cause: what is never dropped (the history's
   * protected entries with the checkpoints still needed) is larger, or the checkpoints still
   * needed are over their share and the history kept its part.
   */
  over?: 'kept_always' | 'checkpoints_over_share';
}

/**
 * Chooses what goes so that the store fits its cap, counting every blob it keeps: the journal's
 * snapshots and the checkpoints' manifest chunks and file blobs (a blob both need counted once),
 * the journal file and the checkpoint records. Pure; linear in the entries, the checkpoints'
 * chunks and the distinct chunks' names.
 *
 * 1. The journal's count limit (planRetention), which frees what it frees whatever the size.
 * 2. Checkpoint data first: old checkpoints go, oldest first across folders, until the store
 *    fits; never a folder's newest, nor one in `keepCheckpoints`.
 * 3. Then journal entries by the journal's own policy (planRetention's size budget) against
 *    what is left of the cap. The checkpoints that stay never take the history's part: when
 *    they need more than their share (CHECKPOINT_SHARE), the history is still given the cap
 *    minus that share, and the store is over its cap until they are no longer needed.
 */
export function planStoreRetention(input: StoreRetentionInput): StoreRetentionPlan {
  const { maxTotalBytes: cap, journalBytes } = input;
  const keepNewest = newestPerRoot(input.checkpoints);
  const countDropped = countLimitDrops(input.entries, input.maxEntriesPerFile);

  // Everything the store would still need after the count limit, checkpoints included.
  const all = new BlobRefs(input.blobInfo, input.chunkNames);
  for (const sha of input.pinned) all.add(sha);
  for (const entry of input.entries) if (!countDropped.has(entry.id)) all.addEntry(entry);
  let recordBytes = 0;
  for (const c of input.checkpoints) {
    for (const chunk of c.chunks) all.add(chunk);
    recordBytes += c.recordBytes;
  }

  const checkpointDrops: string[] = [];
  const dropped = new Set<string>();
  for (const c of input.checkpoints) {
    if (all.bytes + journalBytes + recordBytes <= cap) break;
    if (keepNewest.has(c.id) || input.keepCheckpoints.has(c.id)) continue;
    for (const chunk of c.chunks) all.remove(chunk);
    recordBytes -= c.recordBytes;
    checkpointDrops.push(c.id);
    dropped.add(c.id);
  }

  // The journal's budget: the cap minus what stays fixed (pinned snapshots, the checkpoints that
  // stay), except what those checkpoints need beyond their share.
  const fixed = new BlobRefs(input.blobInfo, input.chunkNames);
  const checkpointsOnly = new BlobRefs(input.blobInfo, input.chunkNames);
  for (const sha of input.pinned) fixed.add(sha);
  for (const c of input.checkpoints) {
    if (dropped.has(c.id)) continue;
    for (const chunk of c.chunks) {
      fixed.add(chunk);
      checkpointsOnly.add(chunk);
    }
  }
  const checkpointBytes = checkpointsOnly.bytes + recordBytes;
  const allowance = Math.max(0, checkpointBytes - checkpointShareOf(cap));
  const budget = cap - journalBytes - recordBytes + allowance;
  const drops = planRetention(input.entries, input.blobInfo, { maxEntriesPerFile: input.maxEntriesPerFile, maxTotalBytes: budget }, fixed);

  const bytes = fixed.bytes + journalBytes + recordBytes;
  const plan: StoreRetentionPlan = { checkpointDrops, drops, bytes, checkpointBytes };
  if (bytes > cap) plan.over = fixed.bytes > budget ? 'kept_always' : 'checkpoints_over_share';
  return plan;
}

/** Each folder's newest checkpoint (the last of its root in a list oldest first). */
function newestPerRoot(checkpoints: readonly WeighedCheckpoint[]): Set<string> {
  const newest = new Map<string, string>();
  for (const c of checkpoints) newest.set(c.root, c.id);
  return new Set(newest.values());
}
