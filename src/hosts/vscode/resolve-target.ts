import * as vscode from 'vscode';
import { fail, Result } from '../../core/types';
import { promises as fs } from 'node:fs';
import { rootLabel } from '../../core/paths/identity';
import { resolveInWorkspace, ResolvedPath, WorkspaceRoot } from '../../files/confine';
import { findOpenDocument } from './current-text';

export interface Target extends ResolvedPath {
  uri: vscode.Uri;
  /** The file's identity, shown to the model: see {@link identityOf}. */
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
  const displayPath = await identityOf(roots, r);
  return { ok: true, target: { ...r, uri: documentUri(r), displayPath } };
}

/**
 * A file's identity: what the journal, the failure counters and the model know it by. It is
 * the REAL path (so a symlink alias and the file's own name share one history, one set of
 * counters and one lock), relative to the workspace folder it lies in; in a multi-root window
 * prefixed by that folder's name, or by the folder's path when two folders share a name (two
 * roots named `api` must never share a history).
 */
async function identityOf(roots: WorkspaceRoot[], r: ResolvedPath): Promise<string> {
  if (roots.length === 1) return r.realRelPath;
  const reals = await Promise.all(roots.map((x) => fs.realpath(x.path).catch(() => x.path)));
  let i = reals.indexOf(r.realRoot);
  if (i < 0) i = roots.findIndex((x) => x.path === r.root);
  const label = rootLabel(roots, Math.max(0, i));
  return r.realRelPath ? `${label}/${r.realRelPath}` : label;
}

/**
 * The URI edits go through: the editor's document when the file is open under the name the
 * agent used or under its real path (an unsaved buffer is found either way), else the real path.
 */
function documentUri(r: Pick<ResolvedPath, 'absPath' | 'realPath'>): vscode.Uri {
  for (const p of [r.absPath, r.realPath]) {
    const uri = vscode.Uri.file(p);
    if (findOpenDocument(uri)) return uri;
  }
  return vscode.Uri.file(r.realPath);
}

/** The URI of a target for VS Code: the one it was resolved with, else found again (see documentUri). */
export function uriOf(target: Pick<ResolvedPath, 'absPath' | 'realPath'> & { uri?: vscode.Uri }): vscode.Uri {
  return target.uri ?? documentUri(target);
}
