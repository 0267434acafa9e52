import * as assert from 'node:assert/strict';
import { applyHtmlPatches } from '../../../../src/core/html';
import { SMALL_PAGE } from './fixtures';

describe('html engine: sequential patches, all or nothing', () => {
  it('a patch can address an element created by an earlier patch', () => {
    const result = applyHtmlPatches(SMALL_PAGE, [
      { selector: '#box', op: 'append', html: '<section id="news"></section>' },
      { selector: '#news', op: 'inner', html: '<h2 id="news-title">News</h2>' },
      { selector: '#news-title', op: 'set_attribute', name: 'class', value: 'headline' },
      { selector: '#news', op: 'before', html: '<hr>' },
    ]);
    assert.ok(result.ok, JSON.stringify(!result.ok && result.error));
    assert.equal(result.applied, 4);
    assert.match(result.text, /<p id="second">Second<\/p>\n {4}<hr>\n {4}<section id="news"><h2 id="news-title" class="headline">News<\/h2><\/section>\n {2}<\/div>/);
  });

  it('offsets shifted by an earlier patch are re-read before the next one', () => {
    const result = applyHtmlPatches(SMALL_PAGE, [
      { selector: '#first', op: 'inner', html: 'A much longer first paragraph' },
      { selector: '#second', op: 'inner', html: 'B' },
      { selector: '#first', op: 'inner', html: 'A' },
    ]);
    assert.ok(result.ok);
    assert.match(result.text, /<p id="first">A<\/p>\n {4}<p id="second">B<\/p>/);
  });

  it('a patch sees the removal made by an earlier one', () => {
    const result = applyHtmlPatches(SMALL_PAGE, [
      { selector: '#first', op: 'remove' },
      { selector: '#first', op: 'inner', html: 'x' },
    ]);
    assert.ok(!result.ok);
    assert.equal(result.error.reason, 'selector_not_found');
    assert.equal(result.error.failed_index, 1);
    assert.deepEqual(result.error.valid_indexes, [0]);
  });

  it('a failing third patch leaves the text unchanged and reports valid_indexes [0, 1]', () => {
    const before = SMALL_PAGE;
    const result = applyHtmlPatches(before, [
      { selector: '#first', op: 'inner', html: 'one' },
      { selector: '#second', op: 'inner', html: 'two' },
      { selector: '#missing', op: 'inner', html: 'three' },
    ]);
    assert.ok(!result.ok);
    assert.equal(result.error.failed_index, 2);
    assert.deepEqual(result.error.valid_indexes, [0, 1]);
    assert.equal(result.error.reason, 'selector_not_found');
    assert.equal('text' in result, false, 'a failure must not carry a partially patched text');
    assert.match(result.error.message, /^Patch 2: .*No patch was applied; patches 0, 1 were valid\.$/);
    assert.equal(before, SMALL_PAGE);
  });

  it('a failure in the first patch reports no valid indexes', () => {
    const result = applyHtmlPatches(SMALL_PAGE, [{ selector: 'div', op: 'remove' }, { selector: '#first', op: 'remove' }]);
    assert.ok(!result.ok);
    assert.equal(result.error.failed_index, 0);
    assert.deepEqual(result.error.valid_indexes, []);
  });

  it('duplicated ids are refused as not_unique even after other valid patches', () => {
    const page = SMALL_PAGE.replace('<p id="second">', '<p id="first">');
    const result = applyHtmlPatches(page, [
      { selector: '#box', op: 'set_attribute', name: 'class', value: 'c' },
      { selector: '#first', op: 'remove' },
    ]);
    assert.ok(!result.ok);
    assert.equal(result.error.reason, 'not_unique');
    assert.deepEqual(result.error.valid_indexes, [0]);
  });

  it('an id freed by replace can be reused by its replacement', () => {
    const result = applyHtmlPatches(SMALL_PAGE, [{ selector: '#first', op: 'replace', html: '<h1 id="first">T</h1>' }]);
    assert.ok(result.ok);
  });

  it('never throws, whatever the input', () => {
    const weird: unknown[] = [null, 42, { selector: 7, op: 'remove' }, { selector: '#box', op: 'set_attribute', name: 5, value: {} }, { selector: '#box', op: 'append', html: 3 }];
    for (const patch of weird) {
      const result = applyHtmlPatches(SMALL_PAGE, [patch as never]);
      assert.equal(result.ok, false);
    }
  });
});
