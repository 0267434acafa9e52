/**
 * The fast path of applyHtmlPatches: instead of re-parsing the whole page after every
 * patch, it keeps the parsed page as a model and updates it in place — the spliced source
 * ranges' offsets shifted, removed nodes detached, inserted nodes taken from a parse of the
 * inserted text in its context — then parses the final text once and requires that parse to
 * equal the model exactly: every element, comment and doctype with the same name,
 * namespace, attributes, source position and place in the tree, and the same text between
 * them (compared as joined runs without whitespace, see sameTextRuns). When anything is uncertain — a refusal, a model that does
 * not match the final parse — it answers `undefined` and the caller replays the patches one
 * by one with full re-parses (apply.ts), which finds the exact failing patch.
 *
 * It proves the final page only: an intermediate state that the reference would refuse
 * (a later patch erasing what an earlier one broke in place) is not detected when the final
 * page matches the model exactly; see README.md.
 *
 * Offsets are UTF-16 indexes of the current text. The model's text nodes and line/column
 * fields go stale after the first patch; nothing here reads them.
 */
import { parseFragment } from 'parse5';
import type { Eol } from '../text/eol';
import { childrenOf, ChildNode, Element, elementRange, isElement, Node, ParentNode } from './nodes';
import { ancestorsOf, parentElementOf, ParsedPage, parsePage } from './page';
import { planPatch, PatchPlan } from './plan';
import { parseIdSelector } from './selector';
import type { HtmlPatch } from './types';

type Loc = { startOffset: number; endOffset: number };
type ElementLoc = Loc & { startTag?: Loc; endTag?: Loc; attrs?: Record<string, Loc> };

/** Applied splices, in order, for the caller's change report. */
export interface FastResult {
  text: string;
  splices: Array<{ start: number; oldEnd: number; newEnd: number }>;
}

/** Tries all patches on a live model; undefined means "not proven, replay step by step". */
export function applyFast(html: string, patches: HtmlPatch[], eol: Eol): FastResult | undefined {
  const page = parsePage(html);
  if (!page.inSourceOrder) return undefined;
  const splices: FastResult['splices'] = [];
  for (const patch of patches) {
    if (patch === null || typeof patch !== 'object') return undefined;
    const selector = parseIdSelector(patch.selector);
    if (!selector.ok) return undefined;
    const matches = page.ids.get(selector.id) ?? [];
    if (matches.length !== 1 || !elementRange(matches[0])) return undefined;
    const target = matches[0];
    const planned = planPatch(page, target, patch, eol);
    if (!planned.ok) return undefined;
    const plan = planned.plan;
    if (!updateModel(page, target, patch, plan)) return undefined;
    splices.push({ start: plan.start, oldEnd: plan.oldEnd, newEnd: plan.start + plan.insert.length });
  }
  if (patches.length === 0) return { text: html, splices };
  const final = parsePage(page.text);
  return sameTree(page.document, final.document) ? { text: page.text, splices } : undefined;
}

/** Where the model's children change: the parse5 parent node and the element that is its context. */
function insertionParent(page: ParsedPage, target: Element, inside: boolean): { parent: ParentNode; context: Element | null } | undefined {
  if (inside) {
    const template = target as Element & { content?: ParentNode };
    return { parent: target.nodeName === 'template' && template.content ? template.content : target, context: target };
  }
  const parent = target.parentNode;
  if (!parent) return undefined;
  return { parent, context: parentElementOf(page, target) };
}

