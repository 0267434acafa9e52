/**
 * Public types of the HTML patch engine (`applyHtmlPatches`). The engine is pure: no
 * `vscode`, no I/O. The tool layer (`patch_html`) maps these values to its JSON result.
 */

import type { LineRange } from '../text/range';

/** What a patch does to the element its selector names. */
export type HtmlOp =
  | 'replace' // the whole element (outer HTML) becomes `html`
  | 'inner' // the element's content becomes `html`
  | 'append' // `html` goes after the element's last child
  | 'prepend' // `html` goes before the element's first child
  | 'before' // `html` goes before the element, as a sibling
  | 'after' // `html` goes after the element, as a sibling
  | 'remove' // the element is deleted
  | 'set_attribute' // attribute `name` gets `value` (added when missing)
  | 'remove_attribute'; // attribute `name` is deleted (it must exist)

/** The ops, in the order documented to the model. */
export const HTML_OPS: readonly HtmlOp[] = [
  'replace',
  'inner',
  'append',
  'prepend',
  'before',
  'after',
  'remove',
  'set_attribute',
  'remove_attribute',
];

/** One selector-addressed edit. `html` is required by replace/inner/append/prepend/before/after. */
export interface HtmlPatch {
  /** `#id` only. */
  selector: string;
  op: HtmlOp;
  /** The fragment to insert (replace, inner, append, prepend, before, after). */
  html?: string;
  /** Attribute name (set_attribute, remove_attribute). */
  name?: string;
  /** Attribute value (set_attribute). */
  value?: string;
}

/** Why a patch was refused. A closed set: the model may branch on it. */
export type HtmlFailureReason =
  | 'selector_not_found'
  | 'not_unique'
  | 'empty_selector'
  | 'unsupported_selector'
  | 'invalid_html'
  | 'apply_error';

/** A 1-based, inclusive line range of the new text (the text kit's one range type). */
export type { LineRange } from '../text/range';

export interface HtmlSuccess {
  ok: true;
  /** The whole new text. */
  text: string;
  /** How many patches were applied (all of them). */
  applied: number;
  /** Line ranges of the new text that differ from the old one, sorted, non-overlapping. */
  changed: LineRange[];
}

export interface HtmlPatchError {
  type: 'HTML_PATCH_FAILED';
  /** One or two sentences a model can act on. */
  message: string;
  /** Index (0-based) of the first patch that failed. */
  failed_index: number;
  reason: HtmlFailureReason;
  /** Indexes of the patches before `failed_index`; they were valid but were NOT applied. */
  valid_indexes: number[];
  /** The corrective instruction for the model, adapted to `reason`. */
  instruction: string;
  /** For selector_not_found: up to 5 existing ids nearest to the one asked for. */
  candidates?: string[];
}

export interface HtmlFailure {
  ok: false;
  error: HtmlPatchError;
}

export type HtmlResult = HtmlSuccess | HtmlFailure;
