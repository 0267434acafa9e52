import type { Edit, ParseState, Point, Tree } from '@vscode/tree-sitter-wasm';
import type { LoadedGrammar } from './tree-sitter-runtime';

/** Trees kept per grammar: the last texts parsed (the next edit's base is usually one of them). */
const KEPT_TREES = 2;

interface Entry {
  text: string;
  tree: Tree;
}

/**
 * Parses texts of one grammar, reusing the tree of the most recently parsed text: the
 * difference between that text and the new one is described to tree-sitter as a single edit
 * (common prefix and suffix), and only the changed region is re-parsed. Any old tree gives a
 * correct result (tree-sitter re-parses whatever the edit touches); it is used only when at
 * least half of the text is unchanged, otherwise the text is parsed from scratch. A text
 * with syntax errors is always (re-)parsed from scratch, so its problems are the same
 * whatever was parsed before: only the common clean case gets the incremental speed-up.
 * Keeps at most KEPT_TREES trees alive and deletes evicted ones (wasm memory is not
 * garbage-collected). Trees returned by parse() belong to the cache: do not delete them,
 * and do not keep them past the next parse() call.
 */
export class IncrementalParser {
  private readonly entries: Entry[] = [];

  /**
   * @param budgetMs time allowed for parsing a text of up to ~200k characters; larger texts get
   *   proportionally more (budgetMs × (1 + length / 200 000)). A longer parse is abandoned
   *   (parse() returns null).
   */
  constructor(
    private readonly grammar: LoadedGrammar,
    public budgetMs = DEFAULT_PARSE_BUDGET_MS,
  ) {}

  /**
   * The tree of `text`, or null when parsing exceeded the time budget (a pathological or
   * huge text: the caller then skips the check rather than block or stall the edit).
   */
  parse(text: string): Tree | null {
    const same = this.entries.find((e) => e.text.length === text.length && e.text === text);
    if (same) return same.tree;
    const previous = this.entries[0];
    const edit = previous ? describeEdit(previous.text, text) : undefined;
    let tree: Tree | null;
    if (previous && edit && isWorthReusing(edit, text.length)) {
      const old = previous.tree.copy();
      try {
        old.edit(edit);
        tree = this.parseWithin(text, old);
      } finally {
        old.delete();
      }
      if (tree?.rootNode.hasError) {
        // Error recovery after an incremental parse can differ from a fresh parse of the same
        // text (fewer, wider ERROR nodes). Problems must not depend on parse history (base and
        // candidate are compared), so a text with errors is always parsed from scratch.
        tree.delete();
        tree = this.parseWithin(text, null);
      }
    } else {
      tree = this.parseWithin(text, null);
    }
    if (!tree) {
      // A cancelled parse would otherwise resume on the next call, for another text.
      this.grammar.parser.reset();
      return null;
    }
    this.entries.unshift({ text, tree });
    while (this.entries.length > KEPT_TREES) this.entries.pop()?.tree.delete();
    return tree;
  }

  private parseWithin(text: string, oldTree: Tree | null): Tree | null {
    // The parse runs synchronously in the shared extension host: whatever the text's size it
    // may hold the host for at most MAX_PARSE_MS, then the check is skipped (reported as not
    // checked, never blocking the edit).
    const deadline = Date.now() + Math.min(this.budgetMs * (1 + text.length / 200_000), MAX_PARSE_MS);
    // The runtime cancels when the callback returns true (its .d.ts types the return as void).
    const progressCallback = (() => Date.now() > deadline) as unknown as (state: ParseState) => void;
    return this.grammar.parser.parse(text, oldTree, { progressCallback });
  }
}

/**
 * Base time budget of one parse (scaled up for texts over ~200k characters). Normal files need far less (a 20k-line C file parses in
 * ~0.1-0.4 s here), but tree-sitter's error recovery can run away on some garbage: one
 * 44-character TypeScript text did not finish in 2 minutes (see the unit tests).
 */
export const DEFAULT_PARSE_BUDGET_MS = 1000;

/** The longest one parse may hold the extension host, whatever the text's size. */
export const MAX_PARSE_MS = 1000;

/**
 * Reusing a tree pays only when most of the text is unchanged; re-using an unrelated file's
 * tree measured no faster (often slower) than a fresh parse.
 */
function isWorthReusing(edit: Edit, newLength: number): boolean {
  const unchanged = edit.startIndex + (newLength - edit.newEndIndex);
  return unchanged >= newLength / 2;
}

/**
 * The single edit turning `oldText` into `newText`: everything between their common prefix
 * and common suffix. Indices and columns are UTF-16 code units, as web-tree-sitter counts on
 * JS strings. The prefix is not allowed to split a surrogate pair.
 */
export function describeEdit(oldText: string, newText: string): Edit {
  const max = Math.min(oldText.length, newText.length);
  let start = 0;
  while (start < max && oldText.charCodeAt(start) === newText.charCodeAt(start)) start++;
  if (start > 0 && isHighSurrogate(oldText.charCodeAt(start - 1))) start--;
  let oldEnd = oldText.length;
  let newEnd = newText.length;
  while (oldEnd > start && newEnd > start && oldText.charCodeAt(oldEnd - 1) === newText.charCodeAt(newEnd - 1)) {
    oldEnd--;
    newEnd--;
  }
  if (oldEnd < oldText.length && isLowSurrogate(oldText.charCodeAt(oldEnd))) {
    oldEnd++;
    newEnd++;
  }
  const startPosition = pointAt(oldText, start);
  return {
    startIndex: start,
    oldEndIndex: oldEnd,
    newEndIndex: newEnd,
    startPosition,
    oldEndPosition: pointAfter(oldText, start, oldEnd, startPosition),
    newEndPosition: pointAfter(newText, start, newEnd, startPosition),
  };
}

function isHighSurrogate(c: number): boolean {
  return c >= 0xd800 && c <= 0xdbff;
}

function isLowSurrogate(c: number): boolean {
  return c >= 0xdc00 && c <= 0xdfff;
}

/** Row/column of `index` in `text` (0-based, rows split on "\n"). */
function pointAt(text: string, index: number): Point {
  let row = 0;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < index; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return { row, column: index - lineStart };
}

/** Row/column of `end` in `text`, counting on from `from`, whose point is `fromPoint`. */
function pointAfter(text: string, from: number, end: number, fromPoint: Point): Point {
  let row = fromPoint.row;
  let lineStart = from - fromPoint.column;
  for (let i = text.indexOf('\n', from); i >= 0 && i < end; i = text.indexOf('\n', i + 1)) {
    row++;
    lineStart = i + 1;
  }
  return { row, column: end - lineStart };
}