/** Applies `plan` to the model; false when the model cannot follow (then the caller replays). */
function updateModel(page: ParsedPage, target: Element, patch: HtmlPatch, plan: PatchPlan): boolean {
  const delta = plan.insert.length - (plan.oldEnd - plan.start);
  const text = page.text.slice(0, plan.start) + plan.insert + page.text.slice(plan.oldEnd);
  const op = patch.op;

  if (plan.attribute) {
    const { name, value } = plan.attribute;
    const loc = target.sourceCodeLocation as ElementLoc | undefined;
    if (!loc?.attrs) return false;
    const containing = new Set<Element>([target, ...ancestorsOf(page, target)]);
    shiftTree(page.document, plan.start, plan.oldEnd, delta, containing);
    const index = target.attrs.findIndex((a) => a.name.toLowerCase() === name && !a.prefix);
    if (value === undefined) {
      if (index < 0) return false;
      target.attrs.splice(index, 1);
      delete loc.attrs[name];
    } else if (index >= 0) {
      target.attrs[index] = { ...target.attrs[index], value };
    } else {
      target.attrs.push({ name, value });
      loc.attrs[name] = { startOffset: plan.start + 1, endOffset: plan.start + plan.insert.length } as Loc & Record<string, number>;
    }
    if (name === 'id') {
      const old = [...page.ids].find(([, els]) => els.includes(target));
      if (old) removeId(page, old[0], target);
      if (value !== undefined) addId(page, value, target);
    }
    page.text = text;
    return true;
  }

  const inside = op === 'inner' || op === 'append' || op === 'prepend';
  const where = insertionParent(page, target, inside);
  if (!where) return false;
  const kids = where.parent.childNodes as ChildNode[];
  let index: number;
  switch (op) {
    case 'replace':
    case 'remove':
    case 'before':
      index = kids.indexOf(target);
      break;
    case 'after':
      index = kids.indexOf(target) + 1;
      break;
    case 'prepend':
      index = 0;
      break;
    default: // inner, append
      index = kids.length;
  }
  if (index < 0) return false;

  // Detach what the splice removed.
  const removed: ChildNode[] = op === 'replace' || op === 'remove' ? kids.splice(index, 1) : op === 'inner' ? kids.splice(0, kids.length) : [];
  if (op === 'inner') index = 0;
  for (const node of removed) forgetSubtree(page, node);

  const containerChain = new Set<Element>();
  const containerEl = inside ? target : (parentElementOf(page, target));
  if (containerEl) for (const el of [containerEl, ...ancestorsOf(page, containerEl)]) containerChain.add(el);
  shiftTree(page.document, plan.start, plan.oldEnd, delta, containerChain);

  if (plan.insert.length > 0) {
    const fragment = parseFragment(where.context, plan.insert, { sourceCodeLocationInfo: true });
    const added = fragment.childNodes as ChildNode[];
    const newIds: string[] = [];
    for (const node of added) {
      shiftTree(node, 0, 0, plan.start, new Set());
      (node as { parentNode: ParentNode | null }).parentNode = where.parent;
      learnSubtree(page, node, newIds);
    }
    kids.splice(index, 0, ...added);
    // An id brought twice (or already used) is a refusal: let the replay report it.
    if (newIds.some((id) => (page.ids.get(id)?.length ?? 0) > 1)) return false;
  }
  page.text = text;
  return true;
}

function addId(page: ParsedPage, id: string, el: Element): void {
  const list = page.ids.get(id);
  if (list) list.push(el);
  else page.ids.set(id, [el]);
}

function removeId(page: ParsedPage, id: string, el: Element): void {
  const list = page.ids.get(id);
  if (!list) return;
  const rest = list.filter((e) => e !== el);
  if (rest.length > 0) page.ids.set(id, rest);
  else page.ids.delete(id);
}

function forEachElement(node: Node, visit: (el: Element) => void): void {
  const stack: Node[] = [node];
  while (stack.length > 0) {
    const n = stack.pop()!;
    if (isElement(n)) visit(n);
    stack.push(...childrenOf(n));
  }
}

function forgetSubtree(page: ParsedPage, node: Node): void {
  forEachElement(node, (el) => {
    for (const attr of el.attrs) if (attr.name === 'id' && !attr.prefix) removeId(page, attr.value, el);
  });
}

function learnSubtree(page: ParsedPage, node: ChildNode, newIds: string[]): void {
  if (!isElement(node)) return;
  const content = (node as { content?: Node }).content;
  if (node.nodeName === 'template' && content) page.templateOf.set(content, node);
  for (const attr of node.attrs) {
    if (attr.name !== 'id' || attr.prefix) continue;
    addId(page, attr.value, node);
    newIds.push(attr.value);
  }
  for (const kid of childrenOf(node)) learnSubtree(page, kid, newIds);
}

/**
 * Moves every source offset of the tree under `root` across the splice old
 * `[start, oldEnd)` → new `[start, oldEnd + delta)`. A start at the splice point moves
 * (the insertion comes before it); an end at the splice point stays (the insertion comes
 * after it), except the end of the elements in `containing`, which hold the splice.
 * Offsets inside the removed range belong to removed nodes and are left alone. Subtrees
 * that end before the splice are skipped. Text nodes are not shifted (nothing reads them).
 * Assumes no two nodes share a location object, which holds when the page is in source
 * order (no parser clones); `loc.attrs` is the same object as `loc.startTag.attrs` and is
 * shifted once, through `loc.attrs`.
 */
