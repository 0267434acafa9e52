import assert from 'node:assert/strict';
import fc from 'fast-check';
import { applyLineDelta, composeLineDelta, createLineDelta } from '../../../src/history/lineDelta';
import { diffLineArrays } from '../../../src/core/diff/lineDiff';
import { splitLinesKeepEnds } from '../../../src/core/diff/lines';
import { textArb, editedPairArb } from '../core/diff/textArbitraries';

describe('line delta', () => {
  it('round-trips any pair of texts exactly', () => {
    fc.assert(fc.property(fc.oneof(editedPairArb, fc.tuple(textArb, textArb)), ([base, target]) => {
      const lines = splitLinesKeepEnds(base);
      const delta = JSON.parse(JSON.stringify(createLineDelta(lines, target)));
      assert.equal(applyLineDelta(lines, delta), target);
    }), { numRuns: 1000 });
  });

  it('composes a delta through a neighbour version exactly (property)', () => {
    fc.assert(fc.property(editedPairArb, editedPairArb, fc.boolean(), ([base, middle], [, other], chain) => {
      // Target: an edit of `middle` (chain) or an unrelated text (worst case for composition).
      const target = chain ? middle.replace(/\n/, '\nextra line\n') + other.slice(0, 7) : other;
      const baseLines = splitLinesKeepEnds(base);
      const middleLines = splitLinesKeepEnds(middle);
      const targetLines = splitLinesKeepEnds(target);
      const previous = createLineDelta(baseLines, middleLines);
      const composed = composeLineDelta(previous, middleLines, targetLines, diffLineArrays(middleLines, targetLines));
      assert.equal(applyLineDelta(baseLines, JSON.parse(JSON.stringify(composed))), target);
    }), { numRuns: 2000 });
  });

  it('a composed delta only holds the lines that differ from the base', () => {
    const base = Array.from({ length: 1000 }, (_, i) => `line ${i}\n`);
    const v1 = base.slice(); v1[10] = 'one\n';
    const v2 = v1.slice(); v2[900] = 'two\n';
    const d1 = createLineDelta(base, v1);
    const composed = composeLineDelta(d1, v1, v2, diffLineArrays(v1, v2));
    assert.deepEqual(composed.ops, [[10, 1, 'one\n'], [900, 1, 'two\n']]);
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
