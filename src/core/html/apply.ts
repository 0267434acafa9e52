/**
 * applyHtmlPatches: selector-addressed edits of an HTML text, all or nothing.
 *
 * Each patch, in order, against the text as the previous patches left it:
 * 1. the selector is parsed (`#id` only, see selector.ts) and resolved on a parse of the
 *    current text: exactly one element must carry the id;
 * 2. the op is planned as one splice of the source (plan.ts): the element's whole range,
 *    its content range, a point before/after it or its children, or an attribute's range
 *    inside its start tag; any HTML fragment is first checked alone in the context of its
 *    future parent (fragment.ts);
 * 3. the splice is applied and the new text re-parsed; the new tree must equal the old one
 *    outside the splice (structure.ts), the inserted text must parse as children of the
 *    intended parent (tiling.ts), ids it brings must be new, and an attribute op must
 *    leave exactly the intended attributes.
 * (The fast path in model.ts reaches the same result with one final re-parse when it can
 * prove it; see there.)
 * The first failing patch stops everything: the input text is returned untouched (the
 * caller simply keeps it) and the failure lists the patches that were valid before it.
 * Every byte outside the spliced ranges is preserved; inserted text uses the file's EOL.
 */
import { describeTileProblem } from './describe';
import { detectEol } from '../text/eol';
import { applyFast, FastResult } from './model';
import { nearestIds } from './candidates';
import { recordSplice, Span, spansToLines } from './changes';
import { childrenOf, Element, isHtmlElement, Node, RAW_TEXT_ELEMENTS } from './nodes';
import { ancestorsOf, ParsedPage, parsePage } from './page';
import { planPatch, PatchPlan } from './plan';
import { parseIdSelector } from './selector';
import { compareStructure } from './structure';
import { tileRange } from './tiling';
import type { HtmlFailureReason, HtmlPatch, HtmlResult } from './types';

const BASE_INSTRUCTION = "Selectors must exist in the current HTML; if the element doesn't exist yet, create it first; use only #id selectors.";

/** The corrective instruction sent with a failure, adapted to its reason. */
export function instructionFor(reason: HtmlFailureReason): string {
  switch (reason) {
    case 'selector_not_found':
      return `${BASE_INSTRUCTION} Re-read the file or pick one of the candidates.`;
    case 'not_unique':
      return `${BASE_INSTRUCTION} This id is on several elements; give them distinct ids or edit the file as text.`;
    case 'empty_selector':
    case 'unsupported_selector':
      return BASE_INSTRUCTION;
    case 'invalid_html':
      return 'Send an HTML fragment that is well formed where it goes: every non-void element closed, no stray end tags, only content allowed inside that parent, attributes quoted, no id already used in the page.';
    case 'apply_error':
      return 'Fix this patch as the message says (the op, its required fields, or the target element); the other patches can be sent again unchanged.';
  }
}

type Step = { ok: true; page: ParsedPage; plan: PatchPlan } | { ok: false; reason: HtmlFailureReason; message: string; candidates?: string[] };

/**
 * Applies `patches` in order to `html`. Pure: returns the new text, or a failure value and
 * no text (nothing was applied). An empty `patches` list succeeds with the text unchanged.
 * Never throws for any input.
 */
export function applyHtmlPatches(html: string, patches: HtmlPatch[]): HtmlResult {
  const eol = detectEol(html);
  let fast: FastResult | undefined;
  try {
    fast = Array.isArray(patches) ? applyFast(html, patches, eol) : undefined;
  } catch {
    fast = undefined; // the step-by-step replay below is the reference; it reports any problem
  }
  if (fast) {
    let spans: Span[] = [];
    for (const s of fast.splices) spans = recordSplice(spans, s.start, s.oldEnd, s.newEnd);
    return { ok: true, text: fast.text, applied: patches.length, changed: spansToLines(fast.text, spans) };
  }
  return applyHtmlPatchesStepwise(html, patches);
}

/**
 * The reference implementation: each patch is planned on a full parse of the current text,
 * spliced, and the result re-parsed and verified before the next patch. applyHtmlPatches
 * uses it whenever its fast path (model.ts) cannot prove the result, so every failure is
 * reported from here. Same contract as applyHtmlPatches.
 */
export function applyHtmlPatchesStepwise(html: string, patches: HtmlPatch[]): HtmlResult {
  const eol = detectEol(html);
  if (!Array.isArray(patches)) {
    const message = 'Patches must be an array of {selector, op, html?, name?, value?}.';
    return { ok: false, error: { type: 'HTML_PATCH_FAILED', message, failed_index: 0, reason: 'apply_error', valid_indexes: [], instruction: instructionFor('apply_error') } };
  }
  let page = parsePage(html);
  let spans: Span[] = [];
  for (let index = 0; index < patches.length; index++) {
    let step: Step;
    try {
      step = applyOne(page, patches[index], eol);
    } catch (error) {
      // Defensive: a parser or engine bug must not escape as an exception; nothing was applied.
      step = { ok: false, reason: 'apply_error', message: `Internal error while applying this patch: ${(error as Error).message}` };
    }
    if (!step.ok) {
      const valid = Array.from({ length: index }, (_, i) => i);
      const notApplied = index > 0 ? ` No patch was applied; patches ${valid.join(', ')} were valid.` : ' No patch was applied.';
      return {
        ok: false,
        error: {
          type: 'HTML_PATCH_FAILED',
          message: `Patch ${index}: ${step.message}${notApplied}`,
          failed_index: index,
          reason: step.reason,
          valid_indexes: valid,
          instruction: instructionFor(step.reason),
          ...(step.candidates ? { candidates: step.candidates } : {}),
        },
      };
    }
    spans = recordSplice(spans, step.plan.start, step.plan.oldEnd, step.plan.start + step.plan.insert.length);
    page = step.page;
  }
  return { ok: true, text: page.text, applied: patches.length, changed: spansToLines(page.text, spans) };
}

