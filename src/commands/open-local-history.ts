import * as vscode from 'vscode';
import type { Services } from '../hosts/vscode/services';
import { resolveTarget } from '../hosts/vscode/resolve-target';
import { readArgs } from './args';
import { announce, argPath, CommandOutcome } from './restore-support';

/** VS Code's own "Local History: Find Entry to Restore" picker (takes no argument). */
export const LOCAL_HISTORY_PICKER = 'workbench.action.localHistory.restoreViaPicker';

/**
 * "Open Local History for File": VS Code's own local history picker for the active file or
 * `{ path }`. The picker takes no argument and lists files most recently opened first, so
 * the file is opened (kept in the active group) just before; VS Code's picker then shows it
 * on top. Returns once the picker is shown; the picker itself stays open for the user.
 */
export async function openLocalHistoryCommand(services: Services, arg: unknown): Promise<CommandOutcome> {
  const args = readArgs(arg);
  let uri: vscode.Uri | undefined;
  const named = await argPath(services, args);
  if (named !== undefined) {
    const resolved = await resolveTarget(named, { forWrite: false, allowCreate: false, protectedDirs: [services.storageDir] });
    if (!resolved.ok) return announce({ ok: false, message: `Agent Safe Edit: ${resolved.failure.message}` });
    uri = resolved.target.uri;
  } else {
    uri = vscode.window.activeTextEditor?.document.uri;
  }
  if (uri && uri.scheme === 'file') await vscode.window.showTextDocument(uri, { preview: false, preserveFocus: false });
  const enabled = vscode.workspace.getConfiguration('workbench.localHistory', uri).get<boolean>('enabled', true);
  if (!enabled) return announce({ ok: false, message: 'VS Code\'s local history is turned off (setting "workbench.localHistory.enabled"), so it has no entries to show.' });
  // Not awaited: VS Code's command resolves only when its picker closes.
  Promise.resolve(vscode.commands.executeCommand(LOCAL_HISTORY_PICKER)).then(undefined, (e) => {
    void vscode.window.showErrorMessage(`Agent Safe Edit: VS Code's local history picker could not be opened: ${e instanceof Error ? e.message : String(e)}`);
  });
  return { ok: true, message: 'Opened VS Code\'s local history picker.', ...(uri ? { uri: uri.toString() } : {}) };
}
