import { fail, Result } from '../core/types';
import type { ChangeKind } from '../history/types';
import type { CurrentText } from '../workspace/current-text';
import { Applied, applyTextChange, createFileWithText, deleteFileEdit, writeClosedFileBytes } from '../workspace/apply-text';
import type { Target } from '../workspace/resolve-target';
import type { Services } from './services';

/** One change to one file: what every mutation (tools, rollback, commands) hands over. */
export interface WriteChange {
  /** Who makes it ("write_file", "rollback_file", "add_instructions", …); journaled. */
  tool: string;
  target: Target;
  /** The file's text as read under its lock; undefined when the file does not exist. */
  current: CurrentText | undefined;
  /** The new text; null deletes the file. */
  newText: string | null;
  turnId?: string;
  /** Create missing parent folders (a file that does not exist yet). */
  createDirs?: boolean;
  /** Runs after the snapshot, right before the write (the diagnostics watch starts here). */
  beforeWrite?: () => Promise<void>;
  /**
   * Runs after a successful write, before the journal entry is finished. It may report that
   * the change was undone again (diagnostics rollback). If it throws, the change counts as
   * applied; the entry is finished either way: it never stays pending.
   */
  afterWrite?: (written: Written) => Promise<AfterWrite | void>;
}

export interface AfterWrite {
  /** The change was reverted; `text` is what the file holds now. */
  rolledBack?: { text: string; message?: string };
}

export type Written = { kind: 'create' | 'modify'; applied: Applied } | { kind: 'delete' };

export interface Committed {
  entryId: string;
  /** Lines added and removed, as the journal counted them (one line diff per change); undefined when the journal could not finish the entry. */
  lines?: { added: number; removed: number };
  beforeSha256: string;
  kind: ChangeKind;
  written: Written;
  after?: AfterWrite;
}

/**
 * The one write transaction: snapshot the file's current text durably and open a journal
 * entry (typed create / modify / delete), write, finish the entry. Every change to a user's
 * file goes through here, so nothing is written before its backup is on disk and no entry is
 * left pending. The caller holds the file's lock and has already run its checks.
 *
 * Writes: a new file through a WorkspaceEdit create; an existing file through a WorkspaceEdit
 * and save (undoable, in local history), except a closed file with mixed line endings, which
 * is written to disk atomically after re-checking its bytes (an editor model would normalize
 * every other line ending); a deletion through a WorkspaceEdit delete.
 */
export async function writeTransaction(services: Services, change: WriteChange): Promise<Result<Committed>> {
  const { target, current } = change;
  const path = target.displayPath;
  const kind: ChangeKind = current === undefined ? 'create' : change.newText === null ? 'delete' : 'modify';
  if (kind === 'create' && change.newText === null) return fail('FILE_NOT_FOUND', `${path} does not exist; there is nothing to delete.`);

  const begun = await services.store.begin({ tool: change.tool, path, beforeText: current?.text ?? '', turnId: change.turnId, kind });
  if (!begun.ok) {
    return fail('INTERNAL_ERROR', `The backup of ${path} could not be written (${begun.failure.message}), so nothing was changed.`);
  }
  let written: Result<{ written: Written }>;
  try {
    // Inside the try: anything that throws between the snapshot and the write still finishes
    // the journal entry (as failed) instead of leaving it pending.
    await change.beforeWrite?.();
    written = await write(change, kind);
  } catch (e) {
    written = fail('INTERNAL_ERROR', `Applying the change failed: ${(e as Error).message}`);
  }
  if (!written.ok) {
    await services.store.finish(begun.id, { after_sha256: begun.before_sha256, outcome: 'failed', message: written.failure.message });
    return written;
  }
  let after: AfterWrite | void = undefined;
  let lines: Committed['lines'];
  try {
    after = await change.afterWrite?.(written.written);
  } catch {
    // The change has landed: a failing follow-up must not report it as not made (the caller
    // would tell the model "nothing was changed"); the entry is finished as applied.
    after = undefined;
  } finally {
    const w = written.written;
    const rolledBack = after?.rolledBack;
    const finished = await services.store.finish(begun.id, {
      afterText: rolledBack ? rolledBack.text : w.kind === 'delete' ? '' : w.applied.text,
      outcome: rolledBack ? 'rolled_back' : 'applied',
      ...(rolledBack?.message !== undefined ? { message: rolledBack.message } : {}),
    });
    if (finished.ok) lines = { added: finished.entry.lines_added, removed: finished.entry.lines_removed };
  }
  return { ok: true, entryId: begun.id, lines, beforeSha256: begun.before_sha256, kind, written: written.written, ...(after ? { after } : {}) };
}

async function write(change: WriteChange, kind: ChangeKind): Promise<Result<{ written: Written }>> {
  const { target, current, newText } = change;
  if (kind === 'delete') {
    const removed = await deleteFileEdit(target.uri);
    return removed.ok ? { ok: true, written: { kind: 'delete' } } : removed;
  }
  const text = newText as string;
  let applied: Result<{ applied: Applied }>;
  if (current === undefined) applied = await createFileWithText(target.uri, text, !!change.createDirs, target.displayPath);
  else if (current.eol === 'mixed' && !current.isOpen) applied = await writeClosedFileBytes(target.realPath, current, text, target.displayPath);
  else applied = await applyTextChange(target.uri, current.text, text);
  return applied.ok ? { ok: true, written: { kind: kind as 'create' | 'modify', applied: applied.applied } } : applied;
}
