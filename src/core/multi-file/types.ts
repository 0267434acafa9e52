/**
 * The multi-file plan every multi-file edit produces (an apply_patch text, a unified diff of
 * several files, several replacements): per file its action and new text, or one failure for
 * the whole call. The same shape as core/apply-patch's plan, so the tool level writes all of
 * them through one path.
 */
import type { ApplyPatchError, FilePlan } from '../apply-patch/types';
import type { ErrorType } from '../types';

/** A failure of a multi-file plan: apply_patch's fields, plus `edit` for replacements. */
export interface MultiFileError extends Omit<ApplyPatchError, 'type' | 'failed_files'> {
  type: Extract<ErrorType, 'INVALID_PATCH' | 'INVALID_INPUT' | 'AMBIGUOUS_MATCH' | 'NO_MATCH' | 'ELISION_BLOCKED' | 'FILE_NOT_FOUND' | 'FILE_EXISTS' | 'TOO_LARGE'>;
  /** 1-based index of the failing edit in `edits` (replace_in_file). */
  edit?: number;
  failed_files?: Array<{ path: string; hunk?: number; edit?: number; type: string; reason: string }>;
}

export type MultiFilePlan =
  | { ok: true; files: FilePlan[]; already_applied: boolean; notes?: string[] }
  | { ok: false; error: MultiFileError };
