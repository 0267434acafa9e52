import * as vscode from 'vscode';
import type { Services } from '../hosts/vscode/services';

/** URI scheme of our read-only backup documents: `agent-safe-edit-backup:/<path>?sha=<sha256>`. */
export const BACKUP_SCHEME = 'agent-safe-edit-backup';

/**
 * The URI of a stored text. The path keeps the file's name (so the editor picks its language)
 * and the sha256 names the text; `sha` "empty" stands for an empty document (a file that does
 * not exist).
 */
export function backupUri(path: string, sha256: string | 'empty'): vscode.Uri {
  return vscode.Uri.from({ scheme: BACKUP_SCHEME, path: `/${path.replace(/^\/+/, '')}`, query: `sha=${sha256}` });
}

/**
 * Serves backup documents from the store. Read-only by construction: a content provider's
 * documents cannot be saved. A text that can no longer be read gives a one-line explanation
 * instead of a wrong text (the store verifies every byte).
 */
export function registerBackupDocuments(services: Services): vscode.Disposable {
  const provider: vscode.TextDocumentContentProvider = {
    async provideTextDocumentContent(uri: vscode.Uri): Promise<string> {
      const sha = new URLSearchParams(uri.query).get('sha') ?? '';
      if (sha === 'empty') return '';
      const read = await services.store.readText(sha);
      return read.ok ? read.text : `[Agent Safe Edit: this backup cannot be shown: ${read.failure.message}]`;
    },
  };
  return vscode.workspace.registerTextDocumentContentProvider(BACKUP_SCHEME, provider);
}
