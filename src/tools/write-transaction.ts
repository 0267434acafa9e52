import { fail, Result } from '../core/types';
import type { ChangeKind } from '../history/types';
import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { sha256Bytes, sha256Text } from '../core/hash';
import { CurrentContent, isCurrentBytes } from '../workspace/current-bytes';
import type { CurrentText } from '../workspace/current-text';
import { Applied, applyTextChange, createFileWithText, deleteFileEdit, writeClosedFileBytes } from '../workspace/apply-text';
import { writeBytesChecked, writeBytesOverText } from '../workspace/write-direct';
import type { Target } from '../workspace/resolve-target';
import type { Services } from './services';

/** One change to one file: what every mutation (tools, rollback, commands) hands over. */
export interface WriteChange {
  /** Who makes it ("write_file", "rollback_file", "add_instructions", …); journaled. */
  tool: string;
  target: Target;
  /**
   * The file as read under its lock: its text, or (a rollback over a file that is not text)
   * its bytes; undefined when the file does not exist.
   */
  current: CurrentContent | undefined;
  /** The new text; null deletes the file. */
  newText: string | null;
  /** Instead of a text: bytes to write as they are (a rollback to a snapshot that is not text). */
  newBytes?: Buffer;
  turnId?: string;
  /** Who makes it (journaled: JournalEntry.client). */
  client?: string;
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

export type Written =
  | { kind: 'create' | 'modify'; applied: Applied }
  /** Bytes written as they are (newBytes): no text to report. */
  | { kind: 'create' | 'modify'; raw: { sha256: string; bytes: number } }
  | { kind: 'delete' };

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
  const deletes = change.newText === null && change.newBytes === undefined;
  const kind: ChangeKind = current === undefined ? 'create' : deletes ? 'delete' : 'modify';
  if (kind === 'create' && deletes) return fail('FILE_NOT_FOUND', `${path} does not exist; there is nothing to delete.`);

