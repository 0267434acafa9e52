import type { LineRange } from '../core/excerpt';
import type { Result } from '../core/types';
import type { DiskBytes, DiskText } from './disk-text';
import type { HeadlessTarget } from './target';
import type { ToolResultJson } from '../tools/tool-result';

/** What an editing tool computed from the current text (as tools/edit-pipeline.ts's EditPlan). */
export interface EditPlan {
  newText: string;
  /** 1-based ranges of the NEW text that changed (for the excerpt). */
  changed: LineRange[];
  summary: string;
  details?: Record<string, unknown>;
}

/** One single-file edit (as tools/edit-pipeline.ts's EditRequest, without VS Code). */
export interface HeadlessEditRequest {
  tool: string;
  path: string;
  baseSha256?: string;
  allowCreate?: boolean;
  createDirs?: boolean;
  requireBaseForExisting?: boolean;
  skipValidation?: boolean;
  allowSizeReduce?: boolean;
  /** Checked under the lock on the content just read, before anything else (the rollback's hash protocol). */
  precheck?(current: DiskText | DiskBytes | undefined): Result<{}>;
  /** Called under the lock instead of failing when the file cannot be read as text (a rollback writes over it). */
  onUnreadable?(target: HeadlessTarget): Promise<ToolResultJson>;
  plan(current: string | undefined): Result<{ plan: EditPlan }>;
}
