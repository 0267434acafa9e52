import { JournalEntry } from './types';

/**
 * The revisions `rollback_file` can restore for one file, from entries newest first (as
 * `BackupStore.list` gives them): revision 0 is the newest entry that may have changed
 * the file and whose before-text is stored, 1 the one before, and so on. Entries that
 * certainly left the file unchanged (blocked, failed, rolled_back by the tool itself) and
 * entries without a snapshot are skipped. A rollback is itself an entry, so after one,
 * revision 0 undoes the rollback. Pure.
 */
export function restorableRevisions(entriesNewestFirst: readonly JournalEntry[]): JournalEntry[] {
  return entriesNewestFirst.filter((e) => e.has_snapshot
    && (e.outcome === 'applied' || e.outcome === 'interrupted' || e.outcome === 'pending'));
}
