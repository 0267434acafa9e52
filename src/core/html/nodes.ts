/**
 * parse5 tree helpers: node kinds, children (template content included), element source
 * ranges, and the element categories the engine treats specially.
 */
import type { DefaultTreeAdapterTypes as T } from 'parse5';

export type Node = T.Node;
export type ChildNode = T.ChildNode;
export type Element = T.Element;
export type ParentNode = T.ParentNode;

/** Elements that never have content or an end tag (HTML spec "void elements" plus legacy ones). */
export const VOID_ELEMENTS: ReadonlySet<string> = new Set([
  'area', 'base', 'basefont', 'bgsound', 'br', 'col', 'embed', 'frame', 'hr', 'img', 'input',
  'keygen', 'link', 'meta', 'param', 'source', 'track', 'wbr',
]);

/**
 * Elements whose content the tokenizer reads as raw text or RCDATA (no child elements), so
 * an HTML fragment cannot be put inside them. `noscript` is included because parse5 parses
 * with scripting enabled.
 */
export const RAW_TEXT_ELEMENTS: ReadonlySet<string> = new Set([
  'script', 'style', 'textarea', 'title', 'xmp', 'iframe', 'noembed', 'noframes', 'noscript', 'plaintext',
]);

/** Elements inside which whitespace is content: the engine adds no indentation there. */
export const WHITESPACE_SENSITIVE: ReadonlySet<string> = new Set([
  'pre', 'listing', 'textarea', 'plaintext', 'xmp', 'script', 'style',
]);

/** Elements the engine will not remove, replace, or put siblings next to. */
export const STRUCTURAL_ELEMENTS: ReadonlySet<string> = new Set(['html', 'head', 'body']);

const HTML_NS = 'http://www.w3.org/1999/xhtml';

export function isElement(node: Node): node is Element {
  return (node as Element).tagName !== undefined;
}

export function isHtmlElement(el: Element): boolean {
  return el.namespaceURI === HTML_NS;
}

/** Children of a node in source order; for `<template>`, the children of its content. */
export function childrenOf(node: Node): ChildNode[] {
  const template = node as T.Template;
  if (template.content !== undefined && template.nodeName === 'template') return template.content.childNodes;
  return (node as { childNodes?: ChildNode[] }).childNodes ?? [];
}

/** The source range of an element, all offsets in UTF-16 code units of the parsed text. */
export interface ElementRange {
  /** Start of the start tag (= start of the element). */
  start: number;
  /** End of the start tag (= start of the content). */
  startTagEnd: number;
  /** End of the content: start of the end tag, or the element's end when the end tag is implied. */
  innerEnd: number;
  /** End of the element: end of the end tag, or where the parser closed it. */
  end: number;
  /** Whether the source has an explicit end tag for it. */
  hasEndTag: boolean;
}

/** The element's source range, or undefined when the parser implied it (no start tag in the source). */
export function elementRange(el: Element): ElementRange | undefined {
  const loc = el.sourceCodeLocation;
  if (!loc || !loc.startTag) return undefined;
  const endTag = loc.endTag;
  return {
    start: loc.startTag.startOffset,
    startTagEnd: loc.startTag.endOffset,
    innerEnd: endTag ? endTag.startOffset : Math.max(loc.endOffset, loc.startTag.endOffset),
    end: endTag ? endTag.endOffset : Math.max(loc.endOffset, loc.startTag.endOffset),
    hasEndTag: endTag !== undefined,
  };
}

/** The value of attribute `name` (already lowercase), or undefined. */
export function attributeValue(el: Element, name: string): string | undefined {
  for (const attr of el.attrs) if (attr.name.toLowerCase() === name && !attr.prefix) return attr.value;
  return undefined;
}
