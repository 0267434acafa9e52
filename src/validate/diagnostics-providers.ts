/**
 * Deciding cheaply whether to wait for diagnostics after an edit (pure; the vscode side feeds
 * it plain data).
 *
 * Rule: wait when any of these holds, otherwise skip the wait (report no new diagnostics):
 *  1. the file had diagnostics before the edit (a provider is clearly active);
 *  2. some document of this language received a diagnostics event in this session;
 *  3. the language has diagnostics from VS Code's built-in extensions out of the box
 *     (BUILTIN_DIAGNOSTIC_LANGUAGES);
 *  4. an installed extension with code declares `onLanguage:<id>` as an activation event
 *     (language servers such as clangd, the C/C++, Python, Go and Rust extensions do).
 *     Grammar-only extensions have no code and no such event, so they do not count.
 * Cost of a wrong "wait": at most maxWaitMs once per edit. Cost of a wrong "skip": new
 * diagnostics of that edit go unreported (the first edits of a language whose provider
 * neither declares onLanguage nor has reported anything yet).
 */

/** Languages whose diagnostics come from extensions built into VS Code and enabled by default. */
export const BUILTIN_DIAGNOSTIC_LANGUAGES: ReadonlySet<string> = new Set([
  'json',
  'jsonc',
  'typescript',
  'typescriptreact',
  'javascript',
  'javascriptreact',
  'css',
  'scss',
  'less',
]);

/** The parts of an installed extension's package.json the rule reads. */
export interface ExtensionManifestLike {
  packageJSON?: { main?: string; browser?: string; activationEvents?: unknown };
}

/** Language ids that some extension with code activates on (`onLanguage:<id>`). */
export function languagesWithActivatingExtensions(extensions: readonly ExtensionManifestLike[]): Set<string> {
  const out = new Set<string>();
  for (const ext of extensions) {
    const pkg = ext.packageJSON;
    if (!pkg || (!pkg.main && !pkg.browser) || !Array.isArray(pkg.activationEvents)) continue;
    for (const ev of pkg.activationEvents) {
      if (typeof ev === 'string' && ev.startsWith('onLanguage:')) out.add(ev.slice('onLanguage:'.length));
    }
  }
  return out;
}

export interface WaitDecisionInput {
  languageId: string;
  /** How many diagnostics the file had just before the edit. */
  diagnosticsBefore: number;
  /** Languages that received a diagnostics event in this session. */
  languagesSeen: ReadonlySet<string>;
  /** From languagesWithActivatingExtensions(vscode.extensions.all). */
  languagesWithProviders: ReadonlySet<string>;
}

/** Whether to wait for diagnostics to settle after editing a file; see the rule above. */
export function shouldWaitForDiagnostics(input: WaitDecisionInput): boolean {
  return (
    input.diagnosticsBefore > 0 ||
    input.languagesSeen.has(input.languageId) ||
    BUILTIN_DIAGNOSTIC_LANGUAGES.has(input.languageId) ||
    input.languagesWithProviders.has(input.languageId)
  );
}

export interface WindowInput extends WaitDecisionInput {
  maxWaitMs: number;
  /** How long the first diagnostics event of this language took after an edit, last time (ms). */
  lastLatencyMs?: number;
  /** The result must hold the final verdict (safeEdit.diagnostics.onNewErrors "rollback"). */
  mustSettle: boolean;
}

/** How an edit's result waits for diagnostics; undefined: it does not wait (see below). */
export interface ForegroundWindow {
  maxWaitMs: number;
  /** Give up when no event arrived by then. */
  firstEventMs: number;
  quietMs: number;
}

/** Until a language's latency is known, this long is allowed for its first event. */
export const UNKNOWN_LATENCY_MS = 1000;

/**
 * The adaptive wait of an edit's own result. Everything an edit introduces is
 * still reported: what arrives after the result went out is attached to the next result
 * (hosts/vscode/late-diagnostics.ts), so the result only waits where waiting is likely to pay:
 * - no producer for the language (the rule above says skip): no wait;
 * - a file without diagnostics before the edit: no wait, because a file that stays clean
 *   gets no event at all, and waiting for one costs every clean edit the whole window;
 * - a file with diagnostics (their update is certain to come): wait for the first event up to
 *   twice the language's last observed latency plus 100 ms (UNKNOWN_LATENCY_MS before one was
 *   seen), then for 150 ms of quiet;
 * - with onNewErrors "rollback" the result must hold the verdict: the full wait as before.
 * maxWaitMs bounds every wait.
 */
export function foregroundWindow(input: WindowInput): ForegroundWindow | undefined {
  const maxWaitMs = input.maxWaitMs;
  if (maxWaitMs <= 0) return undefined;
  if (input.mustSettle) {
    return shouldWaitForDiagnostics(input) ? { maxWaitMs, firstEventMs: input.diagnosticsBefore > 0 ? maxWaitMs : Math.min(maxWaitMs, UNKNOWN_LATENCY_MS), quietMs: 300 } : undefined;
  }
  if (input.diagnosticsBefore === 0 || !shouldWaitForDiagnostics(input)) return undefined;
  const first = input.lastLatencyMs === undefined ? UNKNOWN_LATENCY_MS : 2 * input.lastLatencyMs + 100;
  return { maxWaitMs, firstEventMs: Math.min(maxWaitMs, first), quietMs: 150 };
}
