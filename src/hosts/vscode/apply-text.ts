import * as vscode from 'vscode';
import { sha256Text } from '../../core/hash';
import { fail, Result } from '../../core/types';
import { writeClosedFileChecked } from '../../files/write-direct';
import { ensureParent } from '../../files/recheck-disk';
import type { Applied } from '../../engine/host';
import { asOwnWrite } from './own-writes';

export type { Applied };

/**
 * Replaces an existing file's text through a WorkspaceEdit (undoable in the editor) and saves
 * it (so VS Code's local history records it) — unless the user had unsaved changes, which we
 * neither save nor drop. `expectedOld` is the text the change was computed from: if the
 * document no longer holds it (the user typed meanwhile), nothing is applied.
 * Only the differing middle of the text is replaced, so cursors and folding elsewhere stay put.
 */
export function applyTextChange(uri: vscode.Uri, expectedOld: string, newText: string): Promise<Result<{ applied: Applied }>> {
  return asOwnWrite(uri, () => applyTextChangeMarked(uri, expectedOld, newText));
}

async function applyTextChangeMarked(uri: vscode.Uri, expectedOld: string, newText: string): Promise<Result<{ applied: Applied }>> {
  const doc = await vscode.workspace.openTextDocument(uri);
  if (doc.getText() !== expectedOld) {
    // Without unsaved changes nobody typed: the model read the disk's bytes its own way (the caller decides from the disk).
    if (!doc.isDirty) return fail('HASH_MISMATCH', "The editor's model of the file is not the text the edit was computed from. Nothing was applied; read the file again.", { reason: 'editor_model_differs' });
    return fail('HASH_MISMATCH', 'The file changed while the edit was being prepared (someone typed in it). Nothing was applied; read the file again.');
  }
  const wasDirty = doc.isDirty;
  const { start, endOld, endNew } = differingMiddle(expectedOld, newText);
  const edit = new vscode.WorkspaceEdit();
  edit.replace(uri, new vscode.Range(doc.positionAt(start), doc.positionAt(endOld)), newText.slice(start, endNew));
  if (!(await vscode.workspace.applyEdit(edit))) {
    return fail('INTERNAL_ERROR', 'VS Code refused the edit (the file may be read-only). Nothing was changed.');
  }
  return finish(doc, newText, wasDirty);
}

/**
 * Creates a new file with `text` through a WorkspaceEdit, then saves it. Parent folders must
 * exist unless `createDirs`.
 */
export function createFileWithText(uri: vscode.Uri, text: string, createDirs: boolean, displayPath: string): Promise<Result<{ applied: Applied }>> {
  return asOwnWrite(uri, () => createFileWithTextMarked(uri, text, createDirs, displayPath));
}

async function createFileWithTextMarked(uri: vscode.Uri, text: string, createDirs: boolean, displayPath: string): Promise<Result<{ applied: Applied }>> {
  const parent = await ensureParent(uri.fsPath, createDirs, displayPath);
  if (!parent.ok) return parent;
  const edit = new vscode.WorkspaceEdit();
  edit.createFile(uri, { ignoreIfExists: false, overwrite: false });
  edit.insert(uri, new vscode.Position(0, 0), text);
  if (!(await vscode.workspace.applyEdit(edit))) {
    return fail('INTERNAL_ERROR', `VS Code refused to create ${displayPath}. Nothing was changed.`);
  }
  const doc = await vscode.workspace.openTextDocument(uri);
  return finish(doc, text, false);
}

async function finish(doc: vscode.TextDocument, intended: string, wasDirty: boolean): Promise<Result<{ applied: Applied }>> {
  const notes: string[] = [];
  let saved = false;
  if (wasDirty) {
    notes.push('The file had unsaved changes by the user, so the edit was applied in the editor but NOT saved.');
  } else {
    saved = await doc.save();
    if (!saved) notes.push('The edit was applied in the editor but saving failed; the file on disk is unchanged.');
  }
  const text = doc.getText();
  if (text !== intended) {
    notes.push('The editor adjusted the text after the edit (line-ending normalization or a save action such as format-on-save or trim-trailing-whitespace); the sha256 returned is of the final text.');
  }
  return { ok: true, applied: { text, sha256: sha256Text(text), saved, notes } };
}

/**
 * The offsets bounding the part that differs between two texts, never splitting a CRLF pair
 * (a position between \r and \n does not exist in a document).
 */
export function differingMiddle(a: string, b: string): { start: number; endOld: number; endNew: number } {
  const max = Math.min(a.length, b.length);
  let start = 0;
  while (start < max && a.charCodeAt(start) === b.charCodeAt(start)) start++;
  if (start > 0 && a.charCodeAt(start - 1) === 13) start--;
  let endOld = a.length;
  let endNew = b.length;
  while (endOld > start && endNew > start && a.charCodeAt(endOld - 1) === b.charCodeAt(endNew - 1)) {
    endOld--;
    endNew--;
  }
  if (endOld < a.length && a.charCodeAt(endOld) === 10 && endOld > 0 && a.charCodeAt(endOld - 1) === 13) {
    endOld++;
    endNew++;
  }
  return { start, endOld, endNew };
}

/**
 * Writes a file's new text straight to disk (see {@link writeClosedFileChecked}): used only
 * where VS Code's text model would change bytes outside the edit (mixed line endings) or does
 * not hold what the disk holds (another program wrote the file; the model has not reloaded).
 * The cost: no editor undo and no local-history entry for this edit (our own backup still has
 * the old text).
 */
export async function writeClosedFileBytes(realPath: string, expected: { text: string; bom: boolean }, newText: string, displayPath: string, note: string): Promise<Result<{ applied: Applied }>> {
  const written = await writeClosedFileChecked(realPath, expected, newText, displayPath);
  if (!written.ok) return written;
  return {
    ok: true,
    applied: {
      text: newText,
      sha256: sha256Text(newText),
      saved: true,
      notes: [note],
    },
  };
}

/** Deletes a file through a WorkspaceEdit (undoable, like VS Code's own delete). */
export async function deleteFileEdit(uri: vscode.Uri): Promise<Result<{}>> {
  const edit = new vscode.WorkspaceEdit();
  edit.deleteFile(uri, { ignoreIfNotExists: true });
  if (await vscode.workspace.applyEdit(edit)) return { ok: true };
  return fail('INTERNAL_ERROR', 'VS Code refused to delete the file.');
}
