import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyLineDelta, createLineDelta } from '../../../src/history/lineDelta';
import { splitLinesKeepEnds } from '../../../src/core/diff/lines';
import { textArb, editedPairArb } from '../diff/textArbitraries';

describe('line delta', () => {
  it('round-trips any pair of texts exactly', () => {
    fc.assert(fc.property(fc.oneof(editedPairArb, fc.tuple(textArb, textArb)), ([base, target]) => {
      const lines = splitLinesKeepEnds(base);
      const delta = JSON.parse(JSON.stringify(createLineDelta(lines, target)));
      assert.equal(applyLineDelta(lines, delta), target);
    }), { numRuns: 1000 });
  });

  it('refuses a delta that does not fit its base instead of guessing', () => {
    const base = splitLinesKeepEnds('a\nb\nc\n');
    const good = createLineDelta(base, 'a\nB\nc\n');
    assert.equal(applyLineDelta(base, good), 'a\nB\nc\n');
    assert.equal(applyLineDelta(splitLinesKeepEnds('a\nb\n'), good), null); // wrong base length
    assert.equal(applyLineDelta(base, { baseLines: 3, ops: [[2, 5, 'x']] }), null); // past the end
    assert.equal(applyLineDelta(base, { baseLines: 3, ops: [[2, 0, 'x'], [1, 0, 'y']] }), null); // out of order
    assert.equal(applyLineDelta(base, { baseLines: 3, ops: [[-1, 0, 'x']] }), null);
    assert.equal(applyLineDelta(base, { baseLines: 3, ops: [[0, 0, 5]] }), null);
    assert.equal(applyLineDelta(base, null), null);
  });
});
