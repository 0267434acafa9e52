import * as vscode from 'vscode';
import { foregroundWindow, languagesWithActivatingExtensions, shouldWaitForDiagnostics, type ForegroundWindow } from './diagnostics-providers';
import { waitForQuiet, type QuietOptions, type QuietOutcome } from './settle-core';

// The comparison is pure (unit-tested in Node); re-exported here for the tool layer.
export { formatNewDiagnostics, newDiagnostics, type EditTexts, type NewDiagnostic } from './diagnostics-compare';

export type SettleOptions = QuietOptions;
export type SettleOutcome = QuietOutcome;

/**
 * Resolves once the diagnostics of `uri` have settled: after an onDidChangeDiagnostics event
 * naming `uri` followed by `quietMs` (default 300) without another such event, or at
 * `maxWaitMs` (default 2000, safeEdit.diagnostics.maxWaitMs) at the latest. It subscribes
 * synchronously, so call it BEFORE applying the edit and await the promise after: an event
 * fired while the edit is applied is then not missed. Never rejects.
 */
export function waitForDiagnosticsToSettle(uri: vscode.Uri, options: SettleOptions = {}): Promise<SettleOutcome> {
  const key = uri.toString();
  return waitForQuiet(
    (listener) => vscode.languages.onDidChangeDiagnostics(listener),
    (e: vscode.DiagnosticChangeEvent) => e.uris.some((u) => u.toString() === key),
    options,
  );
}

/**
 * Remembers which languages received diagnostics events in this session and which have an
 * activating extension, to decide whether waiting is worthwhile (see diagnostics-providers.ts
 * for the rule). Create one at activation and push it onto context.subscriptions.
 */
export class DiagnosticsActivity implements vscode.Disposable {
  private readonly seen = new Set<string>();
  /** Per language: ms from an edit to its file's first diagnostics event, last time one came. */
  private readonly latency = new Map<string, number>();
  private providers: Set<string>;
  private readonly disposables: vscode.Disposable[] = [];

  constructor() {
    this.providers = languagesWithActivatingExtensions(vscode.extensions.all);
    this.disposables.push(
      vscode.languages.onDidChangeDiagnostics((e) => {
        for (const uri of e.uris) {
          const key = uri.toString();
          const doc = vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
          if (doc) this.seen.add(doc.languageId);
        }
      }),
      vscode.extensions.onDidChange(() => {
        this.providers = languagesWithActivatingExtensions(vscode.extensions.all);
      }),
    );
  }

  /** Whether to wait for diagnostics after editing `document`, given its diagnostics before the edit. */
  shouldWait(document: vscode.TextDocument, diagnosticsBefore: readonly vscode.Diagnostic[]): boolean {
    return shouldWaitForDiagnostics({
      languageId: document.languageId,
      diagnosticsBefore: diagnosticsBefore.length,
      languagesSeen: this.seen,
      languagesWithProviders: this.providers,
    });
  }

  /** How the result of an edit of `document` waits (undefined: not at all); see foregroundWindow. */
  window(document: vscode.TextDocument, diagnosticsBefore: readonly vscode.Diagnostic[], maxWaitMs: number, mustSettle: boolean): ForegroundWindow | undefined {
    return foregroundWindow({
      languageId: document.languageId,
      diagnosticsBefore: diagnosticsBefore.length,
      languagesSeen: this.seen,
      languagesWithProviders: this.providers,
      maxWaitMs,
      lastLatencyMs: this.latency.get(document.languageId),
      mustSettle,
    });
  }

  /** Learns how long a language's diagnostics took after an edit (from the background watch). */
  noteLatency(languageId: string, ms: number): void {
    this.latency.set(languageId, ms);
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
