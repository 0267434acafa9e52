import type { Services } from '../hosts/vscode/services';
import { hashedOf, MAX_RAW_BYTES } from '../engine/restore/restore-file';
import { unchangedSinceCheck } from '../engine/restore/restorable';
import type { TurnRestoreStep } from './turn-plan';
import type { HoldReason } from './turn-wording';

/**
 * Why the preview already knows a file will be left alone: unsaved changes in its editor, or
 * (for a file the rollback would delete) content written since the turn's last change of it.
 * Undefined when nothing holds it back. Only a forecast for the preview: the restore checks
 * both again under the file's lock, and a file unreadable now is left to the restore to report.
 */
export async function holdOf(services: Services, step: TurnRestoreStep): Promise<HoldReason | undefined> {
  const resolved = await services.files.resolve(step.path, { forWrite: false, allowCreate: true });
  if (!resolved.ok) return undefined;
  const read = await services.files.readForRestore(resolved.target, services.settings().maxFileBytes, MAX_RAW_BYTES);
  if (!read.ok) return undefined;
  const current = read.current;
  if (current?.isDirty) return 'unsaved_changes';
  if (step.action === 'delete' && current !== undefined && !unchangedSinceCheck(step.path, hashedOf(current), step.last).ok) return 'changed_since';
  return undefined;
}
