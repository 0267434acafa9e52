/** What waitForQuiet needs from an event source: subscribe, get something to dispose. */
export type Subscribe<E> = (listener: (event: E) => void) => { dispose(): void };

export interface QuietOptions {
  /** Give up after this long; default 2000. */
  maxWaitMs?: number;
  /** Settled once this long passes without a relevant event after one arrived; default 300. */
  quietMs?: number;
  /**
   * Give up when no relevant event at all arrived by then (default: maxWaitMs). A clean file
   * that stays clean gets no diagnostics event, so without this every edit of it would wait
   * the full maxWaitMs.
   */
  firstEventMs?: number;
}

export interface QuietOutcome {
  /** True when a relevant event arrived and was followed by the quiet period; false when maxWaitMs ran out. */
  settled: boolean;
  /** Whether any relevant event arrived. */
  sawEvent: boolean;
  /** When the first relevant event arrived, in ms after the wait started (learned per language). */
  firstEventAfterMs?: number;
  waitedMs: number;
}

/**
 * Resolves after a relevant event (`isRelevant`) followed by `quietMs` without another one,
 * or after `maxWaitMs` at the latest. Subscribes synchronously, before returning, so a caller
 * can start waiting, make the change that triggers events, and then await. Never rejects; the
 * subscription and timers are always released. Pure (no vscode): the vscode side passes
 * `vscode.languages.onDidChangeDiagnostics` as `subscribe`.
 */
export function waitForQuiet<E>(subscribe: Subscribe<E>, isRelevant: (event: E) => boolean, options: QuietOptions = {}): Promise<QuietOutcome> {
  const maxWaitMs = options.maxWaitMs ?? 2000;
  const quietMs = options.quietMs ?? 300;
  const started = Date.now();
  return new Promise((resolve) => {
    let sawEvent = false;
    let firstEventAfterMs: number | undefined;
    let done = false;
    let quietTimer: ReturnType<typeof setTimeout> | undefined;
    let maxTimer: ReturnType<typeof setTimeout> | undefined;
    let firstTimer: ReturnType<typeof setTimeout> | undefined;
    let subscription: { dispose(): void } | undefined;
    const finish = (settled: boolean) => {
      if (done) return;
      done = true;
      clearTimeout(maxTimer);
      clearTimeout(firstTimer);
      clearTimeout(quietTimer);
      subscription?.dispose();
      resolve({ settled, sawEvent, waitedMs: Date.now() - started, ...(firstEventAfterMs !== undefined ? { firstEventAfterMs } : {}) });
    };
    subscription = subscribe((event) => {
      if (done || !isRelevant(event)) return;
      if (!sawEvent) firstEventAfterMs = Date.now() - started;
      sawEvent = true;
      clearTimeout(quietTimer);
      quietTimer = setTimeout(() => finish(true), quietMs);
    });
    maxTimer = setTimeout(() => finish(false), maxWaitMs);
    const firstEventMs = options.firstEventMs ?? maxWaitMs;
    if (firstEventMs < maxWaitMs) firstTimer = setTimeout(() => !sawEvent && finish(false), firstEventMs);
  });
}
