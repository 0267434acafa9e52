/**
 * The headless edit engine (no `vscode`): bundled to dist/engine.js (CommonJS) for the
 * benchmark's module contract, other agents and other editors.
 *
 *   applyUnifiedDiff(baseText, patchText, options?) -> EngineResult
 *   applySearchReplace(baseText, oldText, newText, options?) -> EngineResult
 *
 * EngineResult is { ok: true, text, ... } or { ok: false, error }; see core/patch/types.ts.
 */
export { applyUnifiedDiff, applyFilePatch, parsePatch, splitPatchByFile, formatFilePatch } from './core/patch/index';
export type { ApplyPatchOptions, Hunk, HunkLine, FilePatch, ParseResult, Tier, HunkPlacement, ChangedRange, EngineError, EngineErrorType, EngineResult } from './core/patch/index';
export { applySearchReplace, stripLineNumbers } from './core/replace/index';
export type { SearchReplaceOptions } from './core/replace/index';
export { findElisionMarkers, containsElision, isElisionMarker } from './core/elision';
export type { ElisionMarker } from './core/elision';
export { splitText, eolAt, dominantEol } from './core/text/lines';
export type { LineModel } from './core/text/lines';
/** Name shown by the benchmark harness. */
export const name = 'agent-safe-edit';
