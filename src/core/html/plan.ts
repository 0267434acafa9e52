/**
 * Turns one patch on a resolved target element into one text splice, or refuses it.
 * Pure; the caller applies the splice and proves the result (structure.ts, tiling.ts).
 */
import { Eol, normalizeEol } from '../text/eol';
import { checkFragment } from './fragment';
import { asLines, indentBefore, indentStep, lineBreakAt, lineStartOf, restOfLineBlank, standsAlone } from './layout';
import {
  childrenOf,
  Element,
  elementRange,
  ElementRange,
  isElement,
  isHtmlElement,
  RAW_TEXT_ELEMENTS,
  STRUCTURAL_ELEMENTS,
  VOID_ELEMENTS,
  WHITESPACE_SENSITIVE,
} from './nodes';
import { ancestorsOf, parentElementOf, ParsedPage, rangedContainer } from './page';
import type { HtmlOp, HtmlPatch } from './types';

export interface PatchPlan {
  /** Old text `[start, oldEnd)` becomes `insert`. */
  start: number;
  oldEnd: number;
  insert: string;
  /** Whether the inserted text must be proven to parse as children of `container`. */
  tile: boolean;
  /** The element (with a source range) whose subtree receives the splice; null for the document itself. */
  container: Element | null;
  /** For attribute ops: the element, the (lowercase) name, and the value it must end up with (undefined: absent). */
  attribute?: { target: Element; name: string; value: string | undefined };
}

export type PlanResult = { ok: true; plan: PatchPlan } | { ok: false; reason: 'apply_error' | 'invalid_html'; message: string };

const HTML_OPS = new Set<HtmlOp>(['replace', 'inner', 'append', 'prepend', 'before', 'after']);

