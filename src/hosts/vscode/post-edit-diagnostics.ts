import * as vscode from 'vscode';
import { waitForDiagnosticsToSettle, newDiagnostics, formatNewDiagnostics, SettleOutcome } from '../../validate/diagnostics-settle';
import { applyTextChange } from './apply-text';
import type { Applied, DiagnosticsHost, FileText } from '../../engine/host';
import { writesToDiskDirectly } from './file-host';
import type { SafeEditSettings } from '../../core/settings';
import type { LateDiagnostics } from './late-diagnostics';
import type { DiagnosticsActivity } from '../../validate/diagnostics-settle';
import type { Target } from '../../engine/host';
import { uriOf } from './resolve-target';

export interface DiagnosticsWatch {
  before: readonly vscode.Diagnostic[];
  /** What the result waits for; absent when the adaptive window says not to wait. */
  settled?: Promise<SettleOutcome>;
  /**
   * The watch that goes on after the result went out: it ends at maxWaitMs (quietMs equal
   * to it: a first event followed by a pause does not end it, a slower producer may follow).
   */
  background?: Promise<SettleOutcome>;
  languageId?: string;
}

/**
 * Call BEFORE applying an edit: snapshots the file's diagnostics and starts listening (so an
 * event during the apply is not missed): in the background always, up to maxWaitMs, and for
 * the result itself only as long as the adaptive window says (diagnostics-providers.ts,
 * foregroundWindow). An earlier edit of this file still being watched is concluded first.
 */
/** How long after an edit problems it introduced are still watched for, to report with a later result. */
const LATE_WATCH_MS = 15_000;

export async function watchDiagnostics(ctx: DiagnosticsServices, target: Target, fileExists: boolean): Promise<DiagnosticsWatch> {
  ctx.lateDiagnostics.conclude(uriOf(target));
  const before = vscode.languages.getDiagnostics(uriOf(target));
  const settings = ctx.settings();
  const maxWaitMs = settings.diagnosticsMaxWaitMs;
  if (maxWaitMs <= 0) return { before };
  // A new file (or one written straight to disk) has no document to judge yet: its result
  // does not wait, and what it introduced comes with the next result.
  // The background watch blocks nothing (its problems ride along with a later result), so it
  // outlasts maxWaitMs, the bound on what a result waits: a language server on a loaded machine
  // reports well after 2 s (seen with VS Code's JSON server while other suites ran).
  const late = { maxWaitMs: Math.max(maxWaitMs, LATE_WATCH_MS), quietMs: maxWaitMs };
  if (!fileExists) return { before, background: waitForDiagnosticsToSettle(uriOf(target), late) };
  const doc = await vscode.workspace.openTextDocument(uriOf(target));
  const window = ctx.diagnosticsActivity.window(doc, before, maxWaitMs, settings.diagnosticsOnNewErrors === 'rollback');
  return {
    before,
    background: waitForDiagnosticsToSettle(uriOf(target), late),
    ...(window ? { settled: waitForDiagnosticsToSettle(uriOf(target), window) } : {}),
    languageId: doc.languageId,
  };
}

export interface DiagnosticsReport {
  /** Fields for the tool result: new_problems (one line each, at most 10). */
  fields: Record<string, unknown>;
  rolledBack: boolean;
  sha256?: string;
  summary: string;
}

/**
 * After an edit landed: report the problems the edit introduced (errors, and warnings when
 * the setting asks) that arrived within the adaptive window, and hand the rest of the watch
 * to ctx.lateDiagnostics, which attaches what comes later to the next result. With
 * `safeEdit.diagnostics.onNewErrors: rollback`, new errors undo the edit (the caller journals
 * it as rolled_back).
 */
export async function reportNewDiagnostics(ctx: DiagnosticsServices, target: Target, watch: DiagnosticsWatch, oldText: string | undefined, after: Applied, options: { mayRollBack?: boolean } = {}): Promise<DiagnosticsReport> {
  try {
    return await report(ctx, target, watch, oldText, after, options.mayRollBack ?? true);
  } catch (e) {
    // The edit has landed; a failure to read diagnostics must not turn it into an error.
    ctx.log(`diagnostics after the edit of ${target.displayPath} failed: ${(e as Error)?.stack ?? e}`);
    return { fields: { notes_diagnostics: 'Diagnostics could not be read after the edit.' }, rolledBack: false, summary: '' };
  }
}

async function report(ctx: DiagnosticsServices, target: Target, watch: DiagnosticsWatch, oldText: string | undefined, after: Applied, mayRollBack: boolean): Promise<DiagnosticsReport> {
  const settings = ctx.settings();
  let result: DiagnosticsReport = { fields: {}, rolledBack: false, summary: '' };
  let lines: string[] = [];
  if (watch.settled) {
    await watch.settled;
    const fresh = newDiagnostics(watch.before, vscode.languages.getDiagnostics(uriOf(target)), { baseText: oldText ?? '', candidateText: after.text }, settings.diagnosticsIncludeWarnings);
    if (fresh.length > 0) {
      lines = formatNewDiagnostics(fresh, after.text);
      const summary = `${fresh.length} new problem${fresh.length === 1 ? '' : 's'}, first: ${lines[0]}`;
      if (fresh.some((d) => d.severity === 'error') && settings.diagnosticsOnNewErrors === 'rollback' && mayRollBack && oldText !== undefined) {
        const undo = await applyTextChange(uriOf(target), after.text, oldText);
        if (undo.ok) return { fields: { new_problems: lines }, rolledBack: true, sha256: undo.applied.sha256, summary };
      }
      result = { fields: { new_problems: lines, ...(fresh.length > lines.length ? { new_problems_total: fresh.length } : {}) }, rolledBack: false, summary };
    }
  }
  if (watch.background) {
    const activity = ctx.diagnosticsActivity;
    const languageId = watch.languageId;
    const background = watch.background.then((o) => {
      if (o.firstEventAfterMs !== undefined && languageId) activity.noteLatency(languageId, o.firstEventAfterMs);
    });
    ctx.lateDiagnostics.watch(uriOf(target), {
      path: target.displayPath, before: watch.before, baseText: oldText ?? '', afterText: after.text,
      reported: new Set(lines), includeWarnings: settings.diagnosticsIncludeWarnings,
    }, background);
  }
  return result;
}

/** What the diagnostics watch needs of the VS Code host. */
export interface DiagnosticsServices {
  settings(): SafeEditSettings;
  log(line: string): void;
  readonly diagnosticsActivity: DiagnosticsActivity;
  readonly lateDiagnostics: LateDiagnostics;
}

/**
 * The engine's after-write observer in VS Code: the file's problems before the write, and
 * after it those the edit introduced (a file written straight to disk or new has no document
 * to judge yet: its result does not wait, and what it introduced comes with a later result).
 */
export function vscodeDiagnosticsHost(ctx: DiagnosticsServices): DiagnosticsHost {
  return {
    watch: (target, current: FileText | undefined) => watchDiagnostics(ctx, target, current !== undefined && !writesToDiskDirectly(current)),
    report: (target, watch, beforeText, applied, options) => reportNewDiagnostics(ctx, target, watch as DiagnosticsWatch, beforeText, applied, options),
  };
}
