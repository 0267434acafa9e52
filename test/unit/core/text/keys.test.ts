import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { trailingKey, looseKey, unicodeKey } from '../../../../src/core/text/keys';

// whitespace of every kind, word and non-word characters, and the typographic ones folded
const CHARS = [
  ' ',
  '\t',
  '\u00a0',
  '\u2003',
  '\u3000',
  '\r',
  '\f',
  '\v',
  '\ufeff',
  '\u200b',
  'a',
  'b',
  '_',
  '1',
  'é',
  '(',
  ')',
  '.',
  ',',
  '-',
  "'",
  '"',
  '\u2018',
  '\u2019',
  '\u201c',
  '\u201d',
  '\u2014',
  '\u2212',
  '\u2026',
];

describe('core/text/keys: the tiers nest', () => {
  it("a line's key at a tier is the key of its key at the tier below (the matcher derives each tier's index from the one below)", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...CHARS), { maxLength: 24 }).map((a) => a.join('')),
        (s) => {
          assert.equal(looseKey(trailingKey(s)), looseKey(s), JSON.stringify(s));
          assert.equal(unicodeKey(looseKey(s)), unicodeKey(s), JSON.stringify(s));
        },
      ),
      { numRuns: 20_000 },
    );
    assert.equal(unicodeKey(looseKey('  say(\u201chi\u201d ,  x )  ')), unicodeKey('  say(\u201chi\u201d ,  x )  '));
  });
});
