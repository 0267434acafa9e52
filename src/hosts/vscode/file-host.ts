import { promises as fs } from 'node:fs';
import { sha256Bytes, sha256Text } from '../../core/hash';
import { fail, Result } from '../../core/types';
import type { Applied, FileContent, FileHost, FileLike, FileText, Target } from '../../engine/host';
import { defaultFileMode, fileMode, setFileMode } from '../../files/file-mode';
import { isFileBytes } from '../../engine/host';
import { eolKind, hasLoneCr } from '../../core/text/eol';
import { recheckDisk } from '../../files/recheck-disk';
import { listsExactName } from '../../files/rename-checked';
import { renameFileEdit } from './rename-file';
import { carriesOwnBom, createTextFile, writeBytesOverRead } from '../../files/write-direct';
import { applyTextChange, createFileWithText, deleteFileEdit, writeClosedFileBytes } from './apply-text';
import { readCurrentForRestore } from './current-bytes';
import { readCurrentText } from './current-text';
import { languageIdFor } from './language-id';
import { resolveTarget, uriOf, workspaceRoots } from './resolve-target';

/**
 * Files the VS Code way: an open editor's unsaved text is what a tool reads; a change goes
 * through a WorkspaceEdit and is saved (undoable, in local history) unless the user had unsaved
 * changes there; where an editor model would change bytes outside the edit (a closed file with
 * mixed line endings) or holds a stale copy, the text is written to disk directly. Before any
 * overwrite or delete of what the user has not got open with unsaved changes, the disk is read
 * again and must still hold what the tool read.
 */
export function vscodeFileHost(storageDir: string): FileHost {
  return {
    roots: workspaceRoots,
    resolve: (input, options) => resolveTarget(input, { ...options, protectedDirs: [storageDir] }),
    async readText(target, maxBytes) {
      const read = await readCurrentText(uriOf(target), target.displayPath, maxBytes);
      return read.ok ? { ok: true, current: await withMode(target, read.current) } : read;
    },
    async readForRestore(target, maxText, maxRaw) {
      const read = await readCurrentForRestore(uriOf(target), target.displayPath, maxText, maxRaw);
      if (!read.ok || !read.current) return read;
      // Its mode too, as readText gives it: the journal keeps it, so the file can come back as it was.
      return { ok: true, current: await withMode(target, read.current) };
    },
    writeText,
    // a text an editor decoded from another encoding is checked against the disk's bytes
    writeBytes: (target, current, data, createDirs) => writeBytesOverRead(target.realPath, current, data, target.displayPath, createDirs),
    setMode: (target, mode) => setFileMode(target.realPath, mode, target.displayPath),
    async delete(target, current) {
      const unchanged = await stillHolds(target, current);
      if (!unchanged.ok) return unchanged;
      return deleteFileEdit(uriOf(target));
    },
    async rename(from, to, current) {
      const unchanged = await stillHolds(from, current);
      if (!unchanged.ok) return unchanged;
      return renameFileEdit(from, to);
    },
    listsName: (target) => listsExactName(target.realPath),
    languageId: (target) => languageIdFor(uriOf(target)),
  };
}

/** A text read with the file's permission bits, when the disk has them. */
async function withMode<T extends object>(target: Target, current: T): Promise<T & { mode?: number }> {
  const mode = await fileMode(target.realPath);
  return mode !== undefined ? { ...current, mode } : current;
}

async function writeText(target: Target, current: FileText | undefined, newText: string, createDirs: boolean, like?: FileLike): Promise<Result<{ applied: Applied }>> {
  if (current === undefined) {
    // A WorkspaceEdit creates a file without a BOM and with the default mode: a file that must
    // have either (a moved or re-created one) is written to disk directly.
    if (like && needsDirectCreate(like)) return createDirect(target, newText, createDirs, like);
    return createFileWithText(uriOf(target), newText, createDirs, target.displayPath);
  }
  const direct = directWriteNote(current, newText);
  if (direct) return writeClosedFileBytes(target.realPath, current, newText, target.displayPath, direct);
  const unchanged = await stillHolds(target, current);
  if (!unchanged.ok) return unchanged;
  const applied = await applyTextChange(uriOf(target), current.text, newText);
  // A model with no unsaved changes that is not the disk's text: VS Code read the bytes its own
  // way (a line break the checks above did not foresee). Nobody typed; the disk still decides.
  if (!applied.ok && applied.failure.reason === 'editor_model_differs' && !current.diskBytes) return writeClosedFileBytes(target.realPath, current, newText, target.displayPath, MODEL_DIFFERS_NOTE);
  return applied.ok && current.diskBytes && applied.applied.saved ? withDiskHash(target, applied.applied) : applied;
}



/**
 * A text saved in another encoding: the hash of the bytes the save left, for the journal, so a
 * rollback that reads the file as bytes (no editor decodes it then) knows it unchanged.
 */
async function withDiskHash(target: Target, applied: Applied): Promise<Result<{ applied: Applied }>> {
  try {
    const bytes = await fs.readFile(target.realPath);
    const diskSha256 = sha256Bytes(bytes);
    return { ok: true, applied: diskSha256 === applied.sha256 ? applied : { ...applied, diskSha256 } };
  } catch {
    return { ok: true, applied };
  }
}

