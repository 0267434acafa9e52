import * as vscode from 'vscode';
import type { WriterRecorder } from '../../engine/writers/writer-recorder';
import type { Writer } from '../../history/types';
import { isOwnWrite } from './own-writes';

/** Files stay quiet this long before the changes are settled (or the base checkpoint refreshed). */
const SETTLE_AFTER_MS = 1500;

/**
 * The documents Copilot's chat editing session opens for each file its own tools edit (measured
 * in VS Code 1.139 with Copilot Chat 0.67, test/client/copilot-writers.test.ts): the only sign in
 * the extension API that the chat, not the user or a program, wrote the file. Their path is the file's.
 */
const CHAT_EDITING_SCHEMES = new Set(['chat-editing-text-model', 'chat-editing-snapshot-text-model']);
const COPILOT_EDIT: Writer = { kind: 'agent_tool', name: 'copilot:chat editing' };

export interface WriterWatchOptions {
  /** safeEdit.writers.recordTurns: when off, nothing is watched (execute_program takes its own checkpoints). */
  enabled: () => boolean;
  /** A watcher's or editor's path in the form the checkpoints use (the folder's real path). */
  checkpointPath: (abs: string) => string;
}

/**
 * Feeds the writer recorder from VS Code: a file watcher over the workspace (any writer: the
 * terminal, tasks, other programs), debounced into one settle once files are quiet; and what the
 * editor tells about who wrote. Copilot's chat editing session documents name the files its own
 * tools edit; typing in the focused active editor is the user's; another change that leaves a
 * document unsaved is taken for an agent's own edit tool (VS Code does not say which extension
 * made an edit, so this is a heuristic, and the tool's name stays unknown); a manual save alone
 * is the user's unless an agent's edit is what it saved (Copilot's Keep saves that way).
 */
export function watchWriters(recorder: WriterRecorder, options: WriterWatchOptions): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const later = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (options.enabled()) void recorder.settleQuiet();
    }, SETTLE_AFTER_MS);
  };
  const event = (uri: vscode.Uri) => {
    if (uri.scheme !== 'file' || !options.enabled()) return;
    recorder.noteEvent(options.checkpointPath(uri.fsPath));
    later();
  };
  const watcher = vscode.workspace.createFileSystemWatcher('**/*');
  const isUserTyping = (doc: vscode.TextDocument) => vscode.window.state.focused && vscode.window.activeTextEditor?.document === doc;
  // Copilot saves its edits itself (no dirty document is ever seen): its editing session's documents say who wrote.
  const chatEdit = (doc: vscode.TextDocument) => {
    if (!CHAT_EDITING_SCHEMES.has(doc.uri.scheme) || !options.enabled()) return;
    recorder.noteWriter(options.checkpointPath(vscode.Uri.file(doc.uri.path).fsPath), COPILOT_EDIT, 'edited');
  };
  const subs: vscode.Disposable[] = [
    watcher,
    vscode.workspace.onDidOpenTextDocument(chatEdit),
    watcher.onDidCreate(event), watcher.onDidChange(event), watcher.onDidDelete(event),
    // Turned on: a fresh base from a full walk (nothing was watched meanwhile, so those changes are nobody's turn).
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('safeEdit.writers.recordTurns') && options.enabled()) void recorder.rebase();
    }),
    vscode.workspace.onWillSaveTextDocument((e) => {
      // Our own write's save is journaled by its transaction: evidence of no one.
      if (e.document.uri.scheme !== 'file' || !options.enabled() || isOwnWrite(e.document.uri)) return;
      // A save of a document without unsaved changes changes nothing (Copilot's Keep saves that way).
      if (e.reason === vscode.TextDocumentSaveReason.Manual && e.document.isDirty) recorder.noteWriter(options.checkpointPath(e.document.uri.fsPath), { kind: 'user' }, 'saved');
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (CHAT_EDITING_SCHEMES.has(e.document.uri.scheme)) return chatEdit(e.document);
      if (e.document.uri.scheme !== 'file' || e.contentChanges.length === 0 || !options.enabled() || isOwnWrite(e.document.uri)) return;
      const abs = options.checkpointPath(e.document.uri.fsPath);
      // A document reloaded from disk (another writer saved the file) changes without unsaved changes: nobody typed.
      if (!e.document.isDirty) return;
      if (isUserTyping(e.document)) recorder.noteWriter(abs, { kind: 'user' }, 'typed');
      else recorder.noteWriter(abs, { kind: 'agent_tool' }, 'edited');
    }),
  ];
  // The first checkpoint, in the background: a turn's base.
  if (options.enabled()) later();
  return vscode.Disposable.from(...subs, { dispose: () => timer && clearTimeout(timer) });
}
