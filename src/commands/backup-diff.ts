import * as vscode from 'vscode';
import * as fs from 'node:fs';
import type { JournalEntry } from '../history/types';
import type { Services } from '../hosts/vscode/services';
import { resolveTarget } from '../hosts/vscode/resolve-target';
import { backupUri } from './backup-documents';

/**
 * The URI of a journaled file as it is now: the file itself, or an empty backup document
 * when it does not exist (deleted since) or cannot be resolved inside the workspace.
 */
export async function currentUri(services: Services, path: string): Promise<vscode.Uri> {
  const resolved = await resolveTarget(path, { forWrite: false, allowCreate: true, protectedDirs: [services.storageDir] });
  if (resolved.ok && fs.existsSync(resolved.target.absPath)) return resolved.target.uri;
  return backupUri(path, 'empty');
}

/**
 * Opens a diff editor: the text before `entry` (read-only, from the store) on the left, the
 * file as it is now on the right (its open buffer, unsaved changes included).
 * `preview` keeps focus where it is (the picker) and reuses the preview tab.
 */
export async function openBackupDiff(services: Services, entry: JournalEntry, options: { preview?: boolean } = {}): Promise<void> {
  const left = backupUri(entry.path, entry.before_sha256);
  const right = await currentUri(services, entry.path);
  const name = entry.path.split('/').pop() ?? entry.path;
  const when = new Date(entry.time).toLocaleString();
  const title = `${name} (before ${entry.tool}, ${when}) ↔ current`;
  const show: vscode.TextDocumentShowOptions = options.preview ? { preview: true, preserveFocus: true } : { preview: false };
  await vscode.commands.executeCommand('vscode.diff', left, right, title, show);
}

/**
 * Opens a diff editor for one file of a turn rollback: the file as it is now (its open buffer)
 * on the left, what the rollback will make of it on the right: the stored text before `entry`,
 * or an empty document when the rollback deletes the file. `preview` as for openBackupDiff.
 */
export async function openRestoreDiff(services: Services, path: string, entry: JournalEntry, willDelete: boolean, options: { preview?: boolean } = {}): Promise<void> {
  const left = await currentUri(services, path);
  const right = willDelete ? backupUri(path, 'empty') : backupUri(path, entry.before_sha256);
  const name = path.split('/').pop() ?? path;
  const title = `${name} (current ↔ ${willDelete ? 'deleted' : 'after the rollback'})`;
  const show: vscode.TextDocumentShowOptions = options.preview ? { preview: true, preserveFocus: true } : { preview: false };
  await vscode.commands.executeCommand('vscode.diff', left, right, title, show);
}
