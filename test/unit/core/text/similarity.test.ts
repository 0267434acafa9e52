import * as assert from 'node:assert/strict';
import * as fc from 'fast-check';
import { dice, editDistance, similarity } from '../../../../src/core/text/similarity';

describe('core/text/similarity', () => {
  it('editDistance is the Levenshtein distance', () => {
    assert.equal(editDistance('', ''), 0);
    assert.equal(editDistance('abc', ''), 3);
    assert.equal(editDistance('kitten', 'sitting'), 3);
    assert.equal(editDistance('header', 'heder'), 1);
  });

  it('with a limit, a distance within it is exact and one above it stays above it', () => {
    assert.equal(editDistance('ab', 'abcdef', 3), 4);
    assert.equal(editDistance('aaaa', 'bbbb', 2), 3);
    fc.assert(fc.property(fc.string({ maxLength: 12 }), fc.string({ maxLength: 12 }), fc.nat(8), (a, b, limit) => {
      const full = editDistance(a, b);
      const bounded = editDistance(a, b, limit);
      if (full <= limit) assert.equal(bounded, full);
      else assert.ok(bounded > limit && bounded <= full);
    }), { numRuns: 2000 });
  });

  it('similarity is 1 - distance / longer length; past maxLen it is the bigram Dice measure', () => {
    assert.equal(similarity('', ''), 1);
    assert.equal(similarity('a', ''), 0);
    assert.equal(similarity('abcd', 'abce'), 0.75);
    const long = 'x'.repeat(500);
    assert.equal(similarity(long, long + 'y'), dice(long, long + 'y'));
  });
});
