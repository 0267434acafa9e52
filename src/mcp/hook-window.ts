import * as vscode from 'vscode';
import { serveHooks, ServedHooks } from '../headless/hook-endpoint';
import type { Services } from '../hosts/vscode/services';

/**
 * Other agents' hooks (`agent-safe-edit hook`, run by Claude Code, Codex, Cursor, gemini-cli or
 * Copilot around their own tools) hand their events to this window while it has their folder
 * open, so their writes land in the history this window shows and Roll Back Agent Turn reaches
 * them — the store is this window's while it runs, and a hook must not open it. The listener's
 * record names every file folder of the workspace, kept in step with the folders; the setting
 * safeEdit.hooks.recordInWindow starts and stops it.
 */
export function registerHookWindow(context: vscode.ExtensionContext, services: Services): void {
  const writers = services.writers;
  if (!writers) return;
  const realRoots = () => services.historyFolders();
  // One start or stop at a time, in order.
  let serving: Promise<ServedHooks | undefined> = Promise.resolve(undefined);
  const apply = () => {
    serving = serving.then(async (served) => {
      const want = services.settings().hooksRecordInWindow;
      if (want && !served) {
        try {
          const started = await serveHooks(realRoots(), (call) => writers.hookedCall(call), services.log, undefined, {
            role: 'window',
            // A newer window on the folder asks for its history: no more hooks here, the store let go.
            release: () => {
              serving = serving.then(async (s) => {
                await s?.close();
                await services.handOver();
                return undefined;
              });
            },
          });
          services.log(`[hooks] other agents' hooks reach this window for ${started.roots().join(', ') || 'no folder yet'}`);
          return started;
        } catch (e) {
          services.log(`[hooks] other agents' hooks cannot reach this window: ${(e as Error).message}`);
          return undefined;
        }
      }
      if (!want && served) {
        await served.close();
        services.log("[hooks] other agents' hooks no longer reach this window (safeEdit.hooks.recordInWindow is off)");
        return undefined;
      }
      served?.publish(realRoots());
      return served;
    });
  };
  apply();
  context.subscriptions.push(
    vscode.workspace.onDidChangeWorkspaceFolders(apply),
    vscode.workspace.onDidChangeConfiguration((e) => { if (e.affectsConfiguration('safeEdit.hooks.recordInWindow')) apply(); }),
    { dispose: () => void serving.then((s) => s?.close()) },
  );
}
