import * as nodePath from 'node:path';
import type { EditPlan, PlannedEdit } from './edit-requests';
import { fail, Result } from '../../core/types';
import type { DiagnosticsReport, FileLike, FileText, InvocationContext, Target } from '../host';
import { writeTransaction } from '../write/transaction';
import { withLockedTarget } from '../locked-target';
import { diffLineCounts } from '../../core/diff';
import { checkEdit, editSuccess } from './edit-checks';
import { failureResult, ToolResultJson } from '../results/tool-result';

/** A planned edit (edit-requests.ts) with what only a rollback adds. */
export interface EditRequest extends PlannedEdit {
  /**
   * Checked under the file's lock against the text just read, before anything else (the
   * rollback's hash protocol); a failure is returned as is and nothing is journaled.
   */
  precheck?(current: FileText | undefined): Result<{}>;
  /**
   * Called under the file's lock instead of failing when the file exists but cannot be read
   * as text (binary, not UTF-8, too large): a rollback restores it without decoding it.
   */
  onUnreadable?(target: Target): Promise<ToolResultJson>;
  /** A file the rollback re-creates gets the BOM and mode it had (journaled with the change that deleted it). */
  like?: FileLike;
  /**
   * The permission bits the file is to be left with (a rollback gives back the mode it had): a
   * file whose text is already the new one but whose mode differs is still changed.
   */
  mode?: number;
}

/**
 * The one path every mutation takes: resolve and confine the path,
 * then, under the file's lock: read the current text (dirty buffer first), check the hash,
 * compute the edit, validate the candidate, ask consent for sensitive files, snapshot the old
 * text durably, apply through a WorkspaceEdit and save, journal the outcome, report new
 * diagnostics. Nothing touches the file before the snapshot is on disk.
 */
export async function runEdit(ctx: InvocationContext, req: EditRequest): Promise<ToolResultJson> {
  const options = { forWrite: true, allowCreate: !!req.allowCreate };
  return withLockedTarget(ctx.host, req.path, options, (target) => editLocked(ctx, req, target));
}

async function editLocked(ctx: InvocationContext, req: EditRequest, target: Target): Promise<ToolResultJson> {
  const { host, token } = ctx;
  const settings = host.settings();
  const path = target.displayPath;
  const turnId = host.turnIdFor(ctx.invocationToken);
  let current: FileText | undefined;
  const read = await host.files.readText(target, settings.maxFileBytes);
  if (read.ok) current = read.current;
  else if (read.failure.error_type !== 'FILE_NOT_FOUND' && req.onUnreadable) return req.onUnreadable(target);
  else if (read.failure.error_type !== 'FILE_NOT_FOUND' || !req.allowCreate) return failureResult(read.failure, { path });

  const attempt = (outcome: 'blocked' | 'failed', message: string) =>
    host.store.recordAttempt({ tool: req.tool, path, outcome, beforeText: current?.text ?? '', turnId, client: ctx.client, message });
  const checked = await checkEdit({
    req, path, current, store: host.store, settings, attempt,
    precheck: req.precheck && (() => req.precheck!(current)),
    ...(req.mode !== undefined ? { leavesMode: req.mode } : {}),
    languageId: host.files.languageId(target),
    sourceDir: nodePath.dirname(target.absPath),
  });
  if ('stop' in checked) return checked.stop;
  const { plan, check } = checked;

  const consent = await host.consentForSensitive(target, current?.text ?? '', plan.newText, req.tool, ctx.consentHolder);
  if (!consent.ok) {
    await attempt('blocked', consent.failure.message);
    return failureResult(consent.failure, { path });
  }
  if (token.isCancellationRequested) return { success: false, error_type: 'CANCELLED', message: 'Cancelled before the edit was applied; nothing was changed.', path };

  let watch: unknown;
  let diagnostics: DiagnosticsReport | undefined;
  const committed = await writeTransaction(host, {
    tool: req.tool,
    target,
    current,
    newText: plan.newText,
    turnId,
    client: ctx.client,
    createDirs: req.createDirs,
    ...(req.like ? { like: req.like } : {}),
    ...(req.mode !== undefined ? { mode: req.mode } : {}),
    beforeWrite: async () => {
      watch = await host.diagnostics?.watch(target, current);
    },
    afterWrite: async (written) => {
      if (!('applied' in written) || !host.diagnostics) return;
      diagnostics = await host.diagnostics.report(target, watch, current?.text, written.applied, { mayRollBack: true });
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
  const result = editSuccess({
    plan, check, path, created: !current, lines: counts, backupId: committed.entryId,
    after: { ...after, sha256: diagnostics.rolledBack ? (diagnostics.sha256 as string) : after.sha256 },
    extra: { ...(after.notes.length ? { notes: after.notes } : {}), ...diagnostics.fields },
  });

  if (diagnostics.rolledBack) {
    return { ...result, success: false, error_type: 'VALIDATION_FAILED', message: `The edit introduced new errors (${diagnostics.summary}) and was rolled back (setting safeEdit.diagnostics.onNewErrors is "rollback"). The file is as before.`, excerpt: undefined };
  }
  return result;
}


export type { Target, EditPlan };
