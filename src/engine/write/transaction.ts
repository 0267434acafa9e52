import { sha256Bytes, sha256Text } from '../../core/hash';
import { fail, Result } from '../../core/types';
import type { ChangeKind, Writer } from '../../history/types';
import { decodeTextFile } from '../../files/decode';
import { versionHashes } from '../../files/version-hash';
import { CaseRename, undoCaseRename, writeCaseRename } from './case-rename';
import { Applied, FileContent, FileLike, FileText, Host, isFileBytes, Target } from '../host';

/** One change to one file: what every mutation (tools, rollback, commands) hands over. */
export interface WriteChange {
  /** Who makes it ("write_file", "rollback_file", "add_instructions", …); journaled. */
  tool: string;
  target: Target;
  /** The file as read under its lock: its text, or (a rollback over a file that is not text) its bytes; undefined when it does not exist. */
  current: FileContent | undefined;
  /** The new text; null deletes the file. */
  newText: string | null;
  /** Instead of a text: bytes to write as they are (a rollback to a snapshot that is not text). */
  newBytes?: Buffer;
  turnId?: string;
  /** Who makes it (journaled: JournalEntry.client). */
  client?: string;
  /** Create missing parent folders (a file that does not exist yet). */
  createDirs?: boolean;
  /** A file created in place of another (a move's target, a deleted file put back) takes its BOM and mode. */
  like?: FileLike;
  /**
   * The permission bits the file is to be left with (a rollback gives back the mode a file had:
   * a mode is part of its state). Set after the write; with the same text it is the whole change.
   * Undefined: a changed file keeps its own mode, a new one gets `like`'s or the default.
   */
  mode?: number;
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
  /**
   * Bytes written as they are (newBytes), hashed as a read of them answers (files/version-hash.ts):
   * the text's sha256 when they decode as text (with the bytes' own when a BOM makes it differ).
   */
  | { kind: 'create' | 'modify'; raw: { sha256: string; diskSha256?: string; text?: string; bytes: number; notes?: string[] } }
  | { kind: 'delete' };

export interface Committed {
  entryId: string;
  /** Lines added and removed, as the journal counted them; undefined when the journal could not finish the entry. */
  lines?: { added: number; removed: number };
  beforeSha256: string;
  kind: ChangeKind;
  written: Written;
  after?: AfterWrite;
}

/**
 * The one write transaction, for every host: snapshot the file's current content durably and
 * open a journal entry (typed create / modify / delete), write through the host, finish the
 * entry. Every change to a user's file goes through here (this module is the only caller of
 * the store's begin / beginGroup / finish), so nothing is written before its backup is on disk
 * and no entry is left pending. The caller holds the file's lock and has run its checks.
 *
 * A save the disk refused (the text reached an editor that had no unsaved changes, but not the
 * disk) is a failed write: the editor's copy is put back and the change reported as not made.
 */
export async function writeTransaction(host: Host, change: WriteChange): Promise<Result<Committed>> {
  const { target, current } = change;
  const path = target.displayPath;
  const kind = kindOf(change);
  if (kind === 'create' && isDelete(change)) return fail('FILE_NOT_FOUND', `${path} does not exist; there is nothing to delete.`);

  // A deleted file's BOM is journaled, and every file's mode, so a rollback gives them back.
  const like = kind === 'delete' && current && !isFileBytes(current) ? journaledLike(current) : current?.mode !== undefined ? { beforeMode: current.mode } : {};
  const begun = await host.store.begin({ tool: change.tool, path, ...beforeContent(current), turnId: change.turnId, client: change.client, kind, ...like });
  if (!begun.ok) {
    return fail('INTERNAL_ERROR', `The backup of ${path} could not be written (${begun.failure.message}), so nothing was changed.`);
  }
  let written: Result<{ written: Written }>;
  // The mode the change left, when it set one (journaled as after_mode).
  let afterMode: number | undefined;
  try {
    // Inside the try: anything that throws between the snapshot and the write still finishes
    // the journal entry (as failed) instead of leaving it pending.
    await change.beforeWrite?.();
    written = await write(host, change, kind);
    if (written.ok) {
      const moded = await withMode(host, change, kind, written.written);
      written = { ok: true, written: moded.written };
      afterMode = moded.mode;
    }
  } catch (e) {
    written = fail('INTERNAL_ERROR', `Applying the change failed: ${(e as Error).message}`);
  }
  if (written.ok && saveRefused(change.current, written.written) && !isFileBytes(current)) {
    const back = await undo(host, change as GroupChange, kind, written.written);
    written = fail('INTERNAL_ERROR', `${path} could not be saved (the file system refused the write: read-only, full or locked). ${back ? "The editor's copy was put back; nothing was changed." : 'The new text stays unsaved in the editor; the file on disk is unchanged.'}`, { reason: 'save_refused' });
  }
  if (!written.ok) {
    await host.store.finish(begun.id, { after_sha256: begun.before_sha256, outcome: 'failed', message: written.failure.message });
    return written;
  }
  let after: AfterWrite | void = undefined;
  let lines: Committed['lines'];
  try {
    after = await change.afterWrite?.(written.written);
  } catch {
    // The change has landed: a failing follow-up must not report it as not made.
    after = undefined;
  } finally {
    const w = written.written;
    const rolledBack = after?.rolledBack;
    const finished = await host.store.finish(begun.id, {
      ...(rolledBack ? { afterText: rolledBack.text } : { ...afterOf(w), ...(afterMode !== undefined ? { after_mode: afterMode } : {}) }),
      outcome: rolledBack ? 'rolled_back' : 'applied',
      ...(rolledBack?.message !== undefined ? { message: rolledBack.message } : {}),
    });
    if (finished.ok) lines = { added: finished.entry.lines_added, removed: finished.entry.lines_removed };
  }
  return { ok: true, entryId: begun.id, lines, beforeSha256: begun.before_sha256, kind, written: written.written, ...(after ? { after } : {}) };
}

/** One file's part of a multi-file change (see writeGroupTransaction). */
export type GroupChange = Pick<WriteChange, 'tool' | 'target' | 'newText' | 'newBytes' | 'turnId' | 'client' | 'createDirs' | 'like' | 'mode'> & {
  /** The file as read under its lock: its text, or (a group rollback over a file that is not text) its bytes. */
  current: FileContent | undefined;
  /**
   * On the new name of a case-only rename (journaled as a create, like a move's target): the
   * file comes from this name by a rename, not by a write of a new file.
   */
  caseRename?: CaseRename;
  /** On the old name of a case-only rename (journaled as a delete): its rename does the delete; nothing is deleted. */
  renamedAway?: boolean;
};

export interface GroupCommitted {
  groupId: string;
  files: Array<{ entryId: string; kind: ChangeKind; written: Written; lines?: { added: number; removed: number } }>;
}

/**
 * The write transaction of a multi-file change, all or nothing. The caller holds every file's
 * lock and has run every check on every file. Then:
 * 1. every file's before-text is snapshotted and journaled as one group (store.beginGroup:
 *    durable before any file is touched);
 * 2. the files are written in order; if file k fails (or its save fails: it is undone in the
 *    editor too), files 0..k-1 are put back to their before-texts (newest first) and every
 *    entry is finished (rolled_back / failed): the call changed nothing;
 * 3. otherwise every entry is finished as applied.
 * A crash during 2 leaves pending entries that the store's open() reports as an interrupted
 * group (see restore/recover-groups.ts). If putting a file back fails too, its entry is
 * finished as applied (the file holds the new text, and rollback_file restores it) and the
 * failure says so.
 */
export async function writeGroupTransaction(host: Host, changes: GroupChange[]): Promise<Result<GroupCommitted>> {
  const kinds = changes.map(kindOf);
  const missing = changes.find((c, i) => kinds[i] === 'create' && isDelete(c));
  if (missing) return fail('FILE_NOT_FOUND', `${missing.target.displayPath} does not exist; there is nothing to delete.`);
  const begun = await host.store.beginGroup(changes.map((c, i) => ({
    tool: c.tool, path: c.target.displayPath, ...beforeContent(c.current), turnId: c.turnId, client: c.client, kind: kinds[i],
    // What a read of the file answers once the change reached it (crash recovery compares it).
    intendedSha256: c.newBytes !== undefined ? versionHashes(c.newBytes).sha256 : c.newText === null ? null : sha256Text(c.newText),
    ...(isFileBytes(c.current) ? (c.current.mode !== undefined ? { beforeMode: c.current.mode } : {}) : journaledLike(c.current)),
    ...(c.caseRename ? { renamedFrom: c.caseRename.from.displayPath, renameVia: c.caseRename.via.displayPath } : {}),
  })));
  if (!begun.ok) return fail('INTERNAL_ERROR', `The backups could not be written (${begun.failure.message}), so nothing was changed.`);
  const ids = begun.entries.map((e) => e.id);
  const done: Written[] = [];
  // The mode each file was left with, where its change set one (journaled as after_mode).
  const modes: Array<number | undefined> = [];
  let failure: { message: string; path: string; data: Record<string, unknown> } | undefined;
  for (let k = 0; k < changes.length && !failure; k++) {
    const path = changes[k].target.displayPath;
    let written: Result<{ written: Written }>;
    try {
      written = await writeGroupChange(host, changes[k], kinds[k]);
      if (written.ok) {
        const moded = await withMode(host, changes[k], kinds[k], written.written);
        written = { ok: true, written: moded.written };
        modes[k] = moded.mode;
      }
    } catch (e) {
      written = fail('INTERNAL_ERROR', `Applying the change failed: ${(e as Error).message}`);
    }
    if (!written.ok) {
      const { error_type, message, ...data } = written.failure;
      failure = { message: `${path}: ${message}`, path, data: { ...data, error_type } };
      continue;
    }
    done.push(written.written);
    // The edit reached the editor but the disk refused the save: a failed write, undone with the files before it.
    if (saveRefused(changes[k].current, written.written)) failure = { message: `${path}: the file could not be saved (the file system refused the write).`, path, data: { error_type: 'INTERNAL_ERROR' } };
  }
  if (failure) {
    const notRestored: string[] = [];
    for (let j = done.length - 1; j >= 0; j--) {
      const w = done[j];
      if (await undo(host, changes[j], kinds[j], w)) {
        await host.store.finish(ids[j], { after_sha256: begun.entries[j].before_sha256, outcome: 'rolled_back', message: 'another file of this multi-file change failed; put back' });
      } else {
        notRestored.push(changes[j].target.displayPath);
        await host.store.finish(ids[j], { ...afterOf(w), outcome: 'applied', message: 'another file of this multi-file change failed and this one could not be put back' });
      }
    }
    for (let k = done.length; k < changes.length; k++) {
      await host.store.finish(ids[k], { after_sha256: begun.entries[k].before_sha256, outcome: 'failed', message: failure.message });
    }
    const errorType = String(failure.data.error_type ?? 'INTERNAL_ERROR');
    if (notRestored.length) {
      return fail('INTERNAL_ERROR', `${failure.message} Writing stopped there, and ${notRestored.join(', ')} could not be put back: they hold the new text. rollback_file restores them.`, { path: failure.path, not_restored: notRestored });
    }
    const { error_type: _e, ...data } = failure.data;
    return { ok: false, failure: { ...data, error_type: errorType as never, message: `${failure.message} Every file written before it was put back; nothing was changed.`, path: failure.path } };
  }
  const files: GroupCommitted['files'] = [];
  for (let k = 0; k < changes.length; k++) {
    const w = done[k];
    const finished = await host.store.finish(ids[k], { ...afterOf(w), ...(modes[k] !== undefined ? { after_mode: modes[k] } : {}), outcome: 'applied' });
    files.push({ entryId: ids[k], kind: kinds[k], written: w, ...(finished.ok ? { lines: { added: finished.entry.lines_added, removed: finished.entry.lines_removed } } : {}) });
  }
  return { ok: true, groupId: begun.group_id, files };
}

/**
 * What the backup stores of the file before the change: its bytes when it is not text, or
 * when its text is not its bytes (an editor holds it in another encoding), else its text.
 */
function beforeContent(current: FileContent | undefined): { beforeText: string; beforeBytes?: Buffer } {
  if (isFileBytes(current)) return { beforeText: '', beforeBytes: current.bytes };
  return current?.diskBytes ? { beforeText: current.text, beforeBytes: current.diskBytes } : { beforeText: current?.text ?? '' };
}

/**
 * What the journal records of the version a write left: its text (hashed and kept by the store)
 * or, for bytes that are not text, their hash; and the hash of the bytes on disk when it is not
 * the text's (another encoding, a BOM), so either read of the file recognises the version.
 */
function afterOf(w: Written): { afterText?: string; after_sha256?: string; after_disk_sha256?: string } {
  if ('raw' in w) return afterOfVersion(w.raw);
  if ('applied' in w) return { afterText: w.applied.text, ...(w.applied.diskSha256 ? { after_disk_sha256: w.applied.diskSha256 } : {}) };
  return { afterText: '' };
}

function isDelete(change: { newText: string | null; newBytes?: Buffer }): boolean {
  return change.newText === null && change.newBytes === undefined;
}

function kindOf(change: { current: FileContent | undefined; newText: string | null; newBytes?: Buffer }): ChangeKind {
  return change.current === undefined ? 'create' : isDelete(change) ? 'delete' : 'modify';
}

/** One file of a group: a case-only rename's two names are one rename (done by the new name's change), else the host's write. */
async function writeGroupChange(host: Host, change: GroupChange, kind: ChangeKind): Promise<Result<{ written: Written }>> {
  if (change.renamedAway) return { ok: true, written: { kind: 'delete' } };
  if (change.caseRename) {
    const applied = await writeCaseRename(host, change.target, change.caseRename, change.newText as string);
    return applied.ok ? { ok: true, written: { kind: 'create', applied: applied.applied } } : applied;
  }
  return write(host, change, kind);
}

/** The host's write of one change: a delete, bytes (or text over bytes) as they are, or a text. */
async function write(host: Host, change: Pick<WriteChange, 'target' | 'current' | 'newText' | 'newBytes' | 'createDirs' | 'like'>, kind: ChangeKind): Promise<Result<{ written: Written }>> {
  const { target, current } = change;
  if (kind === 'delete') {
    const removed = await host.files.delete(target, current as FileContent);
    return removed.ok ? { ok: true, written: { kind: 'delete' } } : removed;
  }
  const k = kind as 'create' | 'modify';
  if (kind === 'modify' && sameContent(current as FileContent, change)) {
    // Only the mode changes (withMode sets it): the content is not written again.
    if (isFileBytes(current)) return { ok: true, written: { kind: k, raw: { ...versionHashes(current.bytes), bytes: current.bytes.length } } };
    const text = (current as FileText).text;
    return { ok: true, written: { kind: k, applied: { text, sha256: sha256Text(text), saved: true, notes: [] } } };
  }
  if (change.newBytes !== undefined || isFileBytes(current)) {
    const data = change.newBytes ?? Buffer.from(change.newText as string, 'utf8');
    const done = await host.files.writeBytes(target, current, data, !!change.createDirs);
    if (!done.ok) return done;
    if (change.newBytes !== undefined) return { ok: true, written: { kind: k, raw: { ...versionHashes(data), bytes: data.length } } };
    const text = change.newText as string;
    const note = `${target.displayPath} was not readable as text (${isFileBytes(current) ? current.unreadable : 'missing'}), so the restored text was written directly to disk (no editor undo for this step; rollback_file can undo it).`;
    return { ok: true, written: { kind: k, applied: { text, sha256: sha256Text(text), saved: true, notes: [note] } } };
  }
  const applied = await host.files.writeText(target, current, change.newText as string, !!change.createDirs, kind === 'create' ? change.like : undefined);
  return applied.ok ? { ok: true, written: { kind: k, applied: applied.applied } } : applied;
}

/**
 * True when a write reached an editor but its save failed although the user had no unsaved
 * changes there (the disk refused it): a failed write, not an unsaved one.
 */
function saveRefused(current: FileContent | undefined, w: Written): boolean {
  return 'applied' in w && !w.applied.saved && !(current?.isDirty ?? false);
}

/** Puts one file back to its before-content (and mode) after its write (a failed group, a refused save); true when it is back. */
async function undo(host: Host, change: GroupChange, kind: ChangeKind, w: Written): Promise<boolean> {
  try {
    // the rename is put back by its new name's change
    if (change.renamedAway) return true;
    if (change.caseRename) return 'applied' in w && (await undoCaseRename(host, change.target, change.caseRename, w.applied));
    const now = nowHolds(change, w);
    if (kind === 'create') return (await write(host, { ...change, current: now, newText: null, newBytes: undefined }, 'delete')).ok;
    const before = change.current as FileContent;
    const content = isFileBytes(before) ? { newText: null, newBytes: before.bytes } : { newText: before.text, newBytes: undefined };
    // A deleted file comes back with its BOM and permission bits, as it was.
    const back = kind === 'delete'
      ? await write(host, { ...change, ...content, current: undefined, createDirs: true, like: likeOf(before) }, 'create')
      : await write(host, { ...change, ...content, current: now }, 'modify');
    if (!back.ok) return false;
    // A mode the change set goes back too.
    if (kind === 'modify' && change.mode !== undefined && before.mode !== undefined && before.mode !== change.mode) return (await host.files.setMode(change.target, before.mode)).ok;
    return true;
  } catch {
    return false;
  }
}

/**
 * What the file holds after `w`: the text the write reported, with the before-state's BOM and
 * editor facts (a text that reached an editor but not the disk, a refused save, stands there
 * unsaved); or the bytes written as they are.
 */
function nowHolds(change: GroupChange, w: Written): FileContent {
  if ('raw' in w) {
    const bytes = change.newBytes ?? Buffer.from(change.newText ?? '', 'utf8');
    return { bytes, sha256: sha256Bytes(bytes), unreadable: 'written as bytes' };
  }
  const text = 'applied' in w ? w.applied.text : '';
  const was = isFileBytes(change.current) ? undefined : change.current;
  const base: FileText = was ?? { text, sha256: '', eol: 'LF', bom: false, isOpen: true, isDirty: false };
  const unsaved = 'applied' in w && !w.applied.saved;
  return { ...base, text, sha256: sha256Text(text), ...(unsaved ? { isOpen: true, isDirty: true } : {}) };
}

/** A file's BOM and mode, as a file created in its place is to have them (bytes carry their own BOM). */
function likeOf(current: FileContent): FileLike {
  return { bom: isFileBytes(current) ? false : current.bom, ...(current.mode !== undefined ? { mode: current.mode } : {}) };
}

/** True when the change writes exactly what the file holds (a change of mode alone, set by withMode). */
function sameContent(current: FileContent, change: { newText: string | null; newBytes?: Buffer; mode?: number }): boolean {
  if (change.mode === undefined) return false;
  if (change.newBytes !== undefined) return isFileBytes(current) ? current.bytes.equals(change.newBytes) : false;
  return !isFileBytes(current) && change.newText === current.text && !current.isDirty;
}

/**
 * Gives the written file the mode the change asks for (WriteChange.mode), unless the write left
 * it so already (a changed file keeps its own; a new one gets `like`'s). Returns the mode the
 * file was left with when the change set it. A refusal leaves the write standing and is said in
 * the result's notes: the content is what was asked, the mode not.
 */
async function withMode(host: Host, change: Pick<WriteChange, 'target' | 'current' | 'like' | 'mode'>, kind: ChangeKind, w: Written): Promise<{ written: Written; mode?: number }> {
  if (change.mode === undefined || kind === 'delete' || w.kind === 'delete') return { written: w };
  const left = kind === 'modify' ? change.current?.mode : change.like?.mode;
  if (left === change.mode) return { written: w, mode: change.mode };
  const set = await host.files.setMode(change.target, change.mode);
  if (set.ok) return { written: w, mode: change.mode };
  const note = `${set.failure.message} The content was written; the permission bits were not.`;
  if ('applied' in w) return { written: { ...w, applied: { ...w.applied, notes: [...w.applied.notes, note] } } };
  return { written: 'raw' in w ? { ...w, raw: { ...w.raw, notes: [...(w.raw.notes ?? []), note] } } : w };
}

/** What the journal records of a file's BOM and mode before a change, so a rollback that re-creates it can give them back. */
function journaledLike(current: FileText | undefined): { beforeBom?: boolean; beforeMode?: number } {
  if (!current) return {};
  const like = likeOf(current);
  return { ...(like.bom ? { beforeBom: true } : {}), ...(like.mode !== undefined ? { beforeMode: like.mode } : {}) };
}

/** A change another writer already made (seen by comparing checkpoints): the content on each side, undefined where there was no file. */
export interface ObservedChange {
  /** The path as the journal keys it (Target.displayPath). */
  path: string;
  kind: ChangeKind;
  before?: Buffer;
  /** The file's permission bits before (a rollback gives them back, or re-creates a deleted file with them). */
  beforeMode?: number;
  after?: Buffer;
  /** The permission bits it was left with, when known (a change of mode alone is a change). */
  afterMode?: number;
  /** When the change was made, as far as it is known (epoch ms; default: when it is journaled). */
  time?: number;
}

export interface ObservedWriter {
  /** Journaled as the entries' tool ("execute_program", "outside", …). */
  tool: string;
  writer: Writer;
  turnId?: string;
  client?: string;
}

/**
 * Journals changes that are already on disk (execute_program's, another writer's): the before
 * content snapshotted durably (text when it is UTF-8 text, else the bytes as they are), then
 * each entry finished at once with the after content's hash as a tool's read of the file would
 * compute it (so rollback_file's hash check recognises the file). Several changes are one group.
 * No intended hash is journaled: a crash between the two steps leaves interrupted entries that
 * crash recovery leaves alone (nothing of ours was being written).
 */
export async function journalObservedChanges(host: Host, changes: ObservedChange[], by: ObservedWriter): Promise<Result<{ groupId?: string; entryIds: string[] }>> {
  if (changes.length === 0) return { ok: true, entryIds: [] };
  const inputs = changes.map((c) => ({
    tool: by.tool, path: c.path, turnId: by.turnId, client: by.client, kind: c.kind, writer: by.writer,
    ...(c.time !== undefined ? { time: c.time } : {}),
    ...observedBefore(c),
    ...(c.beforeMode !== undefined ? { beforeMode: c.beforeMode } : {}),
  }));
  let ids: string[];
  let groupId: string | undefined;
  if (inputs.length === 1) {
    const begun = await host.store.begin(inputs[0]);
    if (!begun.ok) return begun;
    ids = [begun.id];
  } else {
    const begun = await host.store.beginGroup(inputs);
    if (!begun.ok) return begun;
    ids = begun.entries.map((e) => e.id);
    groupId = begun.group_id;
  }
  for (let i = 0; i < changes.length; i++) {
    const afterMode = changes[i].after !== undefined ? changes[i].afterMode : undefined;
    await host.store.finish(ids[i], { ...observedAfter(changes[i]), ...(afterMode !== undefined ? { after_mode: afterMode } : {}), outcome: 'applied' });
  }
  return { ok: true, entryIds: ids, ...(groupId ? { groupId } : {}) };
}

function observedBefore(c: ObservedChange): { beforeText: string; beforeBytes?: Buffer } {
  if (c.before === undefined) return { beforeText: '' };
  const decoded = decodeTextFile(c.before, c.path);
  if (!decoded.ok) return { beforeText: '', beforeBytes: c.before };
  // A BOM is not part of the text, and a text put back into a file another writer saved without
  // one would stay without: such a before is kept as its bytes, which a rollback writes back as they are.
  // (The bytes carry the BOM: no before_bom, which would have a text restore add a second one.)
  if (decoded.bom) return { beforeText: decoded.text, beforeBytes: c.before };
  return { beforeText: decoded.text };
}

function observedAfter(c: ObservedChange): { afterText?: string; after_sha256?: string; after_disk_sha256?: string } {
  return c.after === undefined ? { afterText: '' } : afterOfVersion(versionHashes(c.after));
}

/** The journal's after fields of bytes hashed by versionHashes: their text when there is one, else their hash. */
function afterOfVersion(v: { sha256: string; diskSha256?: string; text?: string }): { afterText?: string; after_sha256?: string; after_disk_sha256?: string } {
  const disk = v.diskSha256 !== undefined ? { after_disk_sha256: v.diskSha256 } : {};
  return v.text !== undefined ? { afterText: v.text, ...disk } : { after_sha256: v.sha256, ...disk };
}
