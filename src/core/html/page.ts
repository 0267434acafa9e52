/**
 * A parsed page: the parse5 document with source locations, and an index of elements by id.
 */
import { parse } from 'parse5';
import { attributeValue, childrenOf, Element, elementRange, isElement, Node } from './nodes';

export interface ParsedPage {
  /** The text that was parsed; every offset of the tree refers to it. */
  text: string;
  document: Node;
  /** Elements carrying each id, in document order (template contents included). */
  ids: Map<string, Element[]>;
  /** The `<template>` owning each template content fragment. */
  templateOf: Map<Node, Element>;
  /**
   * Whether the tree follows the source order: element start tags strictly increase in
   * document order. False when the parser moved or cloned elements (misnested formatting
   * tags, content foster-parented out of a table); the fast path then stands aside.
   */
  inSourceOrder: boolean;
}

/**
 * Parses a whole document (never throws: parse5 recovers from any input) and indexes ids.
 * Parse errors of the page itself are ignored: the engine only judges what a patch inserts.
 */
export function parsePage(text: string): ParsedPage {
  const document = parse(text, { sourceCodeLocationInfo: true }) as Node;
  const ids = new Map<string, Element[]>();
  const templateOf = new Map<Node, Element>();
  let lastStart = -1;
  let inSourceOrder = true;
  const stack: Node[] = [document];
  while (stack.length > 0) {
    const node = stack.pop()!;
    if (isElement(node)) {
      const start = node.sourceCodeLocation?.startTag?.startOffset;
      if (start !== undefined) {
        if (start <= lastStart) inSourceOrder = false;
        lastStart = start;
      }
      const id = attributeValue(node, 'id');
      if (id !== undefined) {
        const list = ids.get(id);
        if (list) list.push(node);
        else ids.set(id, [node]);
      }
      const content = (node as { content?: Node }).content;
      if (node.nodeName === 'template' && content) templateOf.set(content, node);
    }
    const kids = childrenOf(node);
    for (let i = kids.length - 1; i >= 0; i--) if (isElement(kids[i])) stack.push(kids[i]);
  }
  return { text, document, ids, templateOf, inSourceOrder };
}

/** The element acting as parent of `el` (a template for its content's children), or null at the top. */
export function parentElementOf(page: ParsedPage, el: Element | null): Element | null {
  if (el === null) return null;
  const parent = el.parentNode;
  if (!parent) return null;
  if (isElement(parent)) return parent;
  return page.templateOf.get(parent) ?? null;
}

/** Every element's ancestors up to the root, nearest first. */
export function ancestorsOf(page: ParsedPage, el: Element): Element[] {
  const out: Element[] = [];
  for (let p = parentElementOf(page, el); p !== null; p = parentElementOf(page, p)) out.push(p);
  return out;
}

/** Nearest ancestor-or-self that has a source range; null when only the document is left. */
export function rangedContainer(page: ParsedPage, el: Element | null): Element | null {
  for (let e = el; e !== null; e = parentElementOf(page, e)) if (elementRange(e)) return e;
  return null;
}
