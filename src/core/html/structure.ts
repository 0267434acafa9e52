/**
 * Proof that a splice changed the page only where intended: the old and the new tree are
 * walked side by side, and every node outside the spliced range must still be there, same
 * name, same parent, at the same source position (shifted past the splice). This catches
 * what a fragment parsed alone cannot show: a `<div>` put inside a `<p>` closes that `<p>`
 * in the page, an element left open swallows its following siblings, removing an element
 * lets an implicitly closed neighbour grow.
 *
 * Text nodes are not compared (inserted text legitimately merges with its neighbours);
 * elements, comments and the doctype are.
 */
import { childrenOf, ChildNode, Element, elementRange, isElement, Node } from './nodes';

/** One text replacement: old `[start, oldEnd)` became new `[start, newEnd)`. */
export interface Splice {
  start: number;
  oldEnd: number;
  newEnd: number;
}

export type StructureCheck =
  | { ok: true; /** The new node matching `watched` in the old tree. */ watched: Element | undefined }
  | { ok: false; offset: number; tag?: string };

type Extent = { start: number; end: number } | null;

/** The source extent of a node; for an implied element, the union of its children's. */
function extentOf(node: Node): Extent {
  const loc = (node as { sourceCodeLocation?: { startOffset: number; endOffset: number } | null }).sourceCodeLocation;
  if (loc) {
    if (isElement(node)) {
      const range = elementRange(node);
      if (range) return { start: range.start, end: range.end };
    }
    return { start: loc.startOffset, end: loc.endOffset };
  }
  let start = Infinity;
  let end = -Infinity;
  for (const kid of childrenOf(node)) {
    if (kid.nodeName === '#text') continue;
    const e = extentOf(kid);
    if (!e) continue;
    start = Math.min(start, e.start);
    end = Math.max(end, e.end);
  }
  return start === Infinity ? null : { start, end };
}

/** html, head and body exist in every parsed document, written or implied. */
function isAlwaysPresent(node: Node): boolean {
  return !(node as { sourceCodeLocation?: unknown }).sourceCodeLocation && (node.nodeName === 'html' || node.nodeName === 'head' || node.nodeName === 'body');
}

function comparedChildren(node: Node): ChildNode[] {
  return childrenOf(node).filter((kid) => kid.nodeName !== '#text');
}

/**
 * Walks `oldRoot` and `newRoot` together. Old nodes inside `[start, oldEnd)` are the ones the
 * splice removed, new nodes inside `[start, newEnd)` the ones it inserted; all others must
 * pair up. Returns the new counterpart of `watched` (an old element), or where they diverge.
 *
 * Boundaries: a node ending exactly at an insertion point keeps its end (the insertion is
 * after it), except `watched` and its ancestors (`containing`), which contain the splice and
 * so end after it — this matters for elements whose end tag is implied (`<li>x` then
 * append). Wrappers the parser implied without any tag (tbody, colgroup) are compared by
 * name only, and the always-present html/head/body are never counted as removed or
 * inserted.
 */
export function compareStructure(oldRoot: Node, newRoot: Node, splice: Splice, watched?: Element, containing: ReadonlySet<Node> = new Set()): StructureCheck {
  const delta = splice.newEnd - splice.oldEnd;
  const mapStart = (o: number): number => (o < splice.start ? o : o >= splice.oldEnd ? o + delta : NaN);
  const mapEnd = (o: number): number => (o <= splice.start ? o : o >= splice.oldEnd ? o + delta : NaN);
  const mapContainingEnd = (o: number): number => (o < splice.start ? o : o >= splice.oldEnd ? o + delta : NaN);
  const inside = (node: Node, end: number): boolean => {
    if (end <= splice.start || isAlwaysPresent(node)) return false;
    const e = extentOf(node);
    return e !== null && e.start >= splice.start && e.end <= end;
  };
  let found: Element | undefined;

  const stack: Array<[Node, Node]> = [[oldRoot, newRoot]];
  while (stack.length > 0) {
    const [oldNode, newNode] = stack.pop()!;
    if (oldNode === watched) found = newNode as Element;
    const oldKids = comparedChildren(oldNode).filter((k) => !inside(k, splice.oldEnd));
    const newKids = comparedChildren(newNode).filter((k) => !inside(k, splice.newEnd));
    const count = Math.min(oldKids.length, newKids.length);
    for (let i = 0; i < count; i++) {
      const o = oldKids[i];
      const n = newKids[i];
      const oe = extentOf(o);
      const ne = extentOf(n);
      const sameName = o.nodeName === n.nodeName;
      const endOf = containing.has(o) ? mapContainingEnd : mapEnd;
      const samePlace =
        // An implied wrapper (no tags) may gain or lose children at its edges.
        (!o.sourceCodeLocation && !n.sourceCodeLocation) ||
        (oe !== null && ne !== null && mapStart(oe.start) === ne.start && endOf(oe.end) === ne.end);
      if (!sameName || !samePlace) {
        const offset = ne ? ne.start : oe && !Number.isNaN(mapStart(oe.start)) ? mapStart(oe.start) : splice.start;
        return { ok: false, offset, tag: isElement(n) ? n.tagName : isElement(o) ? o.tagName : undefined };
      }
      stack.push([o, n]);
    }
    if (oldKids.length !== newKids.length) {
      const extra = oldKids.length > newKids.length ? oldKids[count] : newKids[count];
      const e = extentOf(extra);
      return { ok: false, offset: e ? e.start : splice.start, tag: isElement(extra) ? extra.tagName : undefined };
    }
  }
  return { ok: true, watched: found };
}
