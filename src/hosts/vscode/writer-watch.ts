import * as vscode from 'vscode';
import type { WriterRecorder } from '../../engine/writers/writer-recorder';

/** Files stay quiet this long before the changes are settled (or the base checkpoint refreshed). */
const SETTLE_AFTER_MS = 1500;

/**
 * Feeds the writer recorder from VS Code: a file watcher over the workspace (any writer: the
 * terminal, tasks, other programs), debounced into one settle once files are quiet; and what the
 * editor tells about who wrote: a manual save, or typing in the focused active editor, is the
 * user's; a change that leaves a document unsaved in an editor the user is not typing in, while
 * a turn goes on, is taken for an agent's own edit tool (VS Code does not say which extension
 * made an edit, so this is a heuristic, and the tool's name stays unknown).
 */
export function watchWriters(recorder: WriterRecorder): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      void recorder.settleQuiet();
    }, SETTLE_AFTER_MS);
  };
  const watcher = vscode.workspace.createFileSystemWatcher('**/*');
  const isUserTyping = (doc: vscode.TextDocument) => vscode.window.state.focused && vscode.window.activeTextEditor?.document === doc;
  const subs: vscode.Disposable[] = [
    watcher,
    watcher.onDidCreate(later), watcher.onDidChange(later), watcher.onDidDelete(later),
    vscode.workspace.onWillSaveTextDocument((e) => {
      if (e.document.uri.scheme === 'file' && e.reason === vscode.TextDocumentSaveReason.Manual) recorder.noteWriter(e.document.uri.fsPath, { kind: 'user' });
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.document.uri.scheme !== 'file' || e.contentChanges.length === 0) return;
      if (isUserTyping(e.document)) recorder.noteWriter(e.document.uri.fsPath, { kind: 'user' });
      else if (e.document.isDirty && recorder.inTurn()) recorder.noteAgentWrite(e.document.uri.fsPath, { kind: 'agent_tool' });
    }),
  ];
  // The first checkpoint, in the background: a turn's base.
  later();
  return vscode.Disposable.from(...subs, { dispose: () => timer && clearTimeout(timer) });
}
