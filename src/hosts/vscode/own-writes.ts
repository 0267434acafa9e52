import type * as vscode from 'vscode';

/** Documents our own write is changing or saving right now, by the file's path (a count: writes may overlap). */
const writing = new Map<string, number>();

/**
 * Runs our own change of a document (a WorkspaceEdit and its save) marked as ours, so the
 * writer watch does not take the editor events it causes for evidence of anyone: an edit of the
 * document the user is looking at would read as the user's typing, a save of it as the user's
 * save, and otherwise as an agent's own tool — and that label would land on whatever else the
 * history records for the file (another program's change just before ours). Our change is
 * journaled by the write transaction itself. The mark is lifted once the events VS Code queued
 * for the change have been delivered (the next turn of the event loop).
 */
export async function asOwnWrite<T>(uri: vscode.Uri, write: () => Promise<T>): Promise<T> {
  const key = uri.fsPath;
  writing.set(key, (writing.get(key) ?? 0) + 1);
  try {
    return await write();
  } finally {
    setTimeout(() => {
      const n = (writing.get(key) ?? 1) - 1;
      if (n <= 0) writing.delete(key);
      else writing.set(key, n);
    }, 0);
  }
}

/** True while our own write changes or saves the document of this file. */
export function isOwnWrite(uri: vscode.Uri): boolean {
  return writing.has(uri.fsPath);
}
