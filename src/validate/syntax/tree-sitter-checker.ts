import type { Node as TsNode } from '@vscode/tree-sitter-wasm';
import type { RawProblem } from '../types';
import type { IncrementalParser } from './incremental-parser';

/** Beyond this many problems a text is hopelessly broken; collecting more only costs time. */
const MAX_COLLECTED = 200;
const MAX_TOKEN_TEXT = 24;

/**
 * Syntax problems tree-sitter finds in `text`: every MISSING node (the parser inserted a
 * token, e.g. a '}' or ';') and every outermost ERROR node (text it could not fit). Subtrees
 * without errors are skipped via `hasError`, so a clean 20k-line file costs one parse and a
 * root check. Parsing goes through `parser`, which reuses a recent tree incrementally and
 * owns (and frees) the trees. Positions are 1-based; tree-sitter columns on a JS string are
 * UTF-16 units, like VS Code. Throws ParseAbandoned when the parse ran out of time budget;
 * checkSyntax turns that into { checked: false }, never into a problem.
 */
export function treeSitterProblems(parser: IncrementalParser, text: string): RawProblem[] {
  const tree = parser.parse(text);
  if (!tree) throw new ParseAbandoned();
  const out: RawProblem[] = [];
  if (tree.rootNode.hasError) collect(tree.rootNode, out);
  return out;
}

function collect(node: TsNode, out: RawProblem[]): void {
  if (out.length >= MAX_COLLECTED) return;
  const line = node.startPosition.row + 1;
  const column = node.startPosition.column + 1;
  if (node.isMissing) {
    out.push({ line, column, key: `MISSING:${node.type}`, message: `missing '${node.type}'`, missingToken: node.type });
    return;
  }
  if (node.isError) {
    const token = firstToken(node);
    out.push({ line, column, key: 'ERROR', message: token ? `syntax error at '${token}'` : 'syntax error' });
    // MISSING nodes inside an ERROR are usually the parser's guess at the same problem.
    return;
  }
  for (const child of node.children) {
    if (child && (child.hasError || child.isMissing)) collect(child, out);
  }
}

/** The first leaf text of `node`, shortened: what the parser choked on. */
function firstToken(node: TsNode): string {
  let n: TsNode | null = node;
  while (n && n.childCount > 0) n = n.child(0);
  const text = (n ?? node).text.split('\n')[0];
  return text.length > MAX_TOKEN_TEXT ? text.slice(0, MAX_TOKEN_TEXT - 1) + '…' : text;
}

/** The parse exceeded its time budget; the text is left unchecked. */
export class ParseAbandoned extends Error {
  constructor() {
    super('parsing took longer than its time budget; the text was not checked');
  }
}
