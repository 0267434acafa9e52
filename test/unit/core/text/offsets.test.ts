import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { lineIndexAt, lineStarts } from '../../../../src/core/text/offsets';

describe('core/text/offsets', () => {
  it('lineStarts: 0, then after every LF; CR-only endings start no line', () => {
    assert.deepEqual(lineStarts(''), [0]);
    assert.deepEqual(lineStarts('a\nb\n'), [0, 2, 4]);
    assert.deepEqual(lineStarts('a\r\nb\rc'), [0, 3]);
  });

  it('lineIndexAt finds the line holding an offset, clamped into [from, to]', () => {
    const starts = lineStarts('ab\ncd\n\nef');
    assert.deepEqual([0, 2, 3, 5, 6, 7, 99].map((o) => lineIndexAt(starts, o)), [0, 0, 1, 1, 2, 3, 3]);
    assert.equal(lineIndexAt(starts, 0, 2), 2);
    assert.equal(lineIndexAt(starts, 99, 0, 1), 1);
  });

  it('lineIndexAt agrees with counting the LFs before the offset', () => {
    const texts = fc.array(fc.constantFrom('a', '\r', '\n'), { maxLength: 20 }).map((a) => a.join(''));
    fc.assert(fc.property(texts, fc.nat(25), (t, o) => {
      const offset = Math.min(o, t.length);
      const lfs = t.slice(0, offset).split('\n').length - 1;
      assert.equal(lineIndexAt(lineStarts(t), offset), lfs);
    }), { numRuns: 2000 });
  });
});
