import { parseTree, type Node, type ParseError } from 'jsonc-parser';

/** One key path whose value differs between the old and the new JSON text. */
export interface JsonKeyChange {
  /** Display form: each name JSON-quoted, array indexes in brackets (`"a"."b"[0]`). */
  path: string;
  kind: 'added' | 'changed' | 'removed';
  /** The new value, JSON, shortened (absent for removals and for objects/arrays). */
  value?: string;
}

export interface JsonChangeSummary {
  changes: JsonKeyChange[];
  /** True when not every difference is listed (a limit was reached). */
  truncated: boolean;
  /** True when the new text has JSON syntax errors (the list is then a best effort). */
  newTextHasErrors: boolean;
}

export interface JsonChangeLimits {
  /** Most changes listed. Default 25. */
  maxChanges?: number;
  /** Most tree nodes visited over both texts. Default 50,000. */
  maxNodes?: number;
  /** Deepest nesting followed. Default 32. */
  maxDepth?: number;
}

const MAX_NAME_CHARS = 80;
/** Deepest bracket nesting handed to the (recursive) parser; deeper texts are not summarised. */
const MAX_PARSE_DEPTH = 512;
const MAX_VALUE_CHARS = 80;

/** Extensions read as JSON with comments (settings, tasks, workspaces, tsconfig…). */
export function isJsonLikePath(displayPath: string): boolean {
  const lower = displayPath.toLowerCase();
  return lower.endsWith('.json') || lower.endsWith('.jsonc') || lower.endsWith('.code-workspace');
}

/**
 * Lists the key paths (top-level and nested) whose values differ between two JSON/JSONC
 * texts, so a consent can name `"chat.tools.global.autoApprove": true` before any diff text,
 * wherever in the file it sits and however the file was reindented.
 *
 * Objects are compared by key, the LAST duplicate winning (as JSON.parse and VS Code's
 * settings reader do, so a duplicate key cannot hide the value that takes effect); arrays
 * by index; anything else by value. An added or replaced object is listed by its leaves.
 * Linear in the texts (one parse each) and bounded by `limits`; never throws.
 */
export function summarizeJsonChanges(oldText: string, newText: string, limits: JsonChangeLimits = {}): JsonChangeSummary {
  const errors: ParseError[] = [];
  // jsonc-parser recurses per nesting level: a deeply nested text would overflow the stack.
  if (nestingDepth(oldText) > MAX_PARSE_DEPTH || nestingDepth(newText) > MAX_PARSE_DEPTH) return { changes: [], truncated: true, newTextHasErrors: false };
  let oldRoot: Node | undefined;
  let newRoot: Node | undefined;
  try {
    oldRoot = parseTree(oldText, [], { allowTrailingComma: true, disallowComments: false });
    newRoot = parseTree(newText, errors, { allowTrailingComma: true, disallowComments: false });
  } catch {
    return { changes: [], truncated: true, newTextHasErrors: true };
  }
  const state: WalkState = {
    changes: [],
    truncated: false,
    nodesLeft: limits.maxNodes ?? 50_000,
    maxChanges: limits.maxChanges ?? 25,
    maxDepth: limits.maxDepth ?? 32,
  };
  compare(state, [], oldRoot, newRoot, 0);
  return { changes: state.changes, truncated: state.truncated, newTextHasErrors: errors.length > 0 };
}

interface WalkState {
  changes: JsonKeyChange[];
  truncated: boolean;
  nodesLeft: number;
  maxChanges: number;
  maxDepth: number;
}

