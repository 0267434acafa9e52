import * as nodePath from 'node:path';
import { excerptAround } from '../core/excerpt';
import type { EditPlan, PlannedEdit } from './edit-requests';
import { fail, Result } from '../core/types';
import { errorClassOf } from '../core/catalog/errors';
import { readCurrentText, CurrentText } from '../workspace/current-text';
import { languageIdFor } from '../workspace/language-id';
import { Target } from '../workspace/resolve-target';
import { checkFinalText } from '../core/final-text-guard';
import { writeTransaction, writesToDiskDirectly } from './write-transaction';
import { withLockedTarget } from './locked-target';
import { diffLineCounts } from '../core/diff';
import { checkCandidate } from './validate-candidate';
import { hashMismatchResult } from './hash-mismatch';
import { DiagnosticsWatch, reportNewDiagnostics, watchDiagnostics } from './post-edit-diagnostics';
import { failureResult, ToolResultJson } from './tool-result';
import type { InvocationContext } from './tool-runner';

/** A planned edit (edit-requests.ts) with what only a rollback adds. */
export interface EditRequest extends PlannedEdit {
  /**
   * Checked under the file's lock against the text just read, before anything else (the
   * rollback's hash protocol); a failure is returned as is and nothing is journaled.
   */
  precheck?(current: CurrentText | undefined): Result<{}>;
  /**
   * Called under the file's lock instead of failing when the file exists but cannot be read
   * as text (binary, not UTF-8, too large): a rollback restores it without decoding it.
   */
  onUnreadable?(target: Target): Promise<ToolResultJson>;
}

/**
 * The one path every mutation takes (DESIGN.md's data flow): resolve and confine the path,
 * then, under the file's lock: read the current text (dirty buffer first), check the hash,
 * compute the edit, validate the candidate, ask consent for sensitive files, snapshot the old
 * text durably, apply through a WorkspaceEdit and save, journal the outcome, report new
 * diagnostics. Nothing touches the file before the snapshot is on disk.
 */
export async function runEdit(ctx: InvocationContext, req: EditRequest): Promise<ToolResultJson> {
  const options = { forWrite: true, allowCreate: !!req.allowCreate, protectedDirs: [ctx.services.storageDir] };
  return withLockedTarget(ctx.services, req.path, options, (target) => editLocked(ctx, req, target));
}

