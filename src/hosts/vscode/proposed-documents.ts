import * as vscode from 'vscode';

/** URI scheme of the read-only texts a consent's diff editor shows. */
export const PROPOSED_SCHEME = 'agent-safe-edit-proposed';
/** Texts kept for open diff editors; older ones read as a one-line note. */
const KEEP = 20;

/**
 * Serves the two sides of a consent's "Review Diff…": the text the agent's change applies to
 * and the text it proposes. Read-only by construction (a content provider's documents cannot
 * be saved), and in memory only: nothing proposed touches the disk before the user allows it.
 */
export class ProposedDocuments implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private next = 0;

  register(): vscode.Disposable {
    return vscode.workspace.registerTextDocumentContentProvider(PROPOSED_SCHEME, this);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.path) ?? '[Agent Safe Edit: this proposed text is no longer kept.]';
  }

  /** Opens a diff editor of `oldText` → `newText`; the file name keeps its extension for the language. */
  async openDiff(displayPath: string, oldText: string, newText: string): Promise<void> {
    const n = ++this.next;
    const name = displayPath.replace(/\\/g, '/').replace(/^\/+/, '');
    const left = this.put(`/${n}/current/${name}`, oldText);
    const right = this.put(`/${n}/proposed/${name}`, newText);
    await vscode.commands.executeCommand('vscode.diff', left, right, `${name}: current ↔ proposed by the agent (read-only)`, { preview: false });
  }

  private put(path: string, text: string): vscode.Uri {
    this.texts.set(path, text);
    while (this.texts.size > 2 * KEEP) {
      const oldest = this.texts.keys().next().value;
      if (oldest === undefined) break;
      this.texts.delete(oldest);
    }
    return vscode.Uri.from({ scheme: PROPOSED_SCHEME, path });
  }
}