function needsDirectCreate(like: FileLike): boolean {
  return like.bom || (like.mode !== undefined && like.mode !== defaultFileMode());
}

async function createDirect(target: Target, text: string, createDirs: boolean, like: FileLike): Promise<Result<{ applied: Applied }>> {
  const done = await createTextFile(target.realPath, text, createDirs, target.displayPath, like);
  if (!done.ok) return done;
  const kept = [...(like.bom ? ['its UTF-8 BOM'] : []), ...(like.mode !== undefined && like.mode !== defaultFileMode() ? ['its permission bits'] : [])];
  const note = `${target.displayPath} was written directly to disk to keep ${kept.join(' and ')} (no editor undo for this step; rollback_file can undo it).`;
  return { ok: true, applied: { text, sha256: sha256Text(text), saved: true, notes: [note] } };
}

/**
 * The re-check before an overwrite or a delete: the file, read again the way the tool read it
 * (an editor with unsaved changes: its text; otherwise the disk, decoded as the editor keeps
 * it), must still be what the tool read. Another program's change made meanwhile — while a
 * consent dialog, a validator or earlier saves ran — is never overwritten or deleted unseen.
 */
async function stillHolds(target: Target, current: FileContent): Promise<Result<{}>> {
  if (isFileBytes(current)) return recheckDisk(target.realPath, { bytes: current.bytes, sha256: current.sha256 }, target.displayPath);
  const again = await readCurrentText(uriOf(target), target.displayPath, Number.MAX_SAFE_INTEGER);
  if (again.ok && again.current.text === current.text && again.current.bom === current.bom) return { ok: true };
  const where = current.isDirty ? 'in the editor (someone typed in it)' : 'on disk (another program wrote it)';
  return fail('HASH_MISMATCH', `${target.displayPath} changed ${where} while the change was being prepared. Nothing was changed; read the file again.`, { reason: 'changed_meanwhile' });
}

/**
 * True when a text change is written to the disk rather than through an editor model: a file
 * whose bytes a model cannot keep, closed or open (mixed line endings: a model normalizes every
 * other line ending; a lone CR inside a line: a model reads it as a line break; an open model
 * already has, and would save that), or a model that has not yet reloaded what another program
 * wrote (it would overwrite that).
 */
export function writesToDiskDirectly(current: FileText): boolean {
  return current.editorStale === true || current.editorEolNormalized === true || (!current.isOpen && !modelKeepsLineEnds(current));
}

/**
 * Whether a model that holds `current` keeps `newText`'s line ends: a model has one line-end
 * style and gives inserted text that style, so a rollback to a CRLF version of a file another
 * program rewrote with LF would come back with LF (and worse, see the test). A text without
 * line breaks takes the platform's default style (files.eol "auto").
 */
function modelTakesLineEnds(current: FileText, newText: string): boolean {
  const next = eolKind(newText);
  if (next === 'none') return true;
  if (next === 'mixed' || hasLoneCr(newText)) return false;
  const now = current.eol === 'none' ? (process.platform === 'win32' ? 'CRLF' : 'LF') : current.eol;
  return now === next;
}

/** Whether VS Code's text model holds this text's line ends as they are: one style, and no lone CR. */
function modelKeepsLineEnds(current: FileText): boolean {
  return current.eol !== 'mixed' && !hasLoneCr(current.text);
}

const NO_UNDO = '(no editor undo for this edit; rollback_file restores it)';
const MODEL_DIFFERS_NOTE = `The editor's model of the file did not hold the file's bytes as they are on disk, so the edit was written directly to disk to keep them ${NO_UNDO}.`;

/**
 * Why `newText` is written to disk directly rather than through the editor's model, or
 * undefined when the model can take it: the file's own state (writesToDiskDirectly), or new
 * line ends that a model without unsaved changes would convert.
 */
function directWriteNote(current: FileText, newText: string): string | undefined {
  if (current.editorStale) return `Another program had changed the file on disk and the editor had not reloaded it yet, so the edit was computed from the disk and written directly to disk ${NO_UNDO}.`;
  if (writesToDiskDirectly(current)) {
    return hasLoneCr(current.text)
      ? `The file has a carriage return inside a line (a lone CR), which an editor model would read as a line break, so the edit was written directly to disk to keep every byte outside the edit as it was ${NO_UNDO}.`
      : `The file has mixed line endings, which an editor model would normalize, so the edit was written directly to disk to keep every other line ending as it was ${NO_UNDO}.`;
  }
  if (!current.isDirty && carriesOwnBom(current, newText)) return `The new text carries its own byte order mark (a backup of the file's bytes), which an editor model of a file with one would write twice, so it was written directly to disk byte for byte ${NO_UNDO}.`;
  if (!current.isDirty && !modelTakesLineEnds(current, newText)) return `The new text's line endings differ from the file's (a rollback to a version another program rewrote), which an editor model would convert, so it was written directly to disk byte for byte ${NO_UNDO}.`;
  return undefined;
}
