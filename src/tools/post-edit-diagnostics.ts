import * as vscode from 'vscode';
import { waitForDiagnosticsToSettle, newDiagnostics, formatNewDiagnostics, SettleOutcome } from '../validate/diagnostics-settle';
import { applyTextChange, Applied } from '../workspace/apply-text';
import type { Target } from '../workspace/resolve-target';
import type { InvocationContext } from './tool-runner';

export interface DiagnosticsWatch {
  before: readonly vscode.Diagnostic[];
  settled?: Promise<SettleOutcome>;
}

/**
 * Call BEFORE applying an edit: snapshots the file's diagnostics and, when a language
 * provider is likely to answer, starts listening so an event during the apply is not missed.
 */
export async function watchDiagnostics(ctx: InvocationContext, target: Target, fileExists: boolean): Promise<DiagnosticsWatch> {
  const before = vscode.languages.getDiagnostics(target.uri);
  const maxWaitMs = ctx.services.settings().diagnosticsMaxWaitMs;
  if (!fileExists || maxWaitMs <= 0) return { before };
  const doc = await vscode.workspace.openTextDocument(target.uri);
  if (!ctx.services.diagnosticsActivity.shouldWait(doc, before)) return { before };
  // A file without diagnostics that stays clean gets no event: stop waiting after 1 s without one.
  const firstEventMs = before.length === 0 ? Math.min(maxWaitMs, 1000) : maxWaitMs;
  return { before, settled: waitForDiagnosticsToSettle(target.uri, { maxWaitMs, firstEventMs }) };
}

export interface DiagnosticsReport {
  /** Fields for the tool result: new_problems (one line each, at most 10). */
  fields: Record<string, unknown>;
  rolledBack: boolean;
  sha256?: string;
  summary: string;
}

/**
 * After an edit landed: wait for the file's diagnostics to settle and report only the
 * problems the edit introduced (errors, and warnings when the setting asks). With
 * `safeEdit.diagnostics.onNewErrors: rollback`, new errors undo the edit (the caller journals
 * it as rolled_back).
 */
export async function reportNewDiagnostics(ctx: InvocationContext, target: Target, watch: DiagnosticsWatch, oldText: string | undefined, after: Applied): Promise<DiagnosticsReport> {
  try {
    return await report(ctx, target, watch, oldText, after);
  } catch (e) {
    // The edit has landed; a failure to read diagnostics must not turn it into an error.
    ctx.services.log(`diagnostics after the edit of ${target.displayPath} failed: ${(e as Error)?.stack ?? e}`);
    return { fields: { notes_diagnostics: 'Diagnostics could not be read after the edit.' }, rolledBack: false, summary: '' };
  }
}

async function report(ctx: InvocationContext, target: Target, watch: DiagnosticsWatch, oldText: string | undefined, after: Applied): Promise<DiagnosticsReport> {
  const none = { fields: {}, rolledBack: false, summary: '' };
  if (!watch.settled) return none;
  await watch.settled;
  const settings = ctx.services.settings();
  const fresh = newDiagnostics(watch.before, vscode.languages.getDiagnostics(target.uri), { baseText: oldText ?? '', candidateText: after.text }, settings.diagnosticsIncludeWarnings);
  if (fresh.length === 0) return none;
  const lines = formatNewDiagnostics(fresh, after.text);
  const summary = `${fresh.length} new problem${fresh.length === 1 ? '' : 's'}, first: ${lines[0]}`;
  if (fresh.some((d) => d.severity === 'error') && settings.diagnosticsOnNewErrors === 'rollback' && oldText !== undefined) {
    const undo = await applyTextChange(target.uri, after.text, oldText);
    if (undo.ok) return { fields: { new_problems: lines }, rolledBack: true, sha256: undo.applied.sha256, summary };
  }
  return { fields: { new_problems: lines, ...(fresh.length > lines.length ? { new_problems_total: fresh.length } : {}) }, rolledBack: false, summary };
}