function shiftTree(root: Node, start: number, oldEnd: number, delta: number, containing: ReadonlySet<Element>): void {
  if (delta === 0 && oldEnd === start) return;
  const mapStart = (o: number): number => (o < start ? o : o >= oldEnd ? o + delta : o);
  const mapEnd = (o: number): number => (o <= start ? o : o >= oldEnd ? o + delta : o);
  const shift = (loc: Loc | undefined): void => {
    if (!loc) return;
    loc.startOffset = mapStart(loc.startOffset);
    loc.endOffset = mapEnd(loc.endOffset);
  };
  const stack: Node[] = [root];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const loc = (node as { sourceCodeLocation?: ElementLoc | null }).sourceCodeLocation ?? undefined;
    if (loc) {
      if (loc.endOffset < start && !(isElement(node) && containing.has(node))) continue; // all before the splice
      loc.startOffset = mapStart(loc.startOffset);
      loc.endOffset = isElement(node) && containing.has(node) ? (loc.endOffset >= oldEnd ? loc.endOffset + delta : loc.endOffset) : mapEnd(loc.endOffset);
      shift(loc.startTag);
      shift(loc.endTag);
      if (loc.attrs) for (const name in loc.attrs) shift(loc.attrs[name]);
    }
    const kids = childrenOf(node);
    for (let i = kids.length - 1; i >= 0; i--) if (kids[i].nodeName !== '#text') stack.push(kids[i]);
  }
}

/** Whether two trees agree on every element, comment, doctype and text run (see the module comment). */
export function sameTree(a: Node, b: Node): boolean {
  const stack: Array<[Node, Node]> = [[a, b]];
  while (stack.length > 0) {
    const [x, y] = stack.pop()!;
    if (x.nodeName !== y.nodeName) return false;
    const xl = (x as { sourceCodeLocation?: ElementLoc | null }).sourceCodeLocation;
    const yl = (y as { sourceCodeLocation?: ElementLoc | null }).sourceCodeLocation;
    if (!xl !== !yl) return false;
    if (isElement(x) && isElement(y)) {
      if (x.namespaceURI !== y.namespaceURI || !sameAttributes(x, y)) return false;
      if (xl && yl) {
        const xr = elementRange(x);
        const yr = elementRange(y);
        if (!xr !== !yr) return false;
        if (xr && yr && (xr.start !== yr.start || xr.startTagEnd !== yr.startTagEnd || xr.end !== yr.end || xr.hasEndTag !== yr.hasEndTag)) return false;
      }
    } else if (xl && yl && (xl.startOffset !== yl.startOffset || xl.endOffset !== yl.endOffset)) {
      return false;
    }
    const xk = childrenOf(x);
    const yk = childrenOf(y);
    const xn = xk.filter((n) => n.nodeName !== '#text');
    const yn = yk.filter((n) => n.nodeName !== '#text');
    if (xn.length !== yn.length || !sameTextRuns(xk, yk)) return false;
    for (let i = 0; i < xn.length; i++) stack.push([xn[i], yn[i]]);
  }
  return true;
}

/**
 * Whether two child lists hold the same text between their non-text children, ignoring
 * whitespace. Adjacent text nodes are joined first, since the parser merges them; this
 * catches text the parser moved elsewhere (foster parenting out of a table). Whitespace is
 * left out because the model does not split a text node at an insertion point inside it
 * (line-mode insertions land inside indentation), and the parser never moves whitespace
 * alone: the source bytes stay exact either way.
 */
function sameTextRuns(a: ChildNode[], b: ChildNode[]): boolean {
  const runs = (kids: ChildNode[]): string[] => {
    const out: string[] = [''];
    for (const kid of kids) {
      if (kid.nodeName === '#text') out[out.length - 1] += (kid as { value: string }).value.replace(/[\t\n\f\r ]+/g, '');
      else out.push('');
    }
    return out;
  };
  const ra = runs(a);
  const rb = runs(b);
  return ra.length === rb.length && ra.every((text, i) => text === rb[i]);
}

function sameAttributes(x: Element, y: Element): boolean {
  if (x.attrs.length !== y.attrs.length) return false;
  const values = new Map(y.attrs.map((a) => [a.name.toLowerCase(), a.value]));
  return x.attrs.every((a) => values.get(a.name.toLowerCase()) === a.value);
}
