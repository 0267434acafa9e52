import * as fs from 'node:fs';
import * as vscode from 'vscode';
import { serveHooks } from '../headless/hook-endpoint';
import type { Services } from '../hosts/vscode/services';

/**
 * Other agents' hooks (`agent-safe-edit hook`, run by Claude Code, Codex, Cursor, gemini-cli or
 * Copilot around their own tools) hand their events to this window while it has their folder
 * open, so their writes land in the history this window shows and Roll Back Agent Turn reaches
 * them — the store is this window's while it runs, and a hook must not open it. The listener's
 * record names every file folder of the workspace, kept in step with the folders.
 */
export function registerHookWindow(context: vscode.ExtensionContext, services: Services): void {
  const writers = services.writers;
  if (!writers) return;
  const realRoots = () => (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').flatMap((f) => {
    try {
      return [fs.realpathSync.native(f.uri.fsPath)];
    } catch {
      return [];
    }
  });
  const serving = serveHooks(realRoots(), (call) => writers.hookedCall(call), services.log).then(
    (served) => {
      services.log(`[hooks] other agents' hooks reach this window for ${served.roots().join(', ') || 'no folder yet'}`);
      return served;
    },
    (e: unknown) => {
      services.log(`[hooks] other agents' hooks cannot reach this window: ${(e as Error).message}`);
      return undefined;
    },
  );
  context.subscriptions.push(
    vscode.workspace.onDidChangeWorkspaceFolders(() => void serving.then((s) => s?.publish(realRoots()))),
    { dispose: () => void serving.then((s) => s?.close()) },
  );
}
