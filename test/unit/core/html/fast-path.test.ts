import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { applyHtmlPatches, HtmlPatch } from '../../../../src/core/html';
import { applyHtmlPatchesStepwise } from '../../../../src/core/html/apply';
import { applyFast } from '../../../../src/core/html/model';
import { HAND_FORMATTED_PAGE, HAND_FORMATTED_PAGE_CRLF, SMALL_PAGE } from './fixtures';

const IDS = ['intro', 'title', 'lead', 'items', 'item-1', 'item-2', 'code', 'grid', 'rows', 'row-1', 'boot', 'box', 'first', 'second', 'logo', 'list', 'one', 'two', 'new-1', 'new-2'];
const OPS = ['replace', 'inner', 'append', 'prepend', 'before', 'after', 'remove', 'set_attribute', 'remove_attribute'] as const;
const FRAGMENTS = [
  '<span id="new-1">z</span>',
  '<li id="new-2">n</li>\n<li>m</li>',
  '<tr id="new-2"><td>9</td></tr>',
  '<div>\n  <p>x</p>\n</div>',
  'plain &amp; text',
  '<!-- note -->',
  '',
  '<p>a<div>b</div></p>',
];

const patchArb: fc.Arbitrary<HtmlPatch> = fc.record({
  selector: fc.constantFrom(...IDS).map((id) => '#' + id),
  op: fc.constantFrom(...OPS),
  html: fc.constantFrom(...FRAGMENTS),
  name: fc.constantFrom('class', 'id', 'data-x', 'title'),
  value: fc.constantFrom('v', 'new-1', 'a "q" & b'),
});

describe('html engine: fast path equals the step-by-step reference', () => {
  it('gives the same result as re-parsing after every patch, for random patch sequences', function () {
    this.timeout(120000);
    let multiSuccesses = 0;
    let fastProofs = 0;
    fc.assert(
      fc.property(fc.constantFrom(HAND_FORMATTED_PAGE, HAND_FORMATTED_PAGE_CRLF, SMALL_PAGE), fc.array(patchArb, { minLength: 1, maxLength: 4 }), (page, patches) => {
        const fast = applyHtmlPatches(page, patches);
        const reference = applyHtmlPatchesStepwise(page, patches);
        assert.deepEqual(fast, reference);
        if (fast.ok && patches.length > 1) multiSuccesses++;
        if (applyFast(page, patches, page.includes('\r\n') ? '\r\n' : '\n')) fastProofs++;
      }),
      { numRuns: 400, seed: 7 },
    );
    // The comparison is only meaningful if both outcomes occur often enough.
    assert.ok(multiSuccesses >= 10, `too few successful multi-patch sequences (${multiSuccesses}) to compare`);
    assert.ok(fastProofs >= 40, `the fast path proved too few sequences (${fastProofs})`);
  });

  it('takes the fast path for ordinary patches', () => {
    const patches: HtmlPatch[] = [
      { selector: '#box', op: 'append', html: '<p id="third">Third</p>' },
      { selector: '#third', op: 'set_attribute', name: 'class', value: 'c' },
      { selector: '#first', op: 'remove' },
      { selector: '#list', op: 'prepend', html: '<li>0</li>' },
    ];
    const fast = applyFast(SMALL_PAGE, patches, '\n');
    assert.ok(fast, 'the fast path should prove these patches');
    const reference = applyHtmlPatchesStepwise(SMALL_PAGE, patches);
    assert.ok(reference.ok);
    assert.equal(fast.text, reference.text);
  });

  it('declines (and the reference reports) when the page would be restructured', () => {
    const patches: HtmlPatch[] = [{ selector: '#first', op: 'inner', html: '<div>x</div>' }];
    assert.equal(applyFast(SMALL_PAGE, patches, '\n'), undefined);
    const result = applyHtmlPatches(SMALL_PAGE, patches);
    assert.ok(!result.ok);
    assert.equal(result.error.reason, 'invalid_html');
  });

  it('proves the final page only: a later patch may erase what an earlier one broke in place (documented)', () => {
    const page = '<body>\n<p id="p">x</p>\n</body>';
    const patches: HtmlPatch[] = [
      { selector: '#p', op: 'inner', html: '<div>y</div>' },
      { selector: '#p', op: 'replace', html: '<div id="p">z</div>' },
    ];
    const fast = applyHtmlPatches(page, patches);
    assert.ok(fast.ok);
    assert.equal(fast.text, '<body>\n<div id="p">z</div>\n</body>');
    const reference = applyHtmlPatchesStepwise(page, patches);
    assert.ok(!reference.ok);
    assert.equal(reference.error.failed_index, 0);
    // With nothing erasing it, the same first patch fails through either entry point.
    const alone = applyHtmlPatches(page, patches.slice(0, 1));
    assert.ok(!alone.ok && alone.error.reason === 'invalid_html');
  });
});