function applyOne(page: ParsedPage, patch: HtmlPatch, eol: '\n' | '\r\n'): Step {
  if (patch === null || typeof patch !== 'object') return { ok: false, reason: 'apply_error', message: 'A patch must be an object {selector, op, html?, name?, value?}.' };
  const selector = parseIdSelector(patch.selector);
  if (!selector.ok) return { ok: false, reason: selector.reason, message: selector.message };
  const id = selector.id;
  const matches = page.ids.get(id) ?? [];
  if (matches.length === 0) {
    const candidates = nearestIds(id, page.ids.keys());
    const hint = candidates.length > 0 ? ` Nearest existing ids: ${candidates.map((c) => '#' + c).join(', ')}.` : ' The page has no element with a similar id.';
    return { ok: false, reason: 'selector_not_found', message: `No element has id "${id}".${hint}`, candidates };
  }
  // Misnested formatting tags make the parser clone an element (same id, no start tag of
  // its own, or the same one): that is one source element split in several, not a duplicate.
  const written = matches.filter((el) => el.sourceCodeLocation?.startTag !== undefined);
  const starts = new Set(written.map((el) => el.sourceCodeLocation!.startTag!.startOffset));
  if (starts.size > 1) {
    const lines = written.map((el) => el.sourceCodeLocation!.startTag!.startLine);
    return { ok: false, reason: 'not_unique', message: `${starts.size} elements have id "${id}" (lines ${[...new Set(lines)].join(', ')}); the selector must match exactly one.` };
  }
  if (matches.length > 1) {
    return { ok: false, reason: 'apply_error', message: `The element #${id} is misnested in the source and the parser split it into ${matches.length} elements; replace its parent instead.` };
  }
  const target = matches[0];
  const planned = planPatch(page, target, patch, eol);
  if (!planned.ok) return planned;
  const plan = planned.plan;
  const text = page.text.slice(0, plan.start) + plan.insert + page.text.slice(plan.oldEnd);
  const next = parsePage(text);
  const problem = verify(page, next, plan);
  if (problem) return problem;
  return { ok: true, page: next, plan };
}

/** Proves the re-parsed page is the old one plus exactly the intended change. */
function verify(page: ParsedPage, next: ParsedPage, plan: PatchPlan): Step | null {
  const newEnd = plan.start + plan.insert.length;
  const watched = plan.attribute ? plan.attribute.target : (plan.container ?? undefined);
  const containing = new Set<Node>(watched ? [watched, ...ancestorsOf(page, watched)] : []);
  const structure = compareStructure(page.document, next.document, { start: plan.start, oldEnd: plan.oldEnd, newEnd }, watched, containing);
  const restructured = (offset: number, tag?: string): Step => ({
    ok: false,
    reason: plan.attribute ? 'apply_error' : 'invalid_html',
    message: `In the page, the parser would restructure the HTML around ${tag ? `<${tag}>` : 'the change'} (line ${lineOf(next.text, offset)}), e.g. a block element inside <p>, an element left open, or content not allowed in that parent; change the fragment or patch a different element.`,
  });
  if (!structure.ok) return restructured(structure.offset, structure.tag);
  if (watched !== undefined && structure.watched === undefined) return restructured(plan.start);
  const container = structure.watched ?? null;

  if (plan.attribute) return verifyAttributes(plan, container);

  if (plan.tile) {
    const root = container ?? next.document;
    const raw = container !== null && isHtmlElement(container) && RAW_TEXT_ELEMENTS.has(container.tagName);
    const problem = tileRange(childrenOf(root), next.text, plan.start, newEnd, raw);
    if (problem) {
      const excerpt = next.text.slice(plan.start, newEnd);
      const shifted = { ...problem, offset: Math.max(0, problem.offset - plan.start) };
      const where = container ? `inside <${container.tagName}>` : 'at the top level';
      return {
        ok: false,
        reason: 'invalid_html',
        message: `In the page, the inserted html would not stay ${where} as intended: ${describeTileProblem(shifted, excerpt, 'inserted html')}.`,
      };
    }
  }
  return duplicateIds(next, plan.start, newEnd);
}

function verifyAttributes(plan: PatchPlan, target: Element | null): Step | null {
  const attribute = plan.attribute!;
  const before = new Map(attribute.target.attrs.map((a) => [a.name.toLowerCase(), a.value]));
  if (attribute.value === undefined) before.delete(attribute.name);
  else before.set(attribute.name, attribute.value);
  const after = new Map((target?.attrs ?? []).map((a) => [a.name.toLowerCase(), a.value]));
  const same = target !== null && before.size === after.size && [...before].every(([k, v]) => after.get(k) === v);
  if (same) return null;
  return { ok: false, reason: 'apply_error', message: `The attribute "${attribute.name}" could not be written so that it reads back exactly (unusual start tag syntax); use replace on the element instead.` };
}

/** Refuses ids brought by the inserted text `[start, end)` that now exist more than once. */
function duplicateIds(next: ParsedPage, start: number, end: number): Step | null {
  if (end === start) return null;
  for (const [id, elements] of next.ids) {
    if (elements.length < 2) continue;
    const inserted = elements.some((el) => {
      const at = el.sourceCodeLocation?.startTag?.startOffset ?? -1;
      return at >= start && at < end;
    });
    if (inserted) return { ok: false, reason: 'invalid_html', message: `The html brings id "${id}", which the page already uses; ids must stay unique.` };
  }
  return null;
}

function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
