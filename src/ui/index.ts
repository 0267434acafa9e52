import * as vscode from 'vscode';
import type { Services } from '../hosts/vscode/services';
import { DashboardController } from './dashboardPanel';
import { debounce } from './debounce';
import { HistoryTreeProvider } from './historyTree';
import * as nodePath from 'node:path';
import { SessionTally } from './sessionTally';
import { StatusBarController } from './statusBar';

export { DashboardController } from './dashboardPanel';
export { EntryItem, FileItem, HistoryTreeProvider } from './historyTree';
export { StatusBarController, statusText } from './statusBar';
export type { DashboardState } from './dashboardState';

/** The handle registerUi returns (the extension exports it as `ui`, for tests). */
export interface UiHandle {
  history: HistoryTreeProvider;
  historyView: vscode.TreeView<unknown>;
  dashboard: DashboardController;
  statusBar: StatusBarController;
  tally: SessionTally;
}

/** Environment variable that makes a development/test host run the scripted session (browser test). */
export const SCRIPTED_SESSION_ENV = 'ASE_UI_SCRIPTED_SESSION';
const SCRIPTED_SESSION_COMMAND = 'agentSafeEdit.test.runScriptedSession';

/**
 * Registers the Edit History tree, the dashboard command and panel, and the status bar item;
 * all are refreshed live from the activity log (which fires after every tool call and every
 * command-palette rollback). Everything is disposed through `context.subscriptions`.
 */
export function registerUi(context: vscode.ExtensionContext, services: Services): UiHandle {
  const tally = new SessionTally(services.activity);
  const history = new HistoryTreeProvider(services.store);
  const historyView = vscode.window.createTreeView('agentSafeEdit.history', { treeDataProvider: history, showCollapseAll: true });
  const refreshHistory = debounce(() => history.refresh(), 100);
  const dashboard = new DashboardController(services, tally);
  const statusBar = new StatusBarController(services.activity, tally);
  context.subscriptions.push(
    { dispose: () => tally.dispose() },
    history,
    historyView,
    { dispose: () => refreshHistory.dispose() },
    services.activity.onChange(() => refreshHistory()),
    dashboard,
    statusBar,
    vscode.commands.registerCommand('agentSafeEdit.openDashboard', () => { dashboard.open(); }),
    vscode.commands.registerCommand('agentSafeEdit.history.refresh', () => { history.refresh(); void dashboard.push(); statusBar.update(); }),
  );
  registerTestHooks(context);
  return { history, historyView: historyView as vscode.TreeView<unknown>, dashboard, statusBar, tally };
}

/**
 * Test-only: never in a production (installed) extension. In test mode a command runs the
 * scripted session; in a development host started with ASE_UI_SCRIPTED_SESSION=<folder>
 * (the browser test) the session runs once on its own after activation, since code-server's
 * command palette does not list commands missing from package.json.
 */
function registerTestHooks(context: vscode.ExtensionContext): void {
  if (context.extensionMode === vscode.ExtensionMode.Production) return;
  const folder = process.env[SCRIPTED_SESSION_ENV];
  if (context.extensionMode !== vscode.ExtensionMode.Test && !folder) return;
  // The session is test code (test/ui-session/), bundled beside the extension only by
  // development builds; loaded at run time so that it is never part of dist/extension.js.
  const bundle = nodePath.join(context.extensionPath, 'dist', 'test-hooks', 'scripted-session.js');
  const runScriptedSession = (dir: string): Promise<{ steps: string[] }> =>
    (require(bundle) as { runScriptedSession(dir: string): Promise<{ steps: string[] }> }).runScriptedSession(dir);
  context.subscriptions.push(vscode.commands.registerCommand(SCRIPTED_SESSION_COMMAND, (dir?: unknown) => runScriptedSession(typeof dir === 'string' ? dir : folder ?? 'agent-session')));
  if (folder) {
    setTimeout(() => {
      runScriptedSession(folder).then(
        (r) => console.log(`[agent-safe-edit] scripted session done: ${r.steps.join(',')}`),
        (e) => void vscode.window.showErrorMessage(`Agent Safe Edit scripted session failed: ${e instanceof Error ? e.message : String(e)}`),
      );
    }, 500);
  }
}
