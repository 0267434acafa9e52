import type { Services } from '../hosts/vscode/services';
import { hashedOf, MAX_RAW_BYTES } from '../engine/restore/restore-file';
import { unchangedSinceCheck } from '../engine/restore/restorable';
import type { TurnRestoreStep } from './turn-plan';
import type { HoldReason } from './turn-wording';

/**
 * Why a file of a turn is held back: unsaved changes in its editor (never overwritten), or
 * content written since the turn's last change of it (whoever wrote it: the user, another
 * program, a later turn), whatever the step would do to it (restore, delete, re-create). A file
 * held back is not picked unless the user picks it. Undefined when nothing holds it back. The
 * restore checks again under the file's lock; a file unreadable now is left to it to report.
 */
export async function holdOf(services: Services, step: TurnRestoreStep): Promise<HoldReason | undefined> {
  const resolved = await services.files.resolve(step.path, { forWrite: false, allowCreate: true });
  if (!resolved.ok) return undefined;
  const read = await services.files.readForRestore(resolved.target, services.settings().maxFileBytes, MAX_RAW_BYTES);
  if (!read.ok) return undefined;
  const current = read.current;
  if (current?.isDirty) return 'unsaved_changes';
  if (!unchangedSinceCheck(step.path, current && hashedOf(current), step.last).ok) return 'changed_since';
  return undefined;
}
