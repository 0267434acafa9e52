import { errorClassOf } from '../../core/catalog/errors';
import { excerptAround } from '../../core/excerpt';
import { checkFinalText } from '../../core/final-text-guard';
import { fail, Result } from '../../core/types';
import type { BackupStore } from '../../history/backupStore';
import type { SafeEditSettings } from '../../core/settings';
import type { EditPlan, PlannedEdit } from './edit-requests';
import { hashMismatchResult } from '../results/hash-mismatch';
import { alreadyAppliedOnKnownBase, unchangedResult } from './already-applied';
import { failureResult, ToolResultJson } from '../results/tool-result';
import { CandidateCheck, checkCandidate } from './validate-candidate';

/** What every single-file edit passes before consent and the write, whoever runs it. */
export interface EditCheckInput {
  req: PlannedEdit;
  path: string;
  /** The file as read under its lock; undefined when it does not exist. */
  current: { text: string; sha256: string; mode?: number } | undefined;
  /** The mode the edit leaves the file with (a rollback's): a file with the same text but another mode still changes. */
  leavesMode?: number;
  store: BackupStore;
  settings: SafeEditSettings;
  /** The caller's own check of the current state (the rollback's hash protocol), after the base checks. */
  precheck?: () => Result<{}>;
  languageId: string;
  /** The file's folder on disk (for validators). */
  sourceDir: string;
  /** Journals a refused or failed attempt (nothing was written). */
  attempt: (outcome: 'blocked' | 'failed', message: string) => Promise<unknown>;
}

/**
 * The checks of one single-file edit, in order, with nothing written: the base the agent read
 * (missing file, base required for an existing file, the caller's precheck, the hash; a stale
 * hash whose version, edited, is the current text is "already applied"), the
 * plan (a failure is journaled as an attempt of its catalog class), "already has this
 * content", the final-text guard (NUL, size, shrink), the candidate's validation. Returns the
 * result to give when a check stops the edit, else the plan and the validation's verdict.
 * Shared by the extension's pipeline (edit-pipeline.ts) and the headless server's.
 */
export async function checkEdit(a: EditCheckInput): Promise<{ stop: ToolResultJson } | { plan: EditPlan; check: CandidateCheck }> {
  const { req, path, current } = a;
  if (!current && req.baseSha256) {
    return { stop: failureResult(fail('FILE_NOT_FOUND', `${path} no longer exists (it was deleted or renamed after you read it). To create it anew, call write_file without base_sha256.`).failure, { path }) };
  }
  if (current && req.requireBaseForExisting && !req.baseSha256) {
    return { stop: failureResult(fail('INVALID_INPUT', `${path} already exists: pass base_sha256 of the version you read (safe_read_file gives it), so your change cannot overwrite edits you have not seen.`, { field: 'base_sha256' }).failure, { path, sha256: current.sha256 }) };
  }
  const pre = a.precheck?.();
  if (pre && !pre.ok) return { stop: failureResult(pre.failure, { path }) };
  if (current && req.baseSha256 && req.baseSha256.toLowerCase() !== current.sha256) {
    const repeat = await alreadyAppliedOnKnownBase(a.store, req, req.baseSha256, path, current);
    return { stop: repeat ?? await hashMismatchResult(a.store, path, req.baseSha256, current.text, current.sha256) };
  }

  const planned = req.plan(current?.text);
  if (!planned.ok) {
    await a.attempt(errorClassOf(planned.failure.error_type) === 'blocked' ? 'blocked' : 'failed', planned.failure.message);
    return { stop: failureResult(planned.failure, { path }) };
  }
  const plan = planned.plan;
  const modeChanges = current !== undefined && a.leavesMode !== undefined && current.mode !== undefined && current.mode !== a.leavesMode;
  if (current && plan.newText === current.text && !modeChanges) return { stop: unchangedResult(path, current.sha256, plan) };

  const checked = await checkNewText({ ...a, before: current?.text, newText: plan.newText, allowSizeReduce: req.allowSizeReduce, skipValidation: req.skipValidation });
  if ('stop' in checked) return checked;
  const { check } = checked;
  return { plan, check };
}

/**
 * The checks on one file's new text, nothing written: the final-text guard (NUL, size, shrink)
 * and the candidate's validation; a refusal is journaled as a blocked attempt. Shared by the
 * single-file checks above and each file of a multi-file change.
 */
export async function checkNewText(a: {
  path: string;
  before: string | undefined;
  newText: string;
  settings: SafeEditSettings;
  allowSizeReduce?: boolean;
  skipValidation?: boolean;
  languageId: string;
  sourceDir: string;
  attempt: (outcome: 'blocked' | 'failed', message: string) => Promise<unknown>;
}): Promise<{ stop: ToolResultJson } | { check: CandidateCheck }> {
  const { settings } = a;
  const final = checkFinalText(a.before, a.newText, {
    maxBytes: settings.maxFileBytes,
    minBytes: settings.writeGuardMinBytes,
    maxShrinkPercent: settings.writeGuardMaxShrinkPercent,
    allowSizeReduce: !!a.allowSizeReduce,
  });
  if (!final.ok) {
    await a.attempt('blocked', final.failure.message);
    return { stop: failureResult(final.failure, { path: a.path }) };
  }
  const check = await checkCandidate({ languageId: a.languageId, displayPath: a.path, sourceDir: a.sourceDir, baseText: a.before ?? '', candidateText: a.newText, skip: !!a.skipValidation, settings });
  if (check.blocked) {
    await a.attempt('blocked', String(check.blocked.message));
    return { stop: check.blocked };
  }
  return { check };
}

/**
 * The result of a single-file edit that landed: the plan's summary and details, the new
 * sha256, the line counts, the backup id, an excerpt of the changed regions and the
 * validation's warnings and checkers. `extra` adds what only one runner knows (notes, fields of
 * the diagnostics). Shared by the extension's pipeline and the headless server's.
 */
export function editSuccess(a: {
  plan: EditPlan;
  check: CandidateCheck;
  path: string;
  created: boolean;
  after: { text: string; sha256: string; saved: boolean };
  lines: { added: number; removed: number };
  backupId: string;
  extra?: Record<string, unknown>;
}): ToolResultJson {
  const { plan, check, after } = a;
  return {
    success: true,
    message: `${plan.summary}${after.saved ? '' : ' Not saved: the user has unsaved changes in this file.'} Check the excerpt against your intent.`,
    path: a.path,
    sha256: after.sha256,
    ...(a.created ? { created: true } : {}),
    saved: after.saved,
    lines_added: a.lines.added,
    lines_removed: a.lines.removed,
    backup_id: a.backupId,
    ...(plan.details ?? {}),
    excerpt: excerptAround(after.text, plan.changed),
    ...(check.warnings ? { validation_warnings: check.warnings } : {}),
    ...(check.checkers.length ? { validated_by: check.checkers } : {}),
    ...(a.extra ?? {}),
  };
}
