import * as vscode from 'vscode';
import { formatNewDiagnostics, newDiagnostics } from '../validate/diagnostics-settle';

/** An edit whose diagnostics are still being watched after its result was returned. */
interface Watched {
  path: string;
  before: readonly vscode.Diagnostic[];
  baseText: string;
  afterText: string;
  /** Lines already reported in the edit's own result (not repeated). */
  reported: ReadonlySet<string>;
  includeWarnings: boolean;
}

/** At most this many files' late reports are kept; older ones are dropped first. */
const MAX_PENDING_FILES = 20;

/**
 * Diagnostics that arrive after an edit's result was returned (issue 15). Every edit that
 * lands is watched in the background up to safeEdit.diagnostics.maxWaitMs; when its
 * diagnostics settle, or when the next edit of the same file starts (whichever is first),
 * the problems the edit introduced and its own result did not already name are kept, and
 * the next result of any of our tools carries them once, as `problems_from_earlier_edits`.
 */
export class LateDiagnostics {
  private readonly watching = new Map<string, Watched>();
  private readonly pending = new Map<string, { path: string; new_problems: string[] }>();

  /** Starts watching the edit of `uri`; `settled` resolves when the background wait ends. */
  watch(uri: vscode.Uri, w: Watched, settled: Promise<unknown>): void {
    const key = uri.toString();
    this.watching.set(key, w);
    void settled.then(() => {
      if (this.watching.get(key) === w) this.conclude(uri);
    });
  }

  /** Ends the watch of `uri` now (its next edit is about to start) and keeps what it found. */
  conclude(uri: vscode.Uri): void {
    const key = uri.toString();
    const w = this.watching.get(key);
    if (!w) return;
    this.watching.delete(key);
    const fresh = newDiagnostics(w.before, vscode.languages.getDiagnostics(uri), { baseText: w.baseText, candidateText: w.afterText }, w.includeWarnings);
    const lines = formatNewDiagnostics(fresh, w.afterText).filter((l) => !w.reported.has(l));
    if (lines.length === 0) return;
    this.pending.delete(w.path);
    this.pending.set(w.path, { path: w.path, new_problems: lines });
    while (this.pending.size > MAX_PENDING_FILES) this.pending.delete(this.pending.keys().next().value as string);
  }

  /** Adds the kept late reports to `result` (once: they are forgotten afterwards). */
  attachTo<R extends Record<string, unknown>>(result: R): R {
    if (this.pending.size === 0) return result;
    const reports = [...this.pending.values()];
    this.pending.clear();
    return {
      ...result,
      problems_from_earlier_edits: reports.map((r) => ({ ...r, message: `Problems introduced by your last edit of ${r.path}, reported after its result.` })),
    };
  }
}
