import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { backupUri } from './backup-documents';

/** URI scheme of the read-only documents that hold a command's proposed text (before it is written). */
export const PROPOSED_SCHEME = 'agent-safe-edit-proposed';

/** Proposed texts by URI, kept while the command that proposed them waits for the answer. */
const proposed = new Map<string, string>();

/** Serves the proposed documents; read-only by construction (a content provider's documents cannot be saved). */
export function registerProposedDocuments(): vscode.Disposable {
  return vscode.workspace.registerTextDocumentContentProvider(PROPOSED_SCHEME, {
    provideTextDocumentContent: (uri) => proposed.get(uri.toString()) ?? '',
  });
}

/**
 * Opens a diff editor of a file as it is on disk (an empty document when it does not exist)
 * against the text a command proposes for it; `label` names it in the title (a path with `~/`
 * for the user's own files). Returns a function that forgets the proposed text.
 */
export async function showProposedDiff(absPath: string, label: string, text: string, n: number): Promise<() => void> {
  const uri = vscode.Uri.from({ scheme: PROPOSED_SCHEME, path: `/${label.replace(/^[~/]+/, '')}`, query: `n=${n}&t=${Date.now()}` });
  proposed.set(uri.toString(), text);
  const left = fs.existsSync(absPath) ? vscode.Uri.file(absPath) : backupUri(label.replace(/^[~/]+/, ''), 'empty');
  await vscode.commands.executeCommand('vscode.diff', left, uri, `${label} (current ↔ proposed by Agent Safe Edit)`, { preview: false });
  return () => proposed.delete(uri.toString());
}
