import { JournalEntry, Outcome } from './types';

/** Fields an update record may change. */
export type EntryUpdate = Partial<Pick<JournalEntry,
  'after_sha256' | 'after_disk_sha256' | 'after_bytes' | 'after_mode' | 'lines_added' | 'lines_removed' | 'outcome' | 'finished_time' | 'message'>>;

const OUTCOMES: readonly Outcome[] = ['pending', 'applied', 'blocked', 'failed', 'rolled_back', 'interrupted'];
const SHA_RE = /^[0-9a-f]{64}$/;

const isCount = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
const isOptionalSha = (v: unknown): boolean => v === undefined || (typeof v === 'string' && SHA_RE.test(v));
const isOptionalString = (v: unknown): boolean => v === undefined || typeof v === 'string';
const isOptionalMode = (v: unknown): boolean => v === undefined || (isCount(v) && (v as number) <= 0o7777);

/** Shape check of a journal entry read from disk (a damaged line must not poison the index). */
export function isJournalEntry(value: unknown): value is JournalEntry {
  if (typeof value !== 'object' || value === null) return false;
  const e = value as Record<string, unknown>;
  return typeof e.id === 'string' && isCount(e.time) && typeof e.tool === 'string' && typeof e.path === 'string'
    && typeof e.before_sha256 === 'string' && SHA_RE.test(e.before_sha256)
    && (e.after_sha256 === null || (typeof e.after_sha256 === 'string' && SHA_RE.test(e.after_sha256)))
    && isOptionalSha(e.after_disk_sha256)
    && isCount(e.bytes) && (e.after_bytes === null || isCount(e.after_bytes))
    && isCount(e.lines_added) && isCount(e.lines_removed)
    && OUTCOMES.includes(e.outcome as Outcome) && typeof e.has_snapshot === 'boolean'
    && isOptionalString(e.turn_id) && isOptionalString(e.message)
    && (e.finished_time === undefined || isCount(e.finished_time))
    && (e.kind === undefined || e.kind === 'create' || e.kind === 'modify' || e.kind === 'delete')
    && isOptionalString(e.group_id) && (e.group_size === undefined || isCount(e.group_size))
    && (e.intended_sha256 === undefined || e.intended_sha256 === null || (typeof e.intended_sha256 === 'string' && SHA_RE.test(e.intended_sha256)))
    && (e.before_bom === undefined || typeof e.before_bom === 'boolean')
    && isOptionalMode(e.before_mode) && isOptionalMode(e.after_mode)
    && isOptionalString(e.renamed_from) && isOptionalString(e.rename_via)
    && (e.writer === undefined || isWriter(e.writer));
}

const WRITER_KINDS: ReadonlySet<unknown> = new Set(['execute_program', 'agent_tool', 'outside', 'user']);

function isWriter(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const w = value as Record<string, unknown>;
  return WRITER_KINDS.has(w.kind) && isOptionalString(w.name)
    && (w.argv === undefined || (Array.isArray(w.argv) && w.argv.every((a) => typeof a === 'string')));
}

/** Shape check of an update record's `set`. */
export function isEntryUpdate(value: unknown): value is EntryUpdate {
  if (typeof value !== 'object' || value === null) return false;
  const s = value as Record<string, unknown>;
  const allowed = new Set(['after_sha256', 'after_disk_sha256', 'after_bytes', 'after_mode', 'lines_added', 'lines_removed', 'outcome', 'finished_time', 'message']);
  if (!Object.keys(s).every((k) => allowed.has(k))) return false;
  return (s.after_sha256 === undefined || s.after_sha256 === null || (typeof s.after_sha256 === 'string' && SHA_RE.test(s.after_sha256)))
    && isOptionalSha(s.after_disk_sha256)
    && (s.after_bytes === undefined || s.after_bytes === null || isCount(s.after_bytes))
    && isOptionalMode(s.after_mode)
    && (s.lines_added === undefined || isCount(s.lines_added))
    && (s.lines_removed === undefined || isCount(s.lines_removed))
    && (s.outcome === undefined || OUTCOMES.includes(s.outcome as Outcome))
    && (s.finished_time === undefined || isCount(s.finished_time))
    && isOptionalString(s.message);
}
