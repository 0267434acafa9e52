import type { SafeEditSettings } from '../../core/settings/safe-edit-settings';
import type { TakeOptions } from './takeCheckpoint';

/** The settings a checkpoint reads (`safeEdit.checkpoints.*`, already clamped by the settings policy). */
export type CheckpointSettings = Pick<SafeEditSettings, 'checkpointsMaxFileBytes' | 'checkpointsMaxTotalBytes'>;

/**
 * The take() options the user's settings ask for: the caps from the settings, the rest (the
 * excludes, a watcher's changed paths) as the caller gives them. The caps always come from
 * the settings, so no caller can take a checkpoint with caps the settings do not allow.
 */
export function takeOptionsFromSettings(settings: CheckpointSettings, rest: Omit<TakeOptions, 'maxFileBytes' | 'maxTotalBytes'> = {}): TakeOptions {
  return { ...rest, maxFileBytes: settings.checkpointsMaxFileBytes, maxTotalBytes: settings.checkpointsMaxTotalBytes };
}
