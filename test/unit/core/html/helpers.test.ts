import * as assert from 'node:assert/strict';
import { parseFragment } from 'parse5';
import { nearestIds } from '../../../../src/core/html/candidates';
import { recordSplice, spansToLines } from '../../../../src/core/html/changes';
import { asLines, indentBefore, standsAlone } from '../../../../src/core/html/layout';
import type { ChildNode } from '../../../../src/core/html/nodes';
import { parseIdSelector } from '../../../../src/core/html/selector';
import { tileRange } from '../../../../src/core/html/tiling';

describe('html engine: helpers', () => {
  it('parseIdSelector accepts #id with letters, digits, - _ and non-ASCII, trimmed', () => {
    assert.deepEqual(parseIdSelector('#main-nav_2'), { ok: true, id: 'main-nav_2' });
    assert.deepEqual(parseIdSelector('  #größe \n'), { ok: true, id: 'größe' });
    assert.deepEqual(parseIdSelector('#1st'), { ok: true, id: '1st' });
    const dotted = parseIdSelector('#a.b');
    assert.ok(!dotted.ok && dotted.reason === 'unsupported_selector');
    const empty = parseIdSelector('#');
    assert.ok(!empty.ok && empty.reason === 'empty_selector');
  });

  it('nearestIds ranks containment, then edit distance, at most 5', () => {
    const ids = ['header', 'main-header', 'footer', 'nav', 'headline', 'x1', 'x2', 'heder'];
    assert.deepEqual(nearestIds('header', ids).slice(0, 2), ['header', 'main-header']);
    assert.ok(nearestIds('header', ids).includes('heder'));
    assert.ok(nearestIds('header', ids).length <= 5);
    assert.deepEqual(nearestIds('zzzzzzzz', ids), []);
  });

  it('recordSplice carries earlier changes through later splices; spansToLines merges lines', () => {
    // "aaa\nbbb\nccc\n": replace "bbb" (4..7) by "BB", then insert "X\n" at 0.
    let spans = recordSplice([], 4, 7, 6);
    assert.deepEqual(spans, [{ start: 4, end: 6 }]);
    spans = recordSplice(spans, 0, 0, 2);
    assert.deepEqual(spans, [{ start: 0, end: 2 }, { start: 6, end: 8 }]);
    assert.deepEqual(spansToLines('X\naaa\nBB\nccc\n', spans), [{ start_line: 1, end_line: 1 }, { start_line: 3, end_line: 3 }]);
    // A deletion of whole lines is reported on the line above.
    assert.deepEqual(spansToLines('a\nc\n', [{ start: 2, end: 2 }]), [{ start_line: 1, end_line: 1 }]);
  });

  it('layout: indentation, standing alone, and block indentation of fragments', () => {
    const text = '<ul>\n    <li id=a>x</li>\n</ul>';
    const start = text.indexOf('<li');
    assert.equal(indentBefore(text, start), '    ');
    assert.equal(standsAlone(text, start, text.indexOf('\n</ul>')), true);
    assert.equal(standsAlone(text, 0, 4), true);
    assert.equal(asLines('<li>\n  <b>x</b>\n</li>\n', '  ', '\r\n'), '  <li>\r\n    <b>x</b>\r\n  </li>');
    assert.equal(asLines('  <li>x</li>', '  ', '\n'), '  <li>x</li>');
    assert.equal(asLines('<pre>a\n b</pre>', '  ', '\n'), '  <pre>a\n b</pre>');
  });

  it('tileRange accepts clean fragments and names the first problem of others', () => {
    const tile = (html: string) => tileRange(parseFragment(html, { sourceCodeLocationInfo: true }).childNodes as ChildNode[], html, 0, html.length);
    assert.equal(tile('<p>a <b>b</b></p><!-- c --><img src=x><br>'), null);
    assert.equal(tile('<svg><path d="M0"/></svg>'), null);
    assert.equal(tile('<p>a</p></div>')?.kind, 'dropped');
    assert.equal(tile('<div>a')?.kind, 'unclosed');
    assert.equal(tile('<li>a</li>')?.kind, undefined);
  });
});
