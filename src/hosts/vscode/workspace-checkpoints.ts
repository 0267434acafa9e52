import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import { Checkpoints } from '../../history/checkpoints/checkpoints';
import { CheckpointSettings, takeOptionsFromSettings } from '../../history/checkpoints/takeOptionsFromSettings';
import type { BackupStore } from '../../history/backupStore';
import type { CheckpointHost, FolderCheckpoint } from '../../engine/host';

/**
 * Workspace checkpoints in the VS Code host: every file folder of the workspace, taken on the
 * Checkpoints worker thread (never on the extension host's thread), leaving out what
 * files.exclude and files.watcherExclude name and what .gitignore files ignore, within the
 * caps of safeEdit.checkpoints.* (what they leave out is listed, never taken for absent). Paths are
 * given and returned under each folder's real path (the checkpoints' root): `checkpointPath`
 * turns an editor's or a watcher's path into that form.
 */
export function vscodeCheckpointHost(store: BackupStore, log: (line: string) => void, settings: () => CheckpointSettings): CheckpointHost & { close(): Promise<void>; checkpointPath(abs: string): string } {
  const checkpoints = new Checkpoints(store);
  const realRoots = new Map<string, string>();
  const realRoot = (folder: string) => {
    let real = realRoots.get(folder);
    if (real === undefined) {
      try { real = fs.realpathSync.native(folder); } catch { real = folder; }
      realRoots.set(folder, real);
    }
    return real;
  };
  const fileFolders = () => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file');
  const checkpointPath = (abs: string) => {
    for (const folder of fileFolders()) {
      const rel = nodePath.relative(folder.uri.fsPath, abs);
      if (rel === '' || (!rel.startsWith('..') && !nodePath.isAbsolute(rel))) return nodePath.join(realRoot(folder.uri.fsPath), rel);
    }
    return abs;
  };
  return {
    async takeAll(changedPaths) {
      const out: FolderCheckpoint[] = [];
      for (const folder of fileFolders()) {
        const root = realRoot(folder.uri.fsPath);
        const changed = changedPaths?.map((p) => nodePath.relative(root, checkpointPath(p))).filter((rel) => rel !== '' && !rel.startsWith('..') && !nodePath.isAbsolute(rel));
        const started = Date.now();
        const taken = await checkpoints.take(folder.uri.fsPath, takeOptionsFromSettings(settings(), { excludes: excludeGlobs(folder), ...(changed ? { changedPaths: changed.map((rel) => rel.split(nodePath.sep).join('/')) } : {}) }));
        if (taken.ok) out.push({ root: taken.checkpoint.root, id: taken.checkpoint.id, started });
        else log(`The checkpoint of ${folder.uri.fsPath} failed: ${taken.failure.message}`);
      }
      return out;
    },
    diff: (a, b) => checkpoints.diff(a, b),
    async prune(keep) {
      const pruned = await checkpoints.prune(keep);
      if (!pruned.ok) log(`Old workspace checkpoints could not be pruned: ${pruned.failure.message}`);
    },
    close: () => checkpoints.close(),
    checkpointPath,
  };
}

/** The globs of files.exclude and files.watcherExclude that are on for this folder. */
function excludeGlobs(folder: vscode.WorkspaceFolder): string[] {
  const files = vscode.workspace.getConfiguration('files', folder.uri);
  const out: string[] = [];
  for (const key of ['exclude', 'watcherExclude']) {
    const map = files.get<Record<string, unknown>>(key) ?? {};
    for (const [glob, on] of Object.entries(map)) if (on === true) out.push(glob);
  }
  return out;
}