async function editLocked(ctx: InvocationContext, req: EditRequest, target: Target): Promise<ToolResultJson> {
  const { services, token } = ctx;
  const settings = services.settings();
  const path = target.displayPath;
  const turnId = services.turnIdFor(ctx.invocationToken);
  let current: CurrentText | undefined;
  const read = await readCurrentText(target.uri, path, settings.maxFileBytes);
  if (read.ok) current = read.current;
  else if (read.failure.error_type !== 'FILE_NOT_FOUND' && req.onUnreadable) return req.onUnreadable(target);
  else if (read.failure.error_type !== 'FILE_NOT_FOUND' || !req.allowCreate) return failureResult(read.failure, { path });

  if (!current && req.baseSha256) {
    return failureResult(fail('FILE_NOT_FOUND', `${path} no longer exists (it was deleted or renamed after you read it). To create it anew, call write_file without base_sha256.`).failure, { path });
  }
  if (current && req.requireBaseForExisting && !req.baseSha256) {
    return failureResult(fail('INVALID_INPUT', `${path} already exists: pass base_sha256 of the version you read (safe_read_file gives it), so your change cannot overwrite edits you have not seen.`, { field: 'base_sha256' }).failure, { path, sha256: current.sha256 });
  }
  if (req.precheck) {
    const pre = req.precheck(current);
    if (!pre.ok) return failureResult(pre.failure, { path });
  }
  if (current && req.baseSha256 && req.baseSha256.toLowerCase() !== current.sha256) {
    return hashMismatchResult(services.store, path, req.baseSha256, current.text, current.sha256);
  }

  const planned = req.plan(current?.text);
  if (!planned.ok) {
    await services.store.recordAttempt({ tool: req.tool, path, outcome: outcomeOf(planned.failure.error_type), beforeText: current?.text ?? '', turnId, client: ctx.client, message: planned.failure.message });
    return failureResult(planned.failure, { path });
  }
  const plan = planned.plan;
  if (current && plan.newText === current.text) {
    return { success: true, message: `${path} already has this content; nothing was changed.`, path, sha256: current.sha256, unchanged: true };
  }

  const final = checkFinalText(current?.text, plan.newText, {
    maxBytes: settings.maxFileBytes,
    minBytes: settings.writeGuardMinBytes,
    maxShrinkPercent: settings.writeGuardMaxShrinkPercent,
    allowSizeReduce: !!req.allowSizeReduce,
  });
  if (!final.ok) {
    await services.store.recordAttempt({ tool: req.tool, path, outcome: 'blocked', beforeText: current?.text ?? '', turnId, client: ctx.client, message: final.failure.message });
    return failureResult(final.failure, { path });
  }

  const languageId = languageIdFor(target.uri);
  const check = await checkCandidate({ languageId, displayPath: path, sourceDir: nodePath.dirname(target.absPath), baseText: current?.text ?? '', candidateText: plan.newText, skip: !!req.skipValidation, settings });
  if (check.blocked) {
    await services.store.recordAttempt({ tool: req.tool, path, outcome: 'blocked', beforeText: current?.text ?? '', turnId, client: ctx.client, message: check.blocked.message });
    return check.blocked;
  }

  const consent = await services.consentForSensitive(target, current?.text ?? '', plan.newText, req.tool);
  if (!consent.ok) {
    await services.store.recordAttempt({ tool: req.tool, path, outcome: 'blocked', beforeText: current?.text ?? '', turnId, client: ctx.client, message: consent.failure.message });
    return failureResult(consent.failure, { path });
  }
  if (token.isCancellationRequested) return { success: false, error_type: 'CANCELLED', message: 'Cancelled before the edit was applied; nothing was changed.', path };

  const direct = current !== undefined && writesToDiskDirectly(current);
  let watch: DiagnosticsWatch = { before: [] };
  let diagnostics: Awaited<ReturnType<typeof reportNewDiagnostics>> | undefined;
  const committed = await writeTransaction(services, {
    tool: req.tool,
    target,
    current,
    newText: plan.newText,
    turnId,
    client: ctx.client,
    createDirs: req.createDirs,
    beforeWrite: async () => {
      watch = await watchDiagnostics(ctx, target, current !== undefined && !direct);
    },
    afterWrite: async (written) => {
      if (!('applied' in written)) return;
      diagnostics = await reportNewDiagnostics(ctx, target, watch, current?.text, written.applied);
      if (diagnostics.rolledBack) return { rolledBack: { text: current?.text ?? '', message: diagnostics.summary } };
    },
  });
  if (!committed.ok) return failureResult(committed.failure, { path });
  if (!('applied' in committed.written)) {
    return failureResult(fail('INTERNAL_ERROR', `The change to ${path} did not write its text (${committed.written.kind}).`).failure, { path });
  }
  const after = committed.written.applied;
  diagnostics ??= { fields: {}, rolledBack: false, summary: '' }; // afterWrite did not complete: the edit stands
  // The journal diffed the two texts already (a second whole-file diff cost 0.4 s on 300k lines).
  const counts = (!diagnostics.rolledBack && committed.lines) || diffLineCounts(current?.text ?? '', after.text);
  const result: ToolResultJson = {
    success: true,
    message: `${plan.summary}${after.saved ? '' : ' Not saved: the user has unsaved changes in this file.'} Check the excerpt against your intent.`,
    path,
    sha256: diagnostics.rolledBack ? diagnostics.sha256 : after.sha256,
    ...(current ? {} : { created: true }),
    saved: after.saved,
    lines_added: counts.added,
    lines_removed: counts.removed,
    backup_id: committed.entryId,
    ...(plan.details ?? {}),
    excerpt: excerptAround(after.text, plan.changed),
    ...(check.warnings ? { validation_warnings: check.warnings } : {}),
    ...(check.checkers.length ? { validated_by: check.checkers } : {}),
    ...(after.notes.length ? { notes: after.notes } : {}),
    ...diagnostics.fields,
  };
  if (diagnostics.rolledBack) {
    return { ...result, success: false, error_type: 'VALIDATION_FAILED', message: `The edit introduced new errors (${diagnostics.summary}) and was rolled back (setting safeEdit.diagnostics.onNewErrors is "rollback"). The file is as before.`, excerpt: undefined };
  }
  return result;
}

/** The journal outcome of a planning failure: the failure type's catalog class (blocked, or else failed). */
function outcomeOf(errorType: string): 'blocked' | 'failed' {
  return errorClassOf(errorType) === 'blocked' ? 'blocked' : 'failed';
}

export type { Target, EditPlan };
