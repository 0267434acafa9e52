/**
 * The structural test behind "this HTML parses cleanly": the parsed nodes must account for
 * every character of the inserted source, in source order, each exactly once.
 *
 * Walking the tree in document order, each node contributes its source tokens — an
 * element its start tag, its children, then its end tag; a text, comment or doctype its
 * own range — and those ranges must tile [from, to) with no gap and no overlap:
 * - a gap means the parser dropped a token (a stray `</div>`, a `<tr>` outside a table,
 *   a second `<body>`);
 * - a range before the cursor means the parser moved or duplicated a node (foster
 *   parenting out of a table, formatting elements cloned by misnested tags);
 * - an element reaching past `to` means it swallowed what follows (left open);
 * - a non-void HTML element without an explicit end tag is refused (implicitly closed
 *   elements like `<p>a<div>` or `<li>x` depend on what follows them); a foreign (SVG,
 *   MathML) element may instead be self-closing (`<path/>`);
 * - an element the parser implied from an end tag (`</p>` alone makes an empty `<p>`) has no
 *   start tag and is refused; wrappers implied with no tag at all (`<tbody>` around
 *   `<tr>`) are transparent and allowed;
 * - a text range containing `<` + letter, `/`, `!` or `?` outside raw-text elements means
 *   a tag was swallowed into text.
 * Nodes entirely outside [from, to) are skipped; text nodes are clipped to it, because the
 * parser merges inserted text with the page text next to it.
 */
import { childrenOf, ChildNode, elementRange, isElement, isHtmlElement, RAW_TEXT_ELEMENTS, VOID_ELEMENTS } from './nodes';

export type TileProblemKind = 'dropped' | 'moved' | 'unclosed' | 'implied' | 'swallowed' | 'tag_in_text';

export interface TileProblem {
  kind: TileProblemKind;
  /** Offset in the tiled text where the problem shows. */
  offset: number;
  /** The element involved, when there is one. */
  tag?: string;
}

interface Cursor {
  at: number;
}

/**
 * Checks that `nodes` (the children of one parent, in order) tile `text[from, to)`.
 * `rawParent` tells whether the parent reads its content as raw text.
 * Returns the first problem, or null when the range is cleanly accounted for.
 */
export function tileRange(nodes: ChildNode[], text: string, from: number, to: number, rawParent = false): TileProblem | null {
  const cursor: Cursor = { at: from };
  const problem = tileChildren(nodes, text, from, to, rawParent, cursor);
  if (problem) return problem;
  if (cursor.at !== to) return { kind: 'dropped', offset: cursor.at };
  return null;
}

function tileChildren(nodes: ChildNode[], text: string, from: number, to: number, rawParent: boolean, cursor: Cursor): TileProblem | null {
  for (const node of nodes) {
    const problem = tileNode(node, text, from, to, rawParent, cursor);
    if (problem) return problem;
  }
  return null;
}

/** Compares where a token starts with where the previous one ended. */
function expectAt(start: number, cursor: Cursor, tag?: string): TileProblem | null {
  if (start > cursor.at) return { kind: 'dropped', offset: cursor.at, tag };
  if (start < cursor.at) return { kind: 'moved', offset: start, tag };
  return null;
}

function tileNode(node: ChildNode, text: string, from: number, to: number, rawParent: boolean, cursor: Cursor): TileProblem | null {
  if (!isElement(node)) {
    const loc = node.sourceCodeLocation;
    if (!loc) return null;
    const a = loc.startOffset;
    const b = loc.endOffset;
    if (b <= from || a >= to) return null; // outside the range
    if (node.nodeName === '#text') {
      const start = Math.max(a, from);
      const end = Math.min(b, to);
      const mismatch = expectAt(start, cursor);
      if (mismatch) return mismatch;
      if (!rawParent) {
        const tagLike = /<[A-Za-z/!?]/.exec(text.slice(start, end));
        if (tagLike) return { kind: 'tag_in_text', offset: start + tagLike.index };
      }
      cursor.at = end;
      return null;
    }
    if (a < from || b > to) return { kind: 'swallowed', offset: Math.max(a, from) };
    const mismatch = expectAt(a, cursor);
    if (mismatch) return mismatch;
    cursor.at = b;
    return null;
  }
  const loc = node.sourceCodeLocation;
  if (!loc) {
    // A wrapper the parser implied with no tag at all (tbody, colgroup, html/head/body): transparent.
    return tileChildren(childrenOf(node), text, from, to, rawParent, cursor);
  }
  const range = elementRange(node);
  if (!range) {
    if (loc.endOffset <= from || loc.startOffset >= to) return null;
    return { kind: 'implied', offset: Math.max(loc.startOffset, from), tag: node.tagName };
  }
  if (range.end <= from || range.start >= to) return null; // outside the range
  if (range.start < from || range.end > to) return { kind: 'swallowed', offset: Math.max(range.start, from), tag: node.tagName };
  const mismatch = expectAt(range.start, cursor, node.tagName);
  if (mismatch) return mismatch;
  cursor.at = range.startTagEnd;
  const html = isHtmlElement(node);
  const isVoid = html && VOID_ELEMENTS.has(node.tagName);
  const raw = html && RAW_TEXT_ELEMENTS.has(node.tagName);
  const inner = tileChildren(childrenOf(node), text, from, to, raw, cursor);
  if (inner) return inner;
  if (range.hasEndTag) {
    if (isVoid) return { kind: 'dropped', offset: range.innerEnd, tag: node.tagName };
    const endMismatch = expectAt(range.innerEnd, cursor, node.tagName);
    if (endMismatch) return endMismatch;
    cursor.at = range.end;
    return null;
  }
  const selfClosing = text.slice(range.start, range.startTagEnd).endsWith('/>');
  if (!isVoid && !(selfClosing && !html)) return { kind: 'unclosed', offset: range.start, tag: node.tagName };
  return null;
}