/** Attribute names the engine writes: no whitespace, quotes, `<`, `>`, `/`, `=` or control characters. */
const ATTRIBUTE_NAME = /^[^\s"'<>/=\u0000-\u001f\u007f-\u009f]+$/;

function refuse(message: string, reason: 'apply_error' | 'invalid_html' = 'apply_error'): PlanResult {
  return { ok: false, reason, message };
}

function inWhitespaceSensitive(page: ParsedPage, el: Element, includeSelf: boolean): boolean {
  const chain = includeSelf ? [el, ...ancestorsOf(page, el)] : ancestorsOf(page, el);
  return chain.some((e) => isHtmlElement(e) && WHITESPACE_SENSITIVE.has(e.tagName));
}

/** Double-quoted attribute value text: `&` and `"` escaped, line ends as the file's. */
export function quoteAttributeValue(value: string, eol: Eol): string {
  return '"' + normalizeEol(value, eol).replace(/&/g, '&amp;').replace(/"/g, '&quot;') + '"';
}

/**
 * Plans `patch` against `target` (an element of `page` carrying the patch's id).
 * Refusals: `invalid_html` when the fragment does not parse cleanly in its context;
 * `apply_error` when the op cannot apply to this element or its arguments are missing.
 */
export function planPatch(page: ParsedPage, target: Element, patch: HtmlPatch, eol: Eol): PlanResult {
  const text = page.text;
  const op = patch.op;
  const tag = `<${target.tagName}>`;
  const range = elementRange(target);
  if (!range) return refuse(`The element ${tag} has no position in the source; edit it through its parent.`);
  if (op === 'set_attribute' || op === 'remove_attribute') return planAttribute(page, target, range, patch, eol);
  if (!HTML_OPS.has(op) && op !== 'remove') {
    return refuse(`Unknown op ${JSON.stringify(op)}; use one of replace, inner, append, prepend, before, after, remove, set_attribute, remove_attribute.`);
  }
  const html = isHtmlElement(target);
  const structural = html && STRUCTURAL_ELEMENTS.has(target.tagName);
  if (structural && (op === 'replace' || op === 'remove' || op === 'before' || op === 'after')) {
    return refuse(`The ${tag} element cannot be ${op === 'remove' ? 'removed' : op === 'replace' ? 'replaced' : 'given siblings'}; edit its content with inner, append or prepend instead.`);
  }
  if (op === 'inner' || op === 'append' || op === 'prepend') {
    if (html && target.tagName === 'html') return refuse('The <html> element cannot be edited as a whole; patch an element inside <head> or <body>.');
    if (html && VOID_ELEMENTS.has(target.tagName)) return refuse(`${tag} is a void element and cannot have content; use replace, before or after instead.`);
    if (html && RAW_TEXT_ELEMENTS.has(target.tagName)) {
      return refuse(`${tag} holds raw text, not HTML, so ${op} cannot apply; use replace with the whole ${tag} element instead.`);
    }
  }
  if (op === 'remove') return { ok: true, plan: planRemove(page, target, range) };

  if (typeof patch.html !== 'string') return refuse(`The op "${op}" needs the "html" field (the HTML fragment to insert).`);
  const inside = op === 'inner' || op === 'append' || op === 'prepend';
  const context = inside ? target : (parentElementOf(page, target));
  const problem = checkFragment(context, patch.html);
  if (problem) return refuse(`The html of this patch does not parse cleanly inside <${context?.tagName ?? 'html'}>: ${problem}.`, 'invalid_html');

  const container = inside ? target : rangedContainer(page, parentElementOf(page, target));
  const plain = normalizeEol(patch.html, eol);
  const base = { tile: true, container };
  switch (op) {
    case 'replace':
      return { ok: true, plan: { ...base, start: range.start, oldEnd: range.end, insert: plain } };
    case 'inner':
      return { ok: true, plan: { ...base, start: range.startTagEnd, oldEnd: range.innerEnd, insert: plain } };
    case 'before':
    case 'after': {
      const at = op === 'before' ? range.start : range.end;
      const lineMode = standsAlone(text, range.start, range.end) && !inWhitespaceSensitive(page, target, false);
      if (!lineMode) return { ok: true, plan: { ...base, start: at, oldEnd: at, insert: plain } };
      const indent = indentBefore(text, range.start) ?? '';
      const block = asLines(patch.html, indent, eol);
      // before: the block then a line break, ahead of the element's own indentation.
      if (op === 'before') {
        const lineStart = lineStartOf(text, range.start);
        return { ok: true, plan: { ...base, start: lineStart, oldEnd: lineStart, insert: block + eol } };
      }
      return { ok: true, plan: { ...base, start: at, oldEnd: at, insert: eol + block } };
    }
    case 'append':
    case 'prepend':
      return { ok: true, plan: { ...base, ...placeInside(page, target, range, op, patch.html, plain, eol) } };
  }
  return refuse(`Unknown op ${JSON.stringify(op)}.`);
}

/** append/prepend placement (see layout.ts for the line rules). */
function placeInside(page: ParsedPage, target: Element, range: ElementRange, op: 'append' | 'prepend', html: string, plain: string, eol: Eol): { start: number; oldEnd: number; insert: string } {
  const text = page.text;
  const at = op === 'append' ? range.innerEnd : range.startTagEnd;
  const verbatim = { start: at, oldEnd: at, insert: plain };
  if (inWhitespaceSensitive(page, target, true)) return verbatim;
  const kids = childrenOf(target).filter(isElement);
  const parentIndent = indentBefore(text, range.start) ?? '';
  const childIndent = (child: Element | undefined): string => {
    const r = child ? elementRange(child) : undefined;
    const own = r ? indentBefore(text, r.start) : null;
    return own ?? parentIndent + indentStep(parentIndent);
  };
  if (op === 'append') {
    // The end tag must start its own line, and the start tag end on an earlier one.
    if (!range.hasEndTag || indentBefore(text, range.innerEnd) === null) return verbatim;
    const lineStart = lineStartOf(text, range.innerEnd);
    if (lineStart <= range.startTagEnd) return verbatim;
    const block = asLines(html, childIndent(kids[kids.length - 1]), eol);
    return { start: lineStart, oldEnd: lineStart, insert: block + eol };
  }
  if (!restOfLineBlank(text, range.startTagEnd)) return verbatim;
  const lineBreak = lineBreakAt(text, range.startTagEnd);
  if (lineBreak.length === 0 || lineBreak.at >= range.innerEnd) return verbatim;
  const after = lineBreak.at + lineBreak.length;
  const block = asLines(html, childIndent(kids[0]), eol);
  return { start: after, oldEnd: after, insert: block + eol };
}

/** remove: the element's range, or its whole line(s) when it stands alone on them. */
function planRemove(page: ParsedPage, target: Element, range: ElementRange): PatchPlan {
  const text = page.text;
  const container = rangedContainer(page, parentElementOf(page, target));
  let start = range.start;
  let end = range.end;
  if (standsAlone(text, range.start, range.end) && !inWhitespaceSensitive(page, target, false)) {
    const lineStart = lineStartOf(text, range.start);
    const lineBreak = lineBreakAt(text, range.end);
    if (lineBreak.length > 0) {
      start = lineStart;
      end = lineBreak.at + lineBreak.length;
    } else if (lineStart > 0) {
      // Last line without a line end: take the line end before it instead.
      start = lineStart - (lineStart >= 2 && text.charCodeAt(lineStart - 2) === 13 ? 2 : 1);
      end = text.length;
    }
  }
  return { start, oldEnd: end, insert: '', tile: true, container };
}

function planAttribute(page: ParsedPage, target: Element, range: ElementRange, patch: HtmlPatch, eol: Eol): PlanResult {
  const text = page.text;
  if (typeof patch.name !== 'string' || patch.name === '') return refuse(`The op "${patch.op}" needs the "name" field (the attribute name).`);
  if (!ATTRIBUTE_NAME.test(patch.name)) {
    return refuse(`${JSON.stringify(patch.name)} is not a valid attribute name (no spaces, quotes, "<", ">", "/", "=" or control characters).`);
  }
  const name = patch.name.toLowerCase();
  const locs = target.sourceCodeLocation?.attrs ?? {};
  const existing = locs[name];
  const attribute = { target, name };
  if (patch.op === 'remove_attribute') {
    if (!existing) return refuse(`<${target.tagName}> has no attribute "${patch.name}" to remove; check the attribute name.`);
    let start = existing.startOffset;
    while (start > range.start && /[\t\n\f\r ]/.test(text[start - 1])) start--;
    return { ok: true, plan: { start, oldEnd: existing.endOffset, insert: '', tile: false, container: null, attribute: { ...attribute, value: undefined } } };
  }
  if (typeof patch.value !== 'string') return refuse('The op "set_attribute" needs the "value" field (a string; "" for a boolean attribute).');
  if (name === 'id') {
    if (patch.value === '' || /[\t\n\f\r ]/.test(patch.value)) return refuse('An id must be non-empty and contain no whitespace.');
    const holders = page.ids.get(patch.value) ?? [];
    if (holders.some((el) => el !== target)) return refuse(`Another element already has id "${patch.value}"; ids must stay unique.`);
  }
  const quoted = quoteAttributeValue(patch.value, eol);
  const expected = normalizeEol(patch.value, '\n');
  if (existing) {
    const sourceName = /^[^\t\n\f\r =]+/.exec(text.slice(existing.startOffset, existing.endOffset))?.[0] ?? patch.name;
    return {
      ok: true,
      plan: { start: existing.startOffset, oldEnd: existing.endOffset, insert: `${sourceName}=${quoted}`, tile: false, container: null, attribute: { ...attribute, value: expected } },
    };
  }
  // After the last attribute (an element found by id always has one), else right after the tag name.
  let at = range.start + 1 + target.tagName.length;
  for (const loc of Object.values(locs)) at = Math.max(at, loc.endOffset);
  return { ok: true, plan: { start: at, oldEnd: at, insert: ` ${patch.name}=${quoted}`, tile: false, container: null, attribute: { ...attribute, value: expected } } };
}
