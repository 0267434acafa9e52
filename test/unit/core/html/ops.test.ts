import * as assert from 'node:assert/strict';
import { applyHtmlPatches, HtmlPatch, HtmlResult } from '../../../../src/core/html';
import { SMALL_PAGE } from './fixtures';

/** Applies patches that must succeed and returns the new text. */
function patched(html: string, patches: HtmlPatch[]): string {
  const result = applyHtmlPatches(html, patches);
  assert.ok(result.ok, `expected success, got ${JSON.stringify(!result.ok && result.error)}`);
  return result.text;
}

/** The text with `from` replaced by `to`, asserting `from` occurs exactly once. */
function withReplaced(text: string, from: string, to: string): string {
  assert.equal(text.split(from).length, 2, `fixture must contain ${JSON.stringify(from)} once`);
  return text.replace(from, () => to);
}

describe('html engine: ops', () => {
  it('replace swaps the whole element', () => {
    const out = patched(SMALL_PAGE, [{ selector: '#first', op: 'replace', html: '<h2 id="first">Title</h2>' }]);
    assert.equal(out, withReplaced(SMALL_PAGE, '<p id="first">First</p>', '<h2 id="first">Title</h2>'));
  });

  it('inner replaces only the content', () => {
    const out = patched(SMALL_PAGE, [{ selector: '#second', op: 'inner', html: 'New <b>bold</b>' }]);
    assert.equal(out, withReplaced(SMALL_PAGE, '<p id="second">Second</p>', '<p id="second">New <b>bold</b></p>'));
  });

  it('inner with an empty string empties the element', () => {
    const out = patched(SMALL_PAGE, [{ selector: '#second', op: 'inner', html: '' }]);
    assert.equal(out, withReplaced(SMALL_PAGE, '<p id="second">Second</p>', '<p id="second"></p>'));
  });

  it('append adds after the last child, on its own line when the children are on lines', () => {
    const out = patched(SMALL_PAGE, [{ selector: '#box', op: 'append', html: '<p>Third</p>' }]);
    assert.equal(out, withReplaced(SMALL_PAGE, '<p id="second">Second</p>\n', '<p id="second">Second</p>\n    <p>Third</p>\n'));
  });

  it('append inside a one-line element splices right before the end tag', () => {
    const out = patched(SMALL_PAGE, [{ selector: '#list', op: 'append', html: '<li>3</li>' }]);
    assert.equal(out, withReplaced(SMALL_PAGE, '<li id="two">2</li></ul>', '<li id="two">2</li><li>3</li></ul>'));
  });

  it('prepend adds before the first child', () => {
    const out = patched(SMALL_PAGE, [{ selector: '#box', op: 'prepend', html: '<h2>Head</h2>' }]);
    assert.equal(out, withReplaced(SMALL_PAGE, '<div id="box">\n', '<div id="box">\n    <h2>Head</h2>\n'));
    const inline = patched(SMALL_PAGE, [{ selector: '#list', op: 'prepend', html: '<li>0</li>' }]);
    assert.equal(inline, withReplaced(SMALL_PAGE, '<ul id="list"><li', '<ul id="list"><li>0</li><li'));
  });

  it('before and after insert siblings with the element\'s indentation', () => {
    const before = patched(SMALL_PAGE, [{ selector: '#second', op: 'before', html: '<hr>' }]);
    assert.equal(before, withReplaced(SMALL_PAGE, '    <p id="second">', '    <hr>\n    <p id="second">'));
    const after = patched(SMALL_PAGE, [{ selector: '#second', op: 'after', html: '<p>Third</p>\n' }]);
    assert.equal(after, withReplaced(SMALL_PAGE, 'Second</p>\n', 'Second</p>\n    <p>Third</p>\n'));
  });

  it('before/after next to an inline element splice at the element edges', () => {
    const out = patched(SMALL_PAGE, [
      { selector: '#one', op: 'before', html: '<li>0</li>' },
      { selector: '#two', op: 'after', html: '<li>3</li>' },
    ]);
    assert.equal(out, withReplaced(SMALL_PAGE, '<li id="one">1</li><li id="two">2</li>', '<li>0</li><li id="one">1</li><li id="two">2</li><li>3</li>'));
  });

  it('multi-line fragments are indented as a block in line mode', () => {
    const out = patched(SMALL_PAGE, [{ selector: '#box', op: 'after', html: '<section>\n  <p>x</p>\n</section>' }]);
    assert.equal(out, withReplaced(SMALL_PAGE, '  </div>\n', '  </div>\n  <section>\n    <p>x</p>\n  </section>\n'));
  });

  it('a fragment already carrying the file\'s indentation is not indented twice', () => {
    const out = patched(SMALL_PAGE, [{ selector: '#box', op: 'after', html: '  <section>\n    <p>x</p>\n  </section>' }]);
    assert.equal(out, withReplaced(SMALL_PAGE, '  </div>\n', '  </div>\n  <section>\n    <p>x</p>\n  </section>\n'));
  });

  it('remove deletes the element and its line when it stands alone', () => {
    const out = patched(SMALL_PAGE, [{ selector: '#first', op: 'remove' }]);
    assert.equal(out, withReplaced(SMALL_PAGE, '    <p id="first">First</p>\n', ''));
    const inline = patched(SMALL_PAGE, [{ selector: '#one', op: 'remove' }]);
    assert.equal(inline, withReplaced(SMALL_PAGE, '<li id="one">1</li>', ''));
  });

  it('set_attribute replaces an existing attribute, double-quoted and escaped', () => {
    const out = patched(SMALL_PAGE, [{ selector: '#logo', op: 'set_attribute', name: 'alt', value: 'Tom & "Jerry"' }]);
    assert.equal(out, withReplaced(SMALL_PAGE, "alt='Logo'", 'alt="Tom &amp; &quot;Jerry&quot;"'));
  });

  it('set_attribute adds a missing attribute after the last one', () => {
    const out = patched(SMALL_PAGE, [{ selector: '#logo', op: 'set_attribute', name: 'width', value: '32' }]);
    assert.equal(out, withReplaced(SMALL_PAGE, "alt='Logo'>", "alt='Logo' width=\"32\">"));
  });

  it('set_attribute matches names case-insensitively and keeps the source spelling', () => {
    const page = '<p ID=x CLASS=a>t</p>';
    assert.equal(patched(page, [{ selector: '#x', op: 'set_attribute', name: 'class', value: 'b' }]), '<p ID=x CLASS="b">t</p>');
  });

  it('set_attribute can change an id, which later patches then use', () => {
    const out = patched(SMALL_PAGE, [
      { selector: '#first', op: 'set_attribute', name: 'id', value: 'intro' },
      { selector: '#intro', op: 'inner', html: 'Intro' },
    ]);
    assert.equal(out, withReplaced(SMALL_PAGE, '<p id="first">First</p>', '<p id="intro">Intro</p>'));
  });

  it('remove_attribute deletes the attribute and the space before it', () => {
    const out = patched(SMALL_PAGE, [{ selector: '#logo', op: 'remove_attribute', name: 'src' }]);
    assert.equal(out, withReplaced(SMALL_PAGE, ' src="logo.png"', ''));
  });

  it('SVG children may be self-closing and SVG attribute names keep their case', () => {
    const page = '<svg id="icon" viewBox="0 0 8 8"><path d="M0"/></svg>';
    const out = patched(page, [
      { selector: '#icon', op: 'append', html: '<circle r="1"/>' },
      { selector: '#icon', op: 'set_attribute', name: 'viewBox', value: '0 0 16 16' },
    ]);
    assert.equal(out, '<svg id="icon" viewBox="0 0 16 16"><path d="M0"/><circle r="1"/></svg>');
  });

  it('elements inside <template> content are addressable', () => {
    const page = '<template id="tpl"><li id="row">x</li></template>';
    assert.equal(patched(page, [{ selector: '#row', op: 'after', html: '<li>y</li>' }]), '<template id="tpl"><li id="row">x</li><li>y</li></template>');
  });

  it('table rows are accepted in a table section context', () => {
    const page = '<table><tbody id="rows"><tr id="r1"><td>1</td></tr></tbody></table>';
    const out = patched(page, [
      { selector: '#r1', op: 'after', html: '<tr><td>2</td></tr>' },
      { selector: '#rows', op: 'prepend', html: '<tr><td>0</td></tr>' },
    ]);
    assert.equal(out, '<table><tbody id="rows"><tr><td>0</td></tr><tr id="r1"><td>1</td></tr><tr><td>2</td></tr></tbody></table>');
  });

  it('rows appended to a table without a written tbody are accepted', () => {
    const page = '<table id="t"><tr><td>1</td></tr></table>';
    assert.equal(patched(page, [{ selector: '#t', op: 'append', html: '<tr><td>2</td></tr>' }]), '<table id="t"><tr><td>1</td></tr><tr><td>2</td></tr></table>');
  });

  it('content can be appended to an element whose end tag is implied', () => {
    const page = '<ul><li id="a">x\n<li id="b">y</ul>';
    assert.equal(patched(page, [{ selector: '#a', op: 'append', html: '<b>z</b>' }]), '<ul><li id="a">x\n<b>z</b><li id="b">y</ul>');
  });

  it('inner/append work on head and body', () => {
    const page = '<html><head id="h"></head><body id="b"></body></html>';
    const out = patched(page, [
      { selector: '#h', op: 'inner', html: '<title>T</title>' },
      { selector: '#b', op: 'append', html: '<p>x</p>' },
    ]);
    assert.equal(out, '<html><head id="h"><title>T</title></head><body id="b"><p>x</p></body></html>');
  });

  it('raw-text content inside an inserted <script> may contain tags', () => {
    const out = patched('<div id="a"></div>', [{ selector: '#a', op: 'inner', html: '<script>if (a<b) x("<div>")</script>' }]);
    assert.equal(out, '<div id="a"><script>if (a<b) x("<div>")</script></div>');
  });

  it('an empty patch list succeeds and changes nothing', () => {
    const result: HtmlResult = applyHtmlPatches(SMALL_PAGE, []);
    assert.deepEqual(result, { ok: true, text: SMALL_PAGE, applied: 0, changed: [] });
  });

  it('reports the applied count and the changed lines of the new text', () => {
    const result = applyHtmlPatches(SMALL_PAGE, [
      { selector: '#first', op: 'inner', html: 'A' },
      { selector: '#box', op: 'after', html: '<p>one</p>\n<p>two</p>' },
    ]);
    assert.ok(result.ok);
    assert.equal(result.applied, 2);
    // line 5: <p id="first">; lines 8-9: the two new paragraphs after </div> (line 7).
    assert.deepEqual(result.changed, [
      { start_line: 5, end_line: 5 },
      { start_line: 8, end_line: 9 },
    ]);
    assert.equal(result.text.split('\n')[7], '  <p>one</p>');
  });
});
