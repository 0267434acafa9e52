import * as vscode from 'vscode';
import { fail, Result } from '../core/types';
import { resolveInWorkspace, ResolvedPath, WorkspaceRoot } from './confine';

export interface Target extends ResolvedPath {
  uri: vscode.Uri;
  /** The workspace-relative path shown to the model and used as the file's identity. */
  displayPath: string;
}

export function workspaceRoots(): WorkspaceRoot[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => ({ path: f.uri.fsPath, name: f.name }));
}

/**
 * Resolves a path from a tool input to a file inside the workspace, or a PATH_DENIED /
 * FILE_NOT_FOUND failure. `protectedDirs` (our own backup store) are never writable.
 */
export async function resolveTarget(input: string, options: { forWrite: boolean; allowCreate: boolean; protectedDirs: string[] }): Promise<Result<{ target: Target }>> {
  const roots = workspaceRoots();
  if (roots.length === 0) return fail('PATH_DENIED', 'No workspace folder is open, so no file can be read or edited. Open a folder first.', { reason: 'NO_WORKSPACE' });
  const r = await resolveInWorkspace(input, roots, { forWrite: options.forWrite, allowCreate: options.allowCreate, protectedDirs: options.protectedDirs });
  if (!r.ok) return r;
  const multiRoot = roots.length > 1;
  const displayPath = multiRoot ? `${r.rootName}/${r.relPath}` : r.relPath;
  // The path as named (not the real one) so that an editor open on it is found; confinement was checked on the real path.
  return { ok: true, target: { ...r, uri: vscode.Uri.file(r.absPath), displayPath } };
}
