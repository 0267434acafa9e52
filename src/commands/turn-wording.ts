import type { TurnFileAction } from './turn-plan';

/** Roll Back Agent Turn undoes a turn; Redo Agent Turn undoes the newest turn rollback. */
export type TurnMode = 'rollback' | 'redo';

/** Why a file of a turn is left as it is. */
export type HoldReason = 'unsaved_changes' | 'changed_since';

/** What happens to one file, as the preview and the outcome say it. Pure. */
export function actionText(action: TurnFileAction, mode: TurnMode): string {
  if (mode === 'rollback') {
    switch (action) {
      case 'restore': return 'restored to its state before the turn';
      case 'delete': return 'deleted because the turn created it';
      case 'recreate': return 're-created because the turn deleted it';
    }
  }
  switch (action) {
    case 'restore': return "restored to the turn's result";
    case 'delete': return 'deleted again (the turn had deleted it)';
    case 'recreate': return 're-created (the turn had created it)';
  }
}

/** Why a file is skipped, in the words of the preview and the outcome. Pure. */
export function holdText(reason: HoldReason): string {
  return reason === 'unsaved_changes'
    ? 'skipped: it has unsaved changes in the editor (save or revert them first)'
    : 'held back: it has changed since the turn (pick it to put it back anyway; what it holds now is backed up first)';
}
