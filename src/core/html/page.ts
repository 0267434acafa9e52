/**
 * A parsed page: the parse5 document with source locations, and an index of elements by id.
 */
import { parse } from 'parse5';
import { attributeValue, childrenOf, Element, isElement, Node } from './nodes';

export interface ParsedPage {
  /** The text that was parsed; every offset of the tree refers to it. */
  text: string;
  document: Node;
  /** Elements carrying each id, in document order (template contents included). */
  ids: Map<string, Element[]>;
  /** The element acting as parent of each element (a template for its content's children); null at the top. */
  parentOf: Map<Element, Element | null>;
}

/**
 * Parses a whole document (never throws: parse5 recovers from any input) and indexes ids.
 * Parse errors of the page itself are ignored: the engine only judges what a patch inserts.
 */
export function parsePage(text: string): ParsedPage {
  const document = parse(text, { sourceCodeLocationInfo: true }) as Node;
  const ids = new Map<string, Element[]>();
  const parentOf = new Map<Element, Element | null>();
  const stack: Array<[Node, Element | null]> = [[document, null]];
  while (stack.length > 0) {
    const [node, parent] = stack.pop()!;
    const kids = childrenOf(node);
    for (let i = kids.length - 1; i >= 0; i--) {
      const kid = kids[i];
      if (!isElement(kid)) continue;
      parentOf.set(kid, parent);
      stack.push([kid, kid]);
    }
    if (isElement(node)) {
      const id = attributeValue(node, 'id');
      if (id !== undefined) {
        const list = ids.get(id);
        if (list) list.push(node);
        else ids.set(id, [node]);
      }
    }
  }
  return { text, document, ids, parentOf };
}

/** Every element's ancestors up to the root, nearest first. */
export function ancestorsOf(page: ParsedPage, el: Element): Element[] {
  const out: Element[] = [];
  for (let p = page.parentOf.get(el) ?? null; p !== null; p = page.parentOf.get(p) ?? null) out.push(p);
  return out;
}
