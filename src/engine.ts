/**
 * The headless edit engine (no `vscode`): bundled to dist/engine.js (CommonJS) for the
 * benchmark's module contract, other agents and other editors.
 *
 *   applyUnifiedDiff(baseText, patchText, options?) -> EngineResult
 *   applySearchReplace(baseText, oldText, newText, options?) -> EngineResult
 *   planApplyPatch(patchText, readFile) -> ApplyPatchPlan (the apply_patch / V4A format, several files)
 *   planPatchFiles(patchText, readFile, format?) -> MultiFilePlan (a unified diff of several files, or apply_patch; detected)
 *   planReplaceEdits(edits, readFile) -> MultiFilePlan (several replacements in one or more files, all or none)
 *
 * EngineResult is { ok: true, text, ... } or { ok: false, error }; see core/patch/types.ts.
 */
import { applyUnifiedDiff as applyUnifiedDiffCore, applyFilePatch, parsePatch, splitPatchByFile, formatFilePatch } from './core/patch/index';
import type { ApplyPatchOptions, EngineResult, EngineError } from './core/patch/index';
import { applySearchReplace as applySearchReplaceCore } from './core/replace/index';
import type { SearchReplaceOptions } from './core/replace/index';
import { boundEngineError } from './core/patch/bound-error';
import { planApplyPatch as planApplyPatchCore } from './core/apply-patch/index';
import type { ApplyPatchPlan, ReadFile } from './core/apply-patch/index';

import { detectPatchFormat, planUnifiedFiles, planReplaceEdits as planReplaceEditsCore } from './core/multi-file/index';
import type { MultiFilePlan, PatchFormat, ReplaceEdit } from './core/multi-file/index';

export { applyFilePatch, parsePatch, splitPatchByFile, formatFilePatch, detectPatchFormat };
export type { MultiFilePlan, MultiFileError, PatchFormat, ReplaceEdit } from './core/multi-file/index';
export type { ApplyPatchOptions, Hunk, HunkLine, FilePatch, ParseResult, Tier, HunkPlacement, ChangedRange, EngineError, EngineErrorType, EngineResult } from './core/patch/index';
export { stripLineNumbers } from './core/replace/index';
export type { SearchReplaceOptions } from './core/replace/index';
export { parseApplyPatch } from './core/apply-patch/index';
export type { ApplyPatchPlan, ApplyPatchError, ApplyPatchErrorType, FilePlan, FileAction, ReadFile } from './core/apply-patch/index';
export { findElisionMarkers, containsElision, isElisionMarker } from './core/elision';
export type { ElisionMarker } from './core/elision';
export { splitText, eolAt, dominantEol } from './core/text/lines';
export type { LineModel } from './core/text/lines';
/** Name and description shown by the benchmark harness (its module: adapter contract). */
export const name = 'agent-safe-edit';
export const description = 'dist/engine.js: tolerant parser, tiered matcher (exact, whitespace, indent, unicode, elision, one fuzzy context line), unique placement or refusal';

/**
 * Give a failure a readable String() form ("TYPE: message") without changing its JSON: hosts
 * that print `String(result.error)` (the benchmark harness does) then show the reason.
 */
function printable(r: EngineResult): EngineResult {
  if (!r.ok) r = { ok: false, error: boundEngineError(r.error) };
  if (!r.ok) Object.defineProperty(r.error, 'toString', { value: () => `${r.error.type}: ${r.error.message}`, enumerable: false });
  return r;
}

/** Apply a one-file unified diff to baseText (see core/patch/apply.ts). */
export function applyUnifiedDiff(baseText: string, patchText: string, options?: ApplyPatchOptions): EngineResult {
  return printable(applyUnifiedDiffCore(baseText, patchText, options));
}

/** Replace oldText by newText in baseText (see core/replace/apply.ts). */
export function applySearchReplace(baseText: string, oldText: string, newText: string, options?: SearchReplaceOptions): EngineResult {
  return printable(applySearchReplaceCore(baseText, oldText, newText, options));
}

/**
 * Plan an apply_patch (V4A) text, e.g. "*** Begin Patch / *** Update File: a.ts / @@ ... /
 * *** End Patch", against the files `readFile(path)` returns (undefined: no such file).
 * Writes nothing: the result lists, per file, its action (add, update, delete, move) and new
 * text, or is one failure naming the file and hunk (then no file may be written). See
 * core/apply-patch/README.md.
 */
export function planApplyPatch(patchText: string, readFile: ReadFile): ApplyPatchPlan {
  const r = planApplyPatchCore(patchText, readFile);
  if (r.ok) return r;
  // the same bounds as the unified engine's failures (lists and texts cut), plus the file list
  const error = { ...r.error, ...boundEngineError(r.error as unknown as EngineError) } as typeof r.error;
  if (error.failed_files) {
    error.failed_files = error.failed_files.slice(0, 20).map((f) => ({ ...f, reason: f.reason.length > 1000 ? `${f.reason.slice(0, 999)}…` : f.reason }));
  }
  Object.defineProperty(error, 'toString', { value: () => `${error.type}: ${error.message}`, enumerable: false });
  return { ok: false, error };
}

/**
 * Plan a patch of one or more files without writing: an apply_patch text or a unified diff
 * (detected as the safe_patch tool detects it; `format` forces one), against the files
 * `readFile(path)` returns. Per file its action and new text, or one failure naming the file
 * and hunk (then no file may be written). The caller confines the paths (a unified diff's
 * headers are not checked here).
 */
export function planPatchFiles(patchText: string, readFile: ReadFile, format?: PatchFormat): MultiFilePlan {
  const which = format ?? detectPatchFormat(patchText);
  return which === 'apply_patch' ? planApplyPatch(patchText, readFile) : planUnifiedFiles(patchText, readFile);
}

/** Plan several old_text → new_text edits in one or more files, all or none (see core/multi-file/replace-edits.ts). */
export function planReplaceEdits(edits: readonly ReplaceEdit[], readFile: ReadFile): MultiFilePlan {
  return planReplaceEditsCore(edits, readFile);
}
