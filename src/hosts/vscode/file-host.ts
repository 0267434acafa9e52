import { fail, Result } from '../../core/types';
import type { Applied, FileContent, FileHost, FileText, Target } from '../../engine/host';
import { isFileBytes } from '../../engine/host';
import { recheckDisk, ensureParent } from '../../files/recheck-disk';
import { writeBytesChecked, writeBytesOverText } from '../../files/write-direct';
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
    readText: (target, maxBytes) => readCurrentText(uriOf(target), target.displayPath, maxBytes),
    readForRestore: (target, maxText, maxRaw) => readCurrentForRestore(uriOf(target), target.displayPath, maxText, maxRaw),
    writeText,
    async writeBytes(target, current, data, createDirs) {
      if (current === undefined) {
        const parent = await ensureParent(target.realPath, createDirs, target.displayPath);
        if (!parent.ok) return parent;
      }
      return isFileBytes(current) || current === undefined
        ? writeBytesChecked(target.realPath, current?.sha256 ?? null, data, target.displayPath)
        : writeBytesOverText(target.realPath, current, data, target.displayPath);
    },
    async delete(target, current) {
      const unchanged = await stillHolds(target, current);
      if (!unchanged.ok) return unchanged;
      return deleteFileEdit(uriOf(target));
    },
    languageId: (target) => languageIdFor(uriOf(target)),
  };
}

async function writeText(target: Target, current: FileText | undefined, newText: string, createDirs: boolean): Promise<Result<{ applied: Applied }>> {
  if (current === undefined) return createFileWithText(uriOf(target), newText, createDirs, target.displayPath);
  if (writesToDiskDirectly(current)) return writeClosedFileBytes(target.realPath, current, newText, target.displayPath, directWriteNote(current));
  const unchanged = await stillHolds(target, current);
  if (!unchanged.ok) return unchanged;
  return applyTextChange(uriOf(target), current.text, newText);
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
 * True when a text change is written to the disk rather than through an editor model: a closed
 * file with mixed line endings (a model would normalize every other line ending), or a model
 * that has not yet reloaded what another program wrote (it would overwrite that).
 */
export function writesToDiskDirectly(current: FileText): boolean {
  return current.editorStale === true || (current.eol === 'mixed' && !current.isOpen);
}

function directWriteNote(current: FileText): string {
  return current.editorStale
    ? 'Another program had changed the file on disk and the editor had not reloaded it yet, so the edit was computed from the disk and written directly to disk (no editor undo for this edit; rollback_file restores it).'
    : 'The file has mixed line endings, which an editor model would normalize, so the edit was written directly to disk to keep every other line ending as it was (no editor undo for this edit; rollback_file restores it).';
}
