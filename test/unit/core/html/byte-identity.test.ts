import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { parse } from 'parse5';
import type { DefaultTreeAdapterTypes as T } from 'parse5';
import { applyHtmlPatches, HtmlPatch } from '../../../../src/core/html';
import { HAND_FORMATTED_PAGE, HAND_FORMATTED_PAGE_CRLF } from './fixtures';

/**
 * Asserts that `after` equals `before` except for `before[start, end)`, which became
 * `middle`: the bytes before `start` and after `end` are compared directly.
 */
function assertOnlyRangeChanged(before: string, after: string, start: number, end: number, middle: string): void {
  assert.equal(after.slice(0, start), before.slice(0, start), 'prefix bytes changed');
  const suffix = before.slice(end);
  assert.equal(after.slice(after.length - suffix.length), suffix, 'suffix bytes changed');
  assert.equal(after.slice(start, after.length - suffix.length), middle, 'the element range is not what was asked');
}

function patched(html: string, patches: HtmlPatch[]): string {
  const result = applyHtmlPatches(html, patches);
  assert.ok(result.ok, JSON.stringify(!result.ok && result.error));
  return result.text;
}

function indexOnce(text: string, needle: string, from = 0): number {
  const at = text.indexOf(needle, from);
  assert.ok(at >= 0 && text.indexOf(needle, at + 1) === -1, `fixture must contain ${needle} once`);
  return at;
}

for (const [variant, page] of [['LF', HAND_FORMATTED_PAGE], ['CRLF', HAND_FORMATTED_PAGE_CRLF]] as const) {
  const eol = variant === 'CRLF' ? '\r\n' : '\n';
  describe(`html engine: byte identity outside the patched element (${variant})`, () => {
    it('inner changes only the content of the element', () => {
      const start = indexOnce(page, `<p id='lead'`);
      const contentStart = page.indexOf('>', start) + 1;
      const contentEnd = page.indexOf('</p>', start);
      const out = patched(page, [{ selector: '#lead', op: 'inner', html: 'New <strong>lead</strong>' }]);
      assertOnlyRangeChanged(page, out, contentStart, contentEnd, 'New <strong>lead</strong>');
    });

    it('replace changes only the element, and a multi-line fragment gets the file\'s EOL', () => {
      const start = indexOnce(page, '<tr id="row-1">');
      const end = page.indexOf('</tr>', start) + '</tr>'.length;
      const out = patched(page, [{ selector: '#row-1', op: 'replace', html: '<tr id="row-1">\n<td>1</td>\n</tr>' }]);
      assertOnlyRangeChanged(page, out, start, end, `<tr id="row-1">${eol}<td>1</td>${eol}</tr>`);
      if (variant === 'CRLF') assert.equal(/(^|[^\r])\n/.test(out), false, 'a lone LF appeared in a CRLF file');
    });

    it('set_attribute touches only the start tag, keeping unquoted and single-quoted attributes', () => {
      const idAttr = indexOnce(page, 'id=title');
      const at = idAttr + 'id=title'.length;
      const out = patched(page, [{ selector: '#title', op: 'set_attribute', name: 'class', value: 'big' }]);
      assertOnlyRangeChanged(page, out, at, at, ' class="big"');
    });

    it('set_attribute on an existing single-quoted attribute rewrites only that attribute', () => {
      const at = indexOnce(page, "class='main'");
      const out = patched(page, [{ selector: '#intro', op: 'set_attribute', name: 'class', value: 'x' }]);
      // #intro's class is unquoted: `class=hero`.
      const hero = indexOnce(page, 'class=hero');
      assertOnlyRangeChanged(page, out, hero, hero + 'class=hero'.length, 'class="x"');
      assert.equal(out.indexOf("class='main'"), at);
    });

    it('replace of an element inside odd indentation keeps comments, doctype, script, style and pre', () => {
      const start = indexOnce(page, '<li id="item-2">');
      const end = page.indexOf('</li>', start) + '</li>'.length;
      const out = patched(page, [{ selector: '#item-2', op: 'replace', html: '<li id="item-2">Deux</li>' }]);
      assertOnlyRangeChanged(page, out, start, end, '<li id="item-2">Deux</li>');
    });

    it('an element inside <pre> gets no added whitespace', () => {
      const pre = '<pre id="p">a <b id="b">b</b>\n  c</pre>';
      const out = patched(pre.replace(/\n/g, eol), [{ selector: '#b', op: 'after', html: '<i>i</i>' }]);
      assert.equal(out, `<pre id="p">a <b id="b">b</b><i>i</i>${eol}  c</pre>`);
    });
  });
}

/** The element range parse5 reports for `id` in `html`, found independently of the engine. */
function oracleRange(html: string, id: string): { start: number; end: number } {
  const stack: T.Node[] = [parse(html, { sourceCodeLocationInfo: true })];
  while (stack.length > 0) {
    const node = stack.pop()! as T.Element;
    const loc = node.sourceCodeLocation;
    if (node.attrs?.some((a) => a.name === 'id' && a.value === id) && loc?.startTag) return { start: loc.startTag.startOffset, end: loc.endOffset };
    stack.push(...((node as { childNodes?: T.Node[] }).childNodes ?? []));
  }
  throw new Error(`no #${id}`);
}

describe('html engine: byte identity, property', () => {
  const ids = ['intro', 'title', 'lead', 'items', 'item-1', 'item-2', 'code', 'grid', 'rows', 'row-1', 'boot', 'styles'];
  const ops = ['replace', 'inner', 'append', 'prepend', 'before', 'after', 'remove', 'set_attribute', 'remove_attribute'] as const;
  const fragments = ['<span>z</span>', 'text &amp; more', '<tr><td>9</td></tr>', '<li>n</li>\n<li>m</li>', '<div>\n  <p>x</p>\n</div>', ''];

  it('any successful single patch changes bytes only within the target element\'s lines', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(HAND_FORMATTED_PAGE, HAND_FORMATTED_PAGE_CRLF),
        fc.constantFrom(...ids),
        fc.constantFrom(...ops),
        fc.constantFrom(...fragments),
        (page, id, op, html) => {
          const patch: HtmlPatch = { selector: '#' + id, op, html, name: 'class', value: 'v' };
          const result = applyHtmlPatches(page, [patch]);
          if (!result.ok) return;
          const { start, end } = oracleRange(page, id);
          const lineStart = page.lastIndexOf('\n', start - 1) + 1;
          let lineEnd = page.indexOf('\n', end);
          lineEnd = lineEnd === -1 ? page.length : lineEnd + 1;
          const out = result.text;
          assert.equal(out.slice(0, lineStart), page.slice(0, lineStart));
          const suffix = page.slice(lineEnd);
          assert.equal(out.slice(out.length - suffix.length), suffix);
          if (page.includes('\r\n')) assert.equal(/(^|[^\r])\n/.test(out), false, 'a lone LF appeared in a CRLF file');
        },
      ),
      { numRuns: 300, seed: 42 },
    );
  });
});
