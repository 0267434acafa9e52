/**
 * "Does this HTML fragment parse cleanly where it is going?"
 *
 * The fragment is parsed by parse5 as the HTML spec's fragment parsing algorithm does for
 * `innerHTML` on `context` (the element that will be its parent), so `<tr>` is fine with a
 * `<tbody>` context and `<li>` with a `<ul>` one. It parses cleanly when:
 * 1. parse5 reports no parse error (bad attribute syntax, duplicate attributes, `<div/>`,
 *    unterminated comments, bad character references, …), and
 * 2. the tree accounts for every character of the fragment in order (see tiling.ts): no
 *    token dropped, moved or duplicated by error recovery, and every non-void element
 *    closed explicitly.
 * This check is about the fragment alone; structure.ts then checks it in place in the page.
 */
import { parseFragment } from 'parse5';
import type { ParserError } from 'parse5';
import { describeTileProblem, lineColAt } from './describe';
import { Element, isHtmlElement, RAW_TEXT_ELEMENTS } from './nodes';
import { tileRange } from './tiling';

/** Returns null when clean, else one sentence fragment saying what is wrong and where. */
export function checkFragment(context: Element | null, html: string): string | null {
  const errors: ParserError[] = [];
  const fragment = parseFragment(context, html, {
    sourceCodeLocationInfo: true,
    onParseError: (error) => errors.push(error),
  });
  if (errors.length > 0) {
    const first = errors[0];
    const { line, col } = lineColAt(html, first.startOffset);
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : '';
    return `parse error "${first.code}" at html line ${line}, column ${col}${more}`;
  }
  const raw = context !== null && isHtmlElement(context) && RAW_TEXT_ELEMENTS.has(context.tagName);
  const problem = tileRange(fragment.childNodes, html, 0, html.length, raw);
  return problem ? describeTileProblem(problem, html, 'html') : null;
}
