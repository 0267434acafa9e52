import type { WorkBudget } from '../patch/work-meter';
/**
 * Types of the apply_patch (V4A) engine: the parsed patch, and the per-file plan or the
 * failure it produces. Failures are values; nothing here throws on bad input.
 */
import type { HunkLine } from '../patch/parse';
import type { EngineError, HunkPlacement, Tier } from '../patch/types';
import type { ErrorType } from '../types';

/** One update chunk: the `@@` anchors before it, its body lines, and the End of File marker. */
export interface Chunk {
  /** 1-based number of the chunk within its file section: the "hunk" failures name. */
  index: number;
  /** Anchor lines (`@@ class Foo`), outermost first; each is located after the previous one. */
  anchors: string[];
  lines: HunkLine[];
  /** `*** End of File` followed the chunk: its old side must end at the file's last line. */
  atEnd: boolean;
  /** 1-based line of the patch text where the chunk starts (for messages). */
  patchLine: number;
}

export type FileOp =
  | { kind: 'add'; path: string; lines: string[] }
  | { kind: 'delete'; path: string }
  | { kind: 'update'; path: string; moveTo?: string; chunks: Chunk[] };

export type ParsedPatch = { ok: true; ops: FileOp[]; notes: string[] } | { ok: false; message: string; line?: number };

export type FileAction = 'add' | 'update' | 'delete' | 'move';

/** What one file becomes. `text` is absent for a delete; `move_to` only for a move. */
export interface FilePlan {
  path: string;
  action: FileAction;
  /** The file's complete new text (for a move: the text written at `move_to`). */
  text?: string;
  /**
   * The exact bytes to write (add and update only), with `text` when they are text: a rollback
   * to a backup kept as bytes (not text, or bytes an editor's save might not keep as they are).
   */
  bytes?: Uint8Array;
  move_to?: string;
  /** Where each chunk landed (update and move). */
  hunks?: HunkPlacement[];
  /** Chunks whose result was already in the file: not applied again. */
  already_applied_hunks?: number[];
  /** True when the plan leaves this file as it is (every chunk, or the added file, already there). */
  unchanged?: boolean;
  tolerance?: Tier;
  notes?: string[];
}

/** The failure types this engine returns: a subset of the tools' closed set (core/types.ts). */
export type ApplyPatchErrorType = Extract<ErrorType, 'INVALID_PATCH' | 'AMBIGUOUS_MATCH' | 'NO_MATCH' | 'ELISION_BLOCKED' | 'FILE_NOT_FOUND' | 'FILE_EXISTS' | 'TOO_LARGE' | 'INVALID_INPUT'>;

/** As the unified-diff engine's EngineError (same fields), with the file named. */
export interface ApplyPatchError {
  type: ApplyPatchErrorType;
  message: string;
  /** 1-based chunk number within the file's section. */
  hunk?: number;
  line?: string;
  found?: EngineError['found'];
  candidates?: number[];
  /** A hunk that reads both as a first application and as a repeat: where each would be (core/already-applied.ts). */
  readings?: { first_application_at: number[]; already_applied_at: number[] };
  applicable_hunks?: number[];
  failed_hunks?: { hunk: number; reason: string }[];
  /** 1-based line of the patch text a parse failure points at. */
  patch_line?: number;
  /** The file section that failed (its `*** ... File:` path). */
  path?: string;
  /** Every file that failed, with its hunk and reason (the first is the one above). */
  failed_files?: Array<{ path: string; hunk?: number; type: ApplyPatchErrorType; reason: string }>;
  /** Files whose part of the patch would have applied on its own. */
  applicable_files?: string[];
  /** TOO_LARGE: the count limit the call passed (hunks or edits per call), and the count. */
  limit?: number;
  hunk_count?: number;
  /** TOO_LARGE: the work budget this file's placement passed (see core/patch/work-meter.ts). */
  work_limit?: number;
}

export type ApplyPatchPlan =
  | {
      ok: true;
      files: FilePlan[];
      /** Every change of the patch is already in the files: applying the plan changes nothing. */
      already_applied: boolean;
      notes?: string[];
    }
  | { ok: false; error: ApplyPatchError };

/** How a plan is computed (the engine's answer does not depend on it, only whether it is cut off). */
export interface PlanOptions {
  /** The work budget's fixed allowance, and where a passed limit is recorded (see core/patch/work-meter.ts). */
  workBudget?: WorkBudget;
}

/** The current text of a workspace-relative path, or undefined when no such file exists. */
export type ReadFile = (path: string) => string | undefined;
