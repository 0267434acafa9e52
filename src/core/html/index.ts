/** The HTML patch engine: selector-addressed, byte-preserving, validated, all-or-nothing. */
export { applyHtmlPatches, instructionFor } from './apply';
export { parseIdSelector } from './selector';
export { HTML_OPS } from './types';
export type { HtmlFailure, HtmlFailureReason, HtmlOp, HtmlPatch, HtmlPatchError, HtmlResult, HtmlSuccess, LineRange } from './types';
