import * as vscode from 'vscode';
import type { Services } from '../hosts/vscode/services';
import { readArgs } from './args';
import { announce, argPath, cancelled, CommandOutcome, confirmModal } from './restore-support';

/**
 * "Clear Backups…": deletes the backups of every file, or of one file (`{ path }` or a tree
 * file item). Without an argument the user picks "all" or a file. Always a modal
 * confirmation (it cannot be undone), unless `{ confirm: false }`.
 */
export async function clearBackupsCommand(services: Services, arg: unknown): Promise<CommandOutcome> {
  const args = readArgs(arg);
  let path = await argPath(services, args);
  if (path === undefined && args.confirm !== false) {
    const choice = await pickScope(services);
    if (choice === undefined) return cancelled();
    path = choice.path;
  }
  const scope = path === undefined ? 'all agent-edit backups in this workspace' : `the backups of ${path}`;
  const yes = await confirmModal(services, args.confirm, `Delete ${scope}?`, 'The files themselves are not changed, but their earlier states can then no longer be restored from Agent Safe Edit. This cannot be undone. (VS Code\'s own local history is not affected.)', 'Delete Backups');
  if (!yes) return cancelled();
  const cleared = await services.store.clear(path);
  if (!cleared.ok) return announce({ ok: false, message: `Agent Safe Edit: the backups could not be cleared: ${cleared.failure.message}` });
  const message = `Agent Safe Edit: deleted ${cleared.removed} backup entr${cleared.removed === 1 ? 'y' : 'ies'}${path === undefined ? '' : ` of ${path}`}.`;
  services.activity.note({ time: Date.now(), kind: 'reset', tool: 'command', ...(path !== undefined ? { path } : {}), message });
  return announce({ ok: true, message, removed: cleared.removed, ...(path !== undefined ? { path } : {}) });
}

async function pickScope(services: Services): Promise<{ path?: string } | undefined> {
  const files = services.store.listFiles();
  const total = files.reduce((n, f) => n + f.entries, 0);
  const items: (vscode.QuickPickItem & { path?: string })[] = [
    { label: '$(clear-all) All files', description: `${total} entr${total === 1 ? 'y' : 'ies'} in ${files.length} file${files.length === 1 ? '' : 's'}` },
    ...files.map((f) => ({ label: `$(file) ${f.path}`, description: `${f.entries} entr${f.entries === 1 ? 'y' : 'ies'}`, path: f.path })),
  ];
  return vscode.window.showQuickPick(items, { placeHolder: 'Clear the backups of which files?' });
}
