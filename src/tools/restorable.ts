import type { JournalEntry } from '../history/types';
import { isRestorable } from '../history/retention';

/**
 * The journal entries of a file that rollback_file can restore, newest first: changes that
 * reached (or may have reached) the file and whose "before" text is stored. Blocked and
 * failed attempts changed nothing; a rolled_back entry already put its "before" back.
 * Index i of the result is `revision` i.
 */
export function restorableEntries(entries: JournalEntry[]): JournalEntry[] {
  return entries.filter(isRestorable);
}

/** "revision 0 (write_file, 2 min ago, +3/−1)" style label for messages and pickers. */
export function describeEntry(e: JournalEntry, revision: number, now = Date.now()): string {
  return `revision ${revision}: before ${e.tool} ${ago(now - e.time)} (+${e.lines_added}/−${e.lines_removed}), id ${e.id}`;
}

export function ago(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  if (s < 60) return `${s}s ago`;
  const m = Math.round(s / 60);
  if (m < 60) return `${m} min ago`;
  const h = Math.round(m / 60);
  if (h < 48) return `${h} h ago`;
  return `${Math.round(h / 24)} days ago`;
}
