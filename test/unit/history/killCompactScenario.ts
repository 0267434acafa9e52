import { JournalEntry } from '../../../src/history/types';

/** What the compaction kill test's seed, child and checks share. */
export const COMPACT_SCENARIO = {
  options: { maxEntriesPerFile: 3, log: (): void => undefined },
  path: 'src/collected.ts',
  edits: 5,
  /** Each edit starts from a text of its own (another program changed the file between edits), so a dropped entry frees both its snapshots. */
  before: (i: number): string => `export const version = ${i}; // as the user left it\n`.repeat(20),
  after: (i: number): string => `export const version = ${i}; // as the agent left it\n`.repeat(20),
  /** An entry as the checks compare it across runs (ids are random, these are not). */
  key: (e: JournalEntry): string => `${e.path} ${e.before_sha256}`,
};
