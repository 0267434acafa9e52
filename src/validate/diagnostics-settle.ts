import * as vscode from 'vscode';
import { languagesWithActivatingExtensions, shouldWaitForDiagnostics } from './diagnostics-providers';

// The comparison is pure (unit-tested in Node); re-exported here for the tool layer.
export { formatNewDiagnostics, newDiagnostics, type NewDiagnostic } from './diagnostics-compare';

export interface SettleOptions {
  /** Give up waiting after this long (safeEdit.diagnostics.maxWaitMs); default 2000. */
  maxWaitMs?: number;
  /** Diagnostics count as settled after an event for the URI followed by this long without one; default 300. */
  quietMs?: number;
}

export interface SettleOutcome {
  /** True when an event arrived and was followed by the quiet period; false when maxWaitMs ran out. */
  settled: boolean;
  /** Whether any diagnostics event for the URI arrived. */
  sawEvent: boolean;
  waitedMs: number;
}

/**
 * Resolves once the diagnostics of `uri` have settled: after an onDidChangeDiagnostics event
 * naming `uri` followed by `quietMs` without another such event, or at `maxWaitMs` at the
 * latest. It subscribes synchronously, so call it BEFORE applying the edit and await the
 * promise after: an event fired while the edit is applied is then not missed.
 * Never rejects; the subscription and timers are always released.
 */
export function waitForDiagnosticsToSettle(uri: vscode.Uri, options: SettleOptions = {}): Promise<SettleOutcome> {
  const maxWaitMs = options.maxWaitMs ?? 2000;
  const quietMs = options.quietMs ?? 300;
  const key = uri.toString();
  const started = Date.now();
  return new Promise((resolve) => {
    let sawEvent = false;
    let quietTimer: NodeJS.Timeout | undefined;
    const finish = (settled: boolean) => {
      clearTimeout(maxTimer);
      if (quietTimer) clearTimeout(quietTimer);
      subscription.dispose();
      resolve({ settled, sawEvent, waitedMs: Date.now() - started });
    };
    const subscription = vscode.languages.onDidChangeDiagnostics((e) => {
      if (!e.uris.some((u) => u.toString() === key)) return;
      sawEvent = true;
      if (quietTimer) clearTimeout(quietTimer);
      quietTimer = setTimeout(() => finish(true), quietMs);
    });
    const maxTimer = setTimeout(() => finish(false), maxWaitMs);
  });
}

/**
 * Remembers which languages received diagnostics events in this session and which have an
 * activating extension, to decide whether waiting is worthwhile (see diagnostics-providers.ts
 * for the rule). Create one at activation and push it onto context.subscriptions.
 */
export class DiagnosticsActivity implements vscode.Disposable {
  private readonly seen = new Set<string>();
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

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }
}
