import * as vscode from 'vscode';
import { Checkpoints } from '../../history/checkpoints/checkpoints';
import type { BackupStore } from '../../history/backupStore';
import type { CheckpointHost, FolderCheckpoint } from '../../engine/host';

/**
 * Workspace checkpoints in the VS Code host: every file folder of the workspace, taken on the
 * Checkpoints worker thread (never on the extension host's thread), leaving out what
 * files.exclude and files.watcherExclude name and what .gitignore files ignore.
 */
export function vscodeCheckpointHost(store: BackupStore, log: (line: string) => void): CheckpointHost & { close(): Promise<void> } {
  const checkpoints = new Checkpoints(store);
  return {
    async takeAll() {
      const out: FolderCheckpoint[] = [];
      for (const folder of vscode.workspace.workspaceFolders ?? []) {
        if (folder.uri.scheme !== 'file') continue;
        const started = Date.now();
        const taken = await checkpoints.take(folder.uri.fsPath, { excludes: excludeGlobs(folder) });
        if (taken.ok) out.push({ root: taken.checkpoint.root, id: taken.checkpoint.id, started });
        else log(`The checkpoint of ${folder.uri.fsPath} failed: ${taken.failure.message}`);
      }
      return out;
    },
    diff: (a, b) => checkpoints.diff(a, b),
    close: () => checkpoints.close(),
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
