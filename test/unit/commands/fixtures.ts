import { createHash } from 'node:crypto';
import type { JournalEntry } from '../../../src/history/types';

export function sha(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

let next = 0;
/** A journal entry with sensible defaults: an applied, restorable write_file edit. */
export function entry(fields: Partial<JournalEntry> & { path: string; time: number }): JournalEntry {
  next++;
  return {
    id: `e${String(next).padStart(5, '0')}`,
    tool: 'write_file',
    before_sha256: sha(`before ${next}`),
    after_sha256: sha(`after ${next}`),
    bytes: 10,
    after_bytes: 12,
    lines_added: 1,
    lines_removed: 0,
    outcome: 'applied',
    has_snapshot: true,
    ...fields,
  };
}
