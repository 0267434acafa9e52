import * as vscode from 'vscode';
import type { Services } from '../hosts/vscode/services';
import { openRestoreDiff } from './backup-diff';
import type { TurnRestoreStep } from './turn-plan';
import { actionText, holdText, HoldReason, TurnMode } from './turn-wording';

/** One file of the preview: the step, and why it is held back if the preview already knows. */
export interface PreviewFile {
  step: TurnRestoreStep;
  hold?: HoldReason;
}

type Item = vscode.QuickPickItem & { file: PreviewFile };

const DIFF_BUTTON: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('diff'), tooltip: 'Open diff: current ↔ what it will become' };

/**
 * The preview of a turn rollback (or redo): one row per file with its writer and what happens
 * to it, every file picked except those held back (listed, with why); `preselect` narrows the
 * picks to the paths a caller named. Moving through the rows previews each file's diff (current
 * ↔ what it will become) without taking the focus; a row's diff button opens it in a tab.
 * Accepting returns the picked files; undefined when dismissed.
 */
export async function previewTurnFiles(services: Services, files: readonly PreviewFile[], mode: TurnMode, preselect?: readonly string[]): Promise<TurnRestoreStep[] | undefined> {
  const pick = vscode.window.createQuickPick<Item>();
  pick.title = mode === 'rollback' ? 'Roll Back Agent Turn: the files it changed' : 'Redo Agent Turn: the files its rollback changed';
  pick.placeholder = 'Pick the files to put back, then press Enter (each row: writer · what happens; the diff shows current ↔ result)';
  pick.canSelectMany = true;
  pick.matchOnDescription = true;
  pick.matchOnDetail = true;
  pick.ignoreFocusOut = true;
  const items: Item[] = files.map((file) => ({
    label: `$(file) ${file.step.path}`,
    description: `${file.step.writers.join(', ')} · ${actionText(file.step.action, mode)}`,
    ...(file.hold ? { detail: holdText(file.hold) } : file.step.usersOwn ? { detail: 'you changed this file during the turn: not picked unless you pick it' } : {}),
    buttons: [DIFF_BUTTON],
    file,
  }));
  pick.items = items;
  // The user's own changes are listed, never picked for them: they pick those themselves.
  // A file held back is picked only when the caller named it (unsaved changes never: the restore would refuse).
  pick.selectedItems = items.filter((i) => (preselect ? preselect.includes(i.file.step.path) && i.file.hold !== 'unsaved_changes' : !i.file.hold && !i.file.step.usersOwn));
  const diff = (item: Item, preview: boolean) => {
    const { step } = item.file;
    // A diff that fails to open must not break the preview.
    openRestoreDiff(services, step.path, step.entry, step.action === 'delete', { preview }).then(undefined, () => undefined);
  };
  const disposables: vscode.Disposable[] = [pick];
  try {
    return await new Promise<TurnRestoreStep[] | undefined>((resolve) => {
      disposables.push(pick.onDidChangeActive((active) => { if (active[0]) diff(active[0], true); }));
      disposables.push(pick.onDidTriggerItemButton((e) => diff(e.item, false)));
      disposables.push(pick.onDidAccept(() => { resolve(pick.selectedItems.map((i) => i.file.step)); pick.hide(); }));
      disposables.push(pick.onDidHide(() => resolve(undefined)));
      pick.show();
      // A multi-select list starts with no active row: make the first one active, so its diff shows at once.
      if (items[0]) pick.activeItems = [items[0]];
    });
  } finally {
    for (const d of disposables) d.dispose();
  }
}
