import * as vscode from 'vscode';
import { formatNewDiagnostics, newDiagnostics } from '../../validate/diagnostics-settle';

/** An edit whose diagnostics are still being watched after its result was returned. */
interface Watched {
  path: string;
  before: readonly vscode.Diagnostic[];
  baseText: string;
  afterText: string;
  /** Lines already reported (in the edit's own result or a later one): never repeated. */
  reported: Set<string>;
  includeWarnings: boolean;
  /** A diagnostics event named the file since its problems were last collected. */
  dirty?: boolean;
  /** When the watch began (set by `watch`): tells the edit's own call from later ones. */
  startedAt?: number;
}

/** At most this many files' late reports are kept; older ones are dropped first. */
const MAX_PENDING_FILES = 20;

/**
 * Diagnostics that arrive after an edit's result was returned. Every edit that
 * lands is watched for 15 s after it (longer than safeEdit.diagnostics.maxWaitMs, the bound on
 * what a result waits), or until the next edit of the same file starts. Whenever any of our tools returns a result, the problems the watched
 * edits introduced that arrived since and were not named yet ride along with that result,
 * once, as `problems_from_earlier_edits`; so does what a watch found when it ended.
 */
export class LateDiagnostics implements vscode.Disposable {
  private readonly watching = new Map<string, Watched>();
  /** Keyed by path and watch start: problems of different edits of one file stay apart. */
  private readonly pending = new Map<string, { path: string; new_problems: string[]; startedAt: number }>();
  private readonly subscription: vscode.Disposable;

  constructor() {
    this.subscription = vscode.languages.onDidChangeDiagnostics((e) => {
      if (this.watching.size === 0) return;
      for (const uri of e.uris) {
        const w = this.watching.get(uri.toString());
        if (w) w.dirty = true;
      }
    });
  }

  /** Starts watching the edit of `uri` until `ended` resolves (the background wait). */
  watch(uri: vscode.Uri, w: Watched, ended: Promise<unknown>): void {
    const key = uri.toString();
    w.startedAt ??= Date.now();
    this.watching.set(key, w);
    void ended.then(() => {
      if (this.watching.get(key) === w) this.conclude(uri);
    });
  }

  /** Ends the watch of `uri` now (its next edit is about to start) and keeps what it found. */
  conclude(uri: vscode.Uri): void {
    const key = uri.toString();
    const w = this.watching.get(key);
    if (!w) return;
    this.watching.delete(key);
    this.collect(uri, w);
  }

  /**
   * Adds the problems found so far to `result` (once: they are forgotten afterwards). Those of
   * an edit this very call made (its file, watched since `callStartedAt`) arrived while its
   * result was on its way: they join the result's own `new_problems`; the rest are
   * `problems_from_earlier_edits`.
   */
  attachTo<R extends Record<string, unknown>>(result: R, callStartedAt = Number.POSITIVE_INFINITY): R {
    for (const [key, w] of this.watching) if (w.dirty) this.collect(vscode.Uri.parse(key), w);
    if (this.pending.size === 0) return result;
    const reports = [...this.pending.values()];
    this.pending.clear();
    const own = reports.filter((r) => r.path === result.path && r.startedAt >= callStartedAt);
    const earlier = reports.filter((r) => !own.includes(r));
    const mine = own.flatMap((r) => r.new_problems);
    const already = Array.isArray(result.new_problems) ? (result.new_problems as string[]) : [];
    return {
      ...result,
      ...(mine.length ? { new_problems: [...already, ...mine.filter((l) => !already.includes(l))].slice(0, 10) } : {}),
      ...(earlier.length ? { problems_from_earlier_edits: earlier.map(({ path, new_problems }) => ({ path, new_problems, message: `Problems introduced by your last edit of ${path}, reported after its result.` })) } : {}),
    };
  }

  dispose(): void {
    this.subscription.dispose();
  }

  /** Keeps the problems `w`'s edit introduced that were not reported yet. */
  private collect(uri: vscode.Uri, w: Watched): void {
    w.dirty = false;
    const fresh = newDiagnostics(w.before, vscode.languages.getDiagnostics(uri), { baseText: w.baseText, candidateText: w.afterText }, w.includeWarnings);
    const lines = formatNewDiagnostics(fresh, w.afterText).filter((l) => !w.reported.has(l));
    if (lines.length === 0) return;
    for (const l of lines) w.reported.add(l);
    const startedAt = w.startedAt ?? 0;
    const key = `${w.path}\u0000${startedAt}`;
    const kept = this.pending.get(key)?.new_problems ?? [];
    this.pending.delete(key);
    this.pending.set(key, { path: w.path, new_problems: [...kept, ...lines].slice(0, 10), startedAt });
    while (this.pending.size > MAX_PENDING_FILES) this.pending.delete(this.pending.keys().next().value as string);
  }
}
