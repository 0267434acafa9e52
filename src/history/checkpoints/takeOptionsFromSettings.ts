import type { SafeEditSettings } from '../../core/settings/safe-edit-settings';
import { checkpointShareOf } from '../storeRetention';
import type { TakeOptions } from './takeCheckpoint';

/**
 * The settings a checkpoint reads (`safeEdit.checkpoints.*`, and `safeEdit.backups.maxTotalMB`
 * whose share bounds the total cap; already clamped by the settings policy).
 */
export type CheckpointSettings = Pick<SafeEditSettings, 'checkpointsMaxFileBytes' | 'checkpointsMaxTotalBytes' | 'backupsMaxTotalBytes'>;

/**
 * The take() options the user's settings ask for: the caps from the settings, the rest (the
 * excludes, a watcher's changed paths) as the caller gives them. The caps always come from
 * the settings, so no caller can take a checkpoint with caps the settings do not allow. The
 * total cap is `checkpoints.maxTotalBytes` or the checkpoints' share of the backup store's cap
 * (half of `backups.maxTotalMB`), whichever is less: one checkpoint cannot crowd the history
 * out of the store (Checkpoints.take applies the store's own share too).
 */
export function takeOptionsFromSettings(settings: CheckpointSettings, rest: Omit<TakeOptions, 'maxFileBytes' | 'maxTotalBytes'> = {}): TakeOptions {
  const maxTotalBytes = Math.min(settings.checkpointsMaxTotalBytes, checkpointShareOf(settings.backupsMaxTotalBytes));
  return { ...rest, maxFileBytes: settings.checkpointsMaxFileBytes, maxTotalBytes };
}