function compare(s: WalkState, path: string[], a: Node | undefined, b: Node | undefined, depth: number): void {
  if (s.truncated) return;
  if (--s.nodesLeft < 0 || depth > s.maxDepth) {
    s.truncated = true;
    return;
  }
  if (!a && !b) return;
  if (!b) return report(s, path, 'removed', undefined);
  if (!a) return listLeaves(s, path, b, depth, 'added');
  if (a.type === 'object' && b.type === 'object') {
    const oldProps = properties(a);
    const newProps = properties(b);
    for (const [key, value] of newProps) compare(s, [...path, quoteName(key)], oldProps.get(key), value, depth + 1);
    for (const [key] of oldProps) if (!newProps.has(key)) compare(s, [...path, quoteName(key)], oldProps.get(key), undefined, depth + 1);
    return;
  }
  if (a.type === 'array' && b.type === 'array') {
    const oldItems = a.children ?? [];
    const newItems = b.children ?? [];
    const n = Math.max(oldItems.length, newItems.length);
    for (let i = 0; i < n && !s.truncated; i++) compare(s, [...path, `[${i}]`], oldItems[i], newItems[i], depth + 1);
    return;
  }
  if (a.type !== b.type || isContainer(b)) return listLeaves(s, path, b, depth, 'changed');
  if (a.value !== b.value) report(s, path, 'changed', b);
}

/** Reports a new subtree by its leaves, so a nested payload is named by its full key path. */
function listLeaves(s: WalkState, path: string[], node: Node, depth: number, kind: 'added' | 'changed'): void {
  if (s.truncated) return;
  if (--s.nodesLeft < 0 || depth > s.maxDepth) {
    s.truncated = true;
    return;
  }
  if (node.type === 'object') {
    const props = properties(node);
    if (props.size === 0) return report(s, path, kind, node);
    for (const [key, value] of props) if (value) listLeaves(s, [...path, quoteName(key)], value, depth + 1, kind);
    return;
  }
  if (node.type === 'array') {
    const items = node.children ?? [];
    if (items.length === 0) return report(s, path, kind, node);
    items.forEach((item, i) => listLeaves(s, [...path, `[${i}]`], item, depth + 1, kind));
    return;
  }
  report(s, path, kind, node);
}

function report(s: WalkState, path: string[], kind: JsonKeyChange['kind'], node: Node | undefined): void {
  if (s.changes.length >= s.maxChanges) {
    s.truncated = true;
    return;
  }
  const change: JsonKeyChange = { path: path.length === 0 ? '(the whole document)' : joinPath(path), kind };
  if (node && !isContainer(node)) change.value = visible(shorten(JSON.stringify(node.value) ?? 'null', MAX_VALUE_CHARS));
  else if (node) change.value = node.type === 'object' ? '{}' : '[]';
  s.changes.push(change);
}

/**
 * The deepest `{`/`[` nesting outside strings, in one pass. Brackets inside comments count
 * too, which can only overstate the depth (the summary is then skipped and the view is cut).
 */
function nestingDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i++;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) max = Math.max(max, ++depth);
    else if (ch === 0x7d || ch === 0x5d) depth = Math.max(0, depth - 1);
  }
  return max;
}

/** Names joined by dots; index segments (`[0]`) attach without one. */
function joinPath(path: string[]): string {
  let out = '';
  for (const seg of path) out += out === '' || seg.startsWith('[') ? seg : `.${seg}`;
  return out;
}

/** Property name → value node; a later duplicate replaces an earlier one. */
function properties(obj: Node): Map<string, Node | undefined> {
  const map = new Map<string, Node | undefined>();
  for (const prop of obj.children ?? []) {
    const [keyNode, valueNode] = prop.children ?? [];
    if (keyNode && typeof keyNode.value === 'string') {
      map.delete(keyNode.value);
      map.set(keyNode.value, valueNode);
    }
  }
  return map;
}

function isContainer(node: Node): boolean {
  return node.type === 'object' || node.type === 'array';
}

function quoteName(key: string): string {
  return visible(shorten(JSON.stringify(key), MAX_NAME_CHARS));
}

/**
 * JSON.stringify leaves bidirectional and zero-width format characters as they are; they
 * could make a listed key read as a different one, so they are shown as \u escapes.
 */
export function visible(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0) ?? 0;
    const hidden = (c >= 0x200b && c <= 0x200f) || (c >= 0x202a && c <= 0x202e) || (c >= 0x2066 && c <= 0x2069) || c === 0xfeff || c === 0x061c;
    out += hidden ? `\\u${c.toString(16).padStart(4, '0')}` : ch;
  }
  return out;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
