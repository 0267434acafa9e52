import * as assert from 'node:assert/strict';
import { applyHtmlPatches, HtmlFailureReason, HtmlPatch, HtmlPatchError } from '../../../../src/core/html';
import { SMALL_PAGE } from './fixtures';

/** Applies patches that must fail with `reason` and returns the error. */
function failure(html: string, patches: HtmlPatch[], reason: HtmlFailureReason): HtmlPatchError {
  const result = applyHtmlPatches(html, patches);
  assert.ok(!result.ok, `expected ${reason}, got success:\n${result.ok ? result.text : ''}`);
  assert.equal(result.error.type, 'HTML_PATCH_FAILED');
  assert.equal(result.error.reason, reason, result.error.message);
  assert.ok(result.error.message.length > 0 && result.error.instruction.length > 0);
  return result.error;
}

describe('html engine: failure reasons', () => {
  describe('selector_not_found', () => {
    it('names the missing id and suggests the nearest existing ones', () => {
      const error = failure(SMALL_PAGE, [{ selector: '#secnd', op: 'remove' }], 'selector_not_found');
      assert.equal(error.failed_index, 0);
      assert.deepEqual(error.valid_indexes, []);
      assert.equal(error.candidates?.[0], 'second');
      assert.ok(error.candidates!.length <= 5);
      assert.match(error.message, /"secnd"/);
      assert.match(error.instruction, /Selectors must exist in the current HTML; if the element doesn't exist yet, create it first; use only #id selectors\./);
    });

    it('is case-sensitive, like getElementById', () => {
      const error = failure(SMALL_PAGE, [{ selector: '#First', op: 'remove' }], 'selector_not_found');
      assert.equal(error.candidates?.[0], 'first');
    });

    it('gives no candidates when nothing is close', () => {
      const error = failure('<p id="a">x</p>', [{ selector: '#completely-different', op: 'remove' }], 'selector_not_found');
      assert.deepEqual(error.candidates, []);
    });
  });

  it('not_unique: a duplicated id is refused with its lines', () => {
    const page = '<div id="dup">a</div>\n<div id="dup">b</div>\n';
    const error = failure(page, [{ selector: '#dup', op: 'inner', html: 'c' }], 'not_unique');
    assert.match(error.message, /2 elements have id "dup" \(lines 1, 2\)/);
  });

  it('empty_selector: "", whitespace, a lone "#" and a missing selector', () => {
    for (const selector of ['', '   ', '#', undefined]) {
      failure(SMALL_PAGE, [{ selector, op: 'remove' } as unknown as HtmlPatch], 'empty_selector');
    }
  });

  it('unsupported_selector: tags, classes, compounds, combinators, attributes', () => {
    for (const selector of ['p', '.item', 'div#box', '#box.x', '#box p', '#box>p', '[id=box]', '#a,#b', '##box', '#box:hover']) {
      failure(SMALL_PAGE, [{ selector, op: 'remove' }], 'unsupported_selector');
    }
  });

  describe('invalid_html', () => {
    const cases: Array<[string, string, RegExp]> = [
      ['unclosed element', '<div>x', /<div> opened at html line 1, column 1 has no end tag/],
      ['stray end tag', '<span>x</span></div>', /ignores "<\/div>"/],
      ['misnested tags', '<b><i>x</b></i>', /no end tag|moves/],
      ['row outside a table', '<tr><td>1</td></tr>', /ignores/],
      ['duplicate attribute', '<span class=a class=b>x</span>', /duplicate-attribute/],
      ['self-closing div', '<div/>', /non-void-html-element-start-tag-with-trailing-solidus/],
      ['unterminated comment', '<!-- x', /eof-in-comment/],
      ['end tag without start', '</p>', /ignores|invent/],
    ];
    for (const [name, html, message] of cases) {
      it(`refuses a fragment with ${name}`, () => {
        const error = failure(SMALL_PAGE, [{ selector: '#box', op: 'append', html }], 'invalid_html');
        assert.match(error.message, message);
        assert.match(error.instruction, /well formed/);
      });
    }

    it('refuses a block inside <p>, which the page would restructure', () => {
      const error = failure(SMALL_PAGE, [{ selector: '#first', op: 'inner', html: '<div>x</div>' }], 'invalid_html');
      assert.match(error.message, /restructure/);
    });

    it('refuses a <div> inside a table (foster parenting)', () => {
      failure('<table id="t"><tr><td>1</td></tr></table>', [{ selector: '#t', op: 'append', html: '<div>x</div>' }], 'invalid_html');
    });

    it('refuses a sibling that an implicitly closed element would swallow', () => {
      const page = '<p id="a">text\n<div>block</div>';
      failure(page, [{ selector: '#a', op: 'after', html: '<span>s</span>' }], 'invalid_html');
    });

    it('refuses a fragment that brings an id the page already has', () => {
      const error = failure(SMALL_PAGE, [{ selector: '#box', op: 'append', html: '<p id="first">again</p>' }], 'invalid_html');
      assert.match(error.message, /id "first"/);
    });

    it('refuses a fragment with two elements of the same new id', () => {
      failure(SMALL_PAGE, [{ selector: '#box', op: 'append', html: '<p id="n">1</p><p id="n">2</p>' }], 'invalid_html');
    });
  });

  describe('apply_error', () => {
    const cases: Array<[string, string, HtmlPatch, RegExp]> = [
      ['missing html', SMALL_PAGE, { selector: '#box', op: 'append' }, /needs the "html" field/],
      ['set_attribute without name', SMALL_PAGE, { selector: '#box', op: 'set_attribute', value: 'x' }, /needs the "name" field/],
      ['set_attribute without value', SMALL_PAGE, { selector: '#box', op: 'set_attribute', name: 'title' }, /needs the "value" field/],
      ['invalid attribute name', SMALL_PAGE, { selector: '#box', op: 'set_attribute', name: 'a b', value: 'x' }, /not a valid attribute name/],
      ['attribute name with a quote', SMALL_PAGE, { selector: '#box', op: 'remove_attribute', name: 'x"' }, /not a valid attribute name/],
      ['removing a missing attribute', SMALL_PAGE, { selector: '#box', op: 'remove_attribute', name: 'title' }, /no attribute "title"/],
      ['inner on a void element', SMALL_PAGE, { selector: '#logo', op: 'inner', html: 'x' }, /void element/],
      ['append on a void element', SMALL_PAGE, { selector: '#logo', op: 'append', html: 'x' }, /void element/],
      ['inner on a script', '<script id="s">x()</script>', { selector: '#s', op: 'inner', html: 'y()' }, /raw text/],
      ['inner on a textarea', '<textarea id="t">x</textarea>', { selector: '#t', op: 'inner', html: 'y' }, /raw text/],
      ['removing <body>', '<body id="b"><p>x</p></body>', { selector: '#b', op: 'remove' }, /cannot be removed/],
      ['replacing <html>', '<html id="h"><body></body></html>', { selector: '#h', op: 'replace', html: '<html></html>' }, /cannot be replaced/],
      ['a sibling of <body>', '<body id="b"></body>', { selector: '#b', op: 'after', html: '<p>x</p>' }, /cannot be given siblings/],
      ['an unknown op', SMALL_PAGE, { selector: '#box', op: 'explode' } as unknown as HtmlPatch, /Unknown op "explode"/],
      ['an id set to a taken id', SMALL_PAGE, { selector: '#first', op: 'set_attribute', name: 'id', value: 'second' }, /already has id "second"/],
      ['an id set to contain spaces', SMALL_PAGE, { selector: '#first', op: 'set_attribute', name: 'id', value: 'a b' }, /no whitespace/],
      ['a misnested element split by the parser', '<b id="b">y<p>z</b>w</p>', { selector: '#b', op: 'remove' }, /misnested in the source/],
    ];
    for (const [name, page, patch, message] of cases) {
      it(`refuses ${name}`, () => {
        const error = failure(page, [patch], 'apply_error');
        assert.match(error.message, message);
      });
    }
  });
});
