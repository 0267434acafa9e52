import * as vscode from 'vscode';
import * as path from 'node:path';

/**
 * The file URI of a journal path. Journal paths are workspace-relative (as the tools
 * resolved them); an absolute path is taken as is. Without a workspace folder the relative
 * path cannot be placed, so undefined.
 */
export function uriOfJournalPath(journalPath: string): vscode.Uri | undefined {
  if (path.isAbsolute(journalPath)) return vscode.Uri.file(journalPath);
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) return undefined;
  return vscode.Uri.joinPath(folder.uri, ...journalPath.split(/[\\/]+/).filter((s) => s.length > 0));
}
