import type { JournalEntry } from '../../history/types';
import type { FileLike } from '../host';

/**
 * The BOM and permission bits a journal entry recorded of the file before its change, for a
 * rollback that re-creates the file; undefined for entries that recorded neither (older
 * journals, single-file changes), which re-create it as a plain new file.
 */
export function journaledLike(entry: JournalEntry | undefined): FileLike | undefined {
  if (!entry || (entry.before_bom === undefined && entry.before_mode === undefined)) return undefined;
  return { bom: entry.before_bom === true, ...(entry.before_mode !== undefined ? { mode: entry.before_mode } : {}) };
}
