import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { matchName } from '../../../../src/core/sensitive/glob';

/** The definition of a name match, by code point, as plainly as possible: dynamic programming over both. */
function reference(pattern: string, name: string, dot: boolean): boolean {
  const p = Array.from(pattern);
  const s = Array.from(name);
  if (!dot && s[0] === '.' && p[0] !== '.') return false;
  // ok[i][j]: the first i pattern characters match the first j name characters.
  const ok = Array.from({ length: p.length + 1 }, () => new Array<boolean>(s.length + 1).fill(false));
  ok[0][0] = true;
  for (let i = 1; i <= p.length; i++) {
    for (let j = 0; j <= s.length; j++) {
      if (p[i - 1] === '*') ok[i][j] = ok[i - 1][j] || (j > 0 && ok[i][j - 1]);
      else ok[i][j] = j > 0 && ok[i - 1][j - 1] && (p[i - 1] === '?' || p[i - 1] === s[j - 1]);
    }
  }
  return ok[p.length][s.length];
}

const char = fc.constantFrom('a', 'b', '.', '-', 'é', '😀', '*', '?');
const nameChar = fc.constantFrom('a', 'b', '.', '-', 'é', '😀', '*', '?');

describe('glob matchName (the literal and single-star shortcuts agree with the full match)', () => {
  it('agrees with the code-point definition on random patterns and names, with and without dot', () => {
    fc.assert(
      fc.property(fc.array(char, { maxLength: 7 }), fc.array(nameChar, { maxLength: 9 }), fc.boolean(), (p, n, dot) => {
        const pattern = p.join('');
        const name = n.join('');
        assert.equal(matchName(pattern, name, dot), reference(pattern, name, dot), JSON.stringify({ pattern, name, dot }));
      }),
      { numRuns: 5000 },
    );
  });

  it('the shapes the protection lists use', () => {
    assert.equal(matchName('.mcp.json', '.mcp.json'), true);
    assert.equal(matchName('.mcp.json', '.mcp.jsonx'), false);
    assert.equal(matchName('*.lock', 'yarn.lock'), true);
    assert.equal(matchName('*.lock', '.lock'), false, 'a dot-file needs an explicit dot');
    assert.equal(matchName('*.lock', '.lock', true), true);
    assert.equal(matchName('.env*', '.envrc'), true);
    assert.equal(matchName('settings*.json', 'settings.json'), true);
    assert.equal(matchName('ab*ba', 'aba'), false, 'prefix and suffix may not overlap');
    assert.equal(matchName('**', 'x'), true);
    assert.equal(matchName('*.l?ck', '*x.lock'), true, 'a literal * in the name does not use up the wildcard');
  });
});
