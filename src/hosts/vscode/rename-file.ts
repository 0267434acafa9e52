import * as vscode from 'vscode';
import { fail, Result } from '../../core/types';
import type { Target } from '../../engine/host';
import { renameTargetState } from '../../files/rename-checked';
import { uriOf } from './resolve-target';

/**
 * Renames a file through a WorkspaceEdit (an open editor follows it; undoable), only onto a
 * name where nothing stands. VS Code on Linux takes two spellings of one file on a
 * case-insensitive mount for two files: asked to overwrite, it deletes the "target" — the very
 * file being renamed — before renaming; not asked, it refuses. So a taken name is refused here,
 * before VS Code sees it, and the engine renames through a temporary name instead.
 */
export async function renameFileEdit(from: Target, to: Target): Promise<Result<{}>> {
  if ((await renameTargetState(from.realPath, to.realPath)) !== 'free') {
    return fail('FILE_EXISTS', `${to.displayPath} is taken (by this file under another case of its name, or by another file); ${from.displayPath} was not renamed onto it.`);
  }
  const edit = new vscode.WorkspaceEdit();
  edit.renameFile(uriOf(from), uriOf(to), { overwrite: false, ignoreIfExists: false });
  if (await vscode.workspace.applyEdit(edit)) return { ok: true };
  return fail('INTERNAL_ERROR', `VS Code refused to rename ${from.displayPath} to ${to.displayPath}. Nothing was changed.`);
}