  const before = isCurrentBytes(current) ? { beforeText: '', beforeBytes: current.bytes } : { beforeText: current?.text ?? '' };
  const begun = await services.store.begin({ tool: change.tool, path, ...before, turnId: change.turnId, client: change.client, kind });
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
  if (written.ok && saveRefused(change, written.written) && !isCurrentBytes(current)) {
    // The text reached the editor but the disk refused it: the file is unchanged on disk, and
    // the editor's copy is put back, so the change is reported as not made (never as written).
    const back = await undo({ ...change, current }, kind, written.written);
    written = fail('INTERNAL_ERROR', `${path} could not be saved (the file system refused the write: read-only, full or locked). ${back ? "The editor's copy was put back; nothing was changed." : 'The new text stays unsaved in the editor; the file on disk is unchanged.'}`, { reason: 'save_refused' });
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
      ...(!rolledBack && 'raw' in w ? { after_sha256: w.raw.sha256 } : { afterText: rolledBack ? rolledBack.text : 'applied' in w ? w.applied.text : '' }),
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
  if (change.newBytes !== undefined || isCurrentBytes(current)) return writeDirect(change, kind);
  const text = newText as string;
  let applied: Result<{ applied: Applied }>;
  if (current === undefined) applied = await createFileWithText(target.uri, text, !!change.createDirs, target.displayPath);
  else if (writesToDiskDirectly(current)) applied = await writeClosedFileBytes(target.realPath, current, text, target.displayPath, directWriteNote(current));
  else applied = await applyTextChange(target.uri, current.text, text);
  return applied.ok ? { ok: true, written: { kind: kind as 'create' | 'modify', applied: applied.applied } } : applied;
}

/**
 * True when a text change is written to the disk rather than through an editor model: a closed
 * file with mixed line endings (a model would normalize every other line ending), or a model
 * that has not yet reloaded what another program wrote (it would overwrite that).
 */
export function writesToDiskDirectly(current: CurrentText): boolean {
  return current.editorStale === true || (current.eol === 'mixed' && !current.isOpen);
}

function directWriteNote(current: CurrentText): string {
  return current.editorStale
    ? 'Another program had changed the file on disk and the editor had not reloaded it yet, so the edit was computed from the disk and written directly to disk (no editor undo for this edit; rollback_file restores it).'
    : 'The file has mixed line endings, which an editor model would normalize, so the edit was written directly to disk to keep every other line ending as it was (no editor undo for this edit; rollback_file restores it).';
}

/**
 * A rollback's write that must not go through a text model: bytes restored as they are, or a
 * text written over a file that is not text. Written atomically to the real path after the
 * disk is checked to hold what was read (see write-direct.ts); an open, unmodified editor
 * reloads it from disk.
 */
async function writeDirect(change: WriteChange, kind: 'create' | 'modify'): Promise<Result<{ written: Written }>> {
  const { target, current } = change;
  const data = change.newBytes ?? Buffer.from(change.newText as string, 'utf8');
  if (current === undefined && change.createDirs) await fs.mkdir(nodePath.dirname(target.realPath), { recursive: true });
  const done = isCurrentBytes(current) || current === undefined
    ? await writeBytesChecked(target.realPath, current?.sha256 ?? null, data, target.displayPath)
    : await writeBytesOverText(target.realPath, current, data, target.displayPath);
  if (!done.ok) return done;
  if (change.newBytes !== undefined) return { ok: true, written: { kind, raw: { sha256: sha256Bytes(data), bytes: data.length } } };
  const text = change.newText as string;
  const note = `${target.displayPath} was not readable as text (${isCurrentBytes(current) ? current.unreadable : 'missing'}), so the restored text was written directly to disk (no editor undo for this step; rollback_file can undo it).`;
  return { ok: true, written: { kind, applied: { text, sha256: sha256Text(text), saved: true, notes: [note] } } };
}

/** One file's part of a multi-file change (see writeGroupTransaction). */
export type GroupChange = Pick<WriteChange, 'tool' | 'target' | 'newText' | 'turnId' | 'client' | 'createDirs'> & {
  /** The file as read under its lock (text only: a multi-file change never writes over bytes). */
  current: CurrentText | undefined;
};

export interface GroupCommitted {
  groupId: string;
  files: Array<{ entryId: string; kind: ChangeKind; written: Written; lines?: { added: number; removed: number } }>;
}

/**
 * The write transaction of a multi-file change, all or nothing. The caller holds every
 * file's lock and has run every check on every file. Then:
 * 1. every file's before-text is snapshotted and journaled as one group (store.beginGroup:
 *    durable before any file is touched);
 * 2. the files are written in order; if file k fails (or its save fails: it is undone in the
 *    editor too), files 0..k-1 are put back to their before-texts (newest first) and every
 *    entry is finished (rolled_back / failed): the call changed nothing;
 * 3. otherwise every entry is finished as applied.
 * A crash during 2 leaves pending entries that the store's open() reports as an interrupted
 * group; rolling the group back restores every file (each entry keeps its before snapshot).
 * If putting a file back fails too, its entry is finished as applied (the file holds the new
 * text, and rollback_file restores it) and the failure says so.
 */
export async function writeGroupTransaction(services: Services, changes: GroupChange[]): Promise<Result<GroupCommitted>> {
  const kinds: ChangeKind[] = changes.map((c) => (c.current === undefined ? 'create' : c.newText === null ? 'delete' : 'modify'));
  const missing = changes.find((c, i) => kinds[i] === 'create' && c.newText === null);
  if (missing) return fail('FILE_NOT_FOUND', `${missing.target.displayPath} does not exist; there is nothing to delete.`);
  const begun = await services.store.beginGroup(changes.map((c, i) => ({ tool: c.tool, path: c.target.displayPath, beforeText: c.current?.text ?? '', turnId: c.turnId, client: c.client, kind: kinds[i] })));
  if (!begun.ok) return fail('INTERNAL_ERROR', `The backups could not be written (${begun.failure.message}), so nothing was changed.`);
  const ids = begun.entries.map((e) => e.id);
  const done: Written[] = [];
  let failure: Result<{}> & { ok: false } | undefined;
  for (let k = 0; k < changes.length && !failure; k++) {
    let written: Result<{ written: Written }>;
    try {
      written = await write({ ...changes[k] }, kinds[k]);
    } catch (e) {
      written = fail('INTERNAL_ERROR', `Applying the change failed: ${(e as Error).message}`);
    }
    if (written.ok) {
      done.push(written.written);
      // The edit reached the editor but the disk refused the save (read-only, full, immutable):
      // for one change of many that is a failed write, undone with the files before it.
      const w = written.written;
      if (saveRefused(changes[k], w)) {
        failure = { ok: false, failure: { error_type: 'INTERNAL_ERROR', message: `${changes[k].target.displayPath}: the file could not be saved (the file system refused the write).`, path: changes[k].target.displayPath } };
      }
    } else failure = { ok: false, failure: { ...written.failure, message: `${changes[k].target.displayPath}: ${written.failure.message}`, path: changes[k].target.displayPath } };
  }
  if (failure) {
    const notRestored: string[] = [];
    for (let j = done.length - 1; j >= 0; j--) {
      const undone = await undo(changes[j], kinds[j], done[j]);
      const w = done[j];
      if (undone) await services.store.finish(ids[j], { after_sha256: begun.entries[j].before_sha256, outcome: 'rolled_back', message: 'another file of this multi-file change failed; put back' });
      else {
        notRestored.push(changes[j].target.displayPath);
        await services.store.finish(ids[j], { ...('applied' in w ? { afterText: w.applied.text } : {}), outcome: 'applied', message: 'another file of this multi-file change failed and this one could not be put back' });
      }
    }
    for (let k = done.length; k < changes.length; k++) {
      await services.store.finish(ids[k], { after_sha256: begun.entries[k].before_sha256, outcome: 'failed', message: failure.failure.message });
    }
    if (notRestored.length) {
      return fail('INTERNAL_ERROR', `${failure.failure.message} Writing stopped there, and ${notRestored.join(', ')} could not be put back: they hold the new text. rollback_file restores them.`, { path: failure.failure.path, not_restored: notRestored });
    }
    return { ok: false, failure: { ...failure.failure, message: `${failure.failure.message} Every file written before it was put back; nothing was changed.` } };
  }
  const files: GroupCommitted['files'] = [];
  for (let k = 0; k < changes.length; k++) {
    const w = done[k];
    const finished = await services.store.finish(ids[k], { afterText: 'applied' in w ? w.applied.text : '', outcome: 'applied' });
    files.push({ entryId: ids[k], kind: kinds[k], written: w, ...(finished.ok ? { lines: { added: finished.entry.lines_added, removed: finished.entry.lines_removed } } : {}) });
  }
  return { ok: true, groupId: begun.group_id, files };
}

/**
 * True when a write reached the editor but its save failed although the user had no unsaved
 * changes there (the disk refused it): a failed write, not an unsaved one.
 */
function saveRefused(change: { current?: CurrentContent }, w: Written): boolean {
  const dirty = change.current !== undefined && change.current.isDirty;
  return 'applied' in w && !w.applied.saved && !dirty;
}

/** Puts one file back to its before-text after its write (a failed group, a refused save); true when it is back. */
async function undo(change: GroupChange, kind: ChangeKind, w: Written): Promise<boolean> {
  try {
    if (kind === 'create') return (await write({ ...change, current: { ...undoBase(change, w) }, newText: null }, 'delete')).ok;
    const before = change.current as CurrentText;
    if (kind === 'delete') return (await write({ ...change, current: undefined, newText: before.text, createDirs: true }, 'create')).ok;
    return (await write({ ...change, current: { ...before, ...undoBase(change, w) }, newText: before.text }, 'modify')).ok;
  } catch {
    return false;
  }
}

/** What the file holds after `w`: the text the write reported. */
function undoBase(change: GroupChange, w: Written): CurrentText {
  const text = 'applied' in w ? w.applied.text : '';
  // a created file has no before-state: only its existence matters to the delete that undoes it
  const base: CurrentText = change.current ?? { uri: change.target.uri, text, sha256: '', eol: 'LF', bom: false, isOpen: true, isDirty: false };
  return { ...base, text, sha256: sha256Text(text) };
}
