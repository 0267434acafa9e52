import type { Result } from '../core/types';
import type { PlannedEdit } from '../tools/edit-requests';
import type { DiskBytes, DiskText } from '../workspace/disk-text';
import type { HeadlessTarget } from './target';
import type { ToolResultJson } from '../tools/tool-result';

export type { EditPlan } from '../tools/edit-requests';

/** One single-file edit (the extension's PlannedEdit) with what only a rollback adds, without VS Code. */
export interface HeadlessEditRequest extends PlannedEdit {
  /** Checked under the lock on the content just read, before anything else (the rollback's hash protocol). */
  precheck?(current: DiskText | DiskBytes | undefined): Result<{}>;
  /** Called under the lock instead of failing when the file cannot be read as text (a rollback writes over it). */
  onUnreadable?(target: HeadlessTarget): Promise<ToolResultJson>;
}
