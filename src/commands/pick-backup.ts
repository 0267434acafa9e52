import { changeKindOf } from '../history/types';
import { writerLabel } from '../history/writerLabel';
import * as vscode from 'vscode';
import type { JournalEntry } from '../history/types';
import { ago, restorableEntries } from '../engine/restore/restorable';
import type { Services } from '../hosts/vscode/services';
import { openBackupDiff } from './backup-diff';

/** Asks for a file that has restorable agent edits, newest first. Undefined when dismissed or when there is none (then says so). */
export async function pickFileWithBackups(services: Services, placeHolder: string): Promise<string | undefined> {
  const now = Date.now();
  const items = services.store.listFiles()
    .map((f) => ({ file: f, count: restorableEntries(services.store.list(f.path)).length }))
    .filter((x) => x.count > 0)
    .map((x) => ({
      label: `$(file) ${x.file.path}`,
      description: `${x.count} revision${x.count === 1 ? '' : 's'} · last ${ago(now - x.file.last_time)}`,
      path: x.file.path,
    }));
  if (items.length === 0) {
    void vscode.window.showInformationMessage('Agent Safe Edit: no agent edits are recorded in this workspace, so there is nothing to restore.');
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(items, { placeHolder, matchOnDescription: true });
  return picked?.path;
}

/** One picker row per revision: time, tool, ± lines, size. */
export function revisionItem(entry: JournalEntry, revision: number, now: number): vscode.QuickPickItem & { entry: JournalEntry } {
  const created = changeKindOf(entry) === 'create';
  return {
    label: `$(history) ${revision}: before ${writerLabel(entry)}`,
    description: `${new Date(entry.time).toLocaleString()} · ${ago(now - entry.time)}`,
    detail: `${created ? 'file did not exist yet' : `${entry.bytes} bytes`} · edit was +${entry.lines_added}/−${entry.lines_removed} lines${entry.outcome === 'interrupted' ? ' · interrupted' : ''} · id ${entry.id}`,
    entry,
  };
}

/**
 * Asks for a revision of one file (index 0 = before the newest edit). While the user moves
 * through the list, a diff editor previews that backup against the current file, without
 * taking the focus from the picker. Undefined when dismissed.
 */
export async function pickRevision(services: Services, entries: JournalEntry[], title: string, options: { preview: boolean }): Promise<JournalEntry | undefined> {
  const now = Date.now();
  const pick = vscode.window.createQuickPick<vscode.QuickPickItem & { entry: JournalEntry }>();
  pick.title = title;
  pick.placeholder = options.preview ? 'Choose the state to go back to (the diff shows that backup against the current file)' : 'Choose a backup';
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  pick.ignoreFocusOut = true;
  pick.items = entries.map((e, i) => revisionItem(e, i, now));
  const disposables: vscode.Disposable[] = [pick];
  try {
    return await new Promise<JournalEntry | undefined>((resolve) => {
      if (options.preview) {
        disposables.push(pick.onDidChangeActive((active) => {
          const item = active[0];
          // A preview that fails to open must not break the picker.
          if (item) openBackupDiff(services, item.entry, { preview: true }).then(undefined, () => undefined);
        }));
      }
      disposables.push(pick.onDidAccept(() => { resolve(pick.selectedItems[0]?.entry ?? pick.activeItems[0]?.entry); pick.hide(); }));
      disposables.push(pick.onDidHide(() => resolve(undefined)));
      pick.show();
    });
  } finally {
    for (const d of disposables) d.dispose();
  }
}
