import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { Finder } from '../../../../src/core/text/find';

/** Every occurrence by a left-to-right scan resuming one past each match (how the engine scans). */
function scan(find: (from: number) => number, from = 0): number[] {
  const out: number[] = [];
  for (let i = find(from); i >= 0; i = find(i + 1)) out.push(i);
  return out;
}

describe('core/text/find (Finder)', () => {
  it('gives indexOf\'s answers, overlapping occurrences included (property, short and long needles)', () => {
    const text = (max: number) => fc.array(fc.constantFrom('a', 'b', '@', '\n'), { maxLength: max }).map((a) => a.join(''));
    fc.assert(
      fc.property(text(400), fc.integer({ min: 0, max: 3 }), text(6), fc.integer({ min: -2, max: 50 }), (hay, rep, unit, from) => {
        // needles past the 64-character probe take the verify-then-KMP path
        const needle = (unit || 'a').repeat(rep === 0 ? 1 : 30 * rep);
        const f = new Finder(hay, needle);
        assert.deepEqual(scan((k) => f.indexOf(k), from), scan((k) => hay.indexOf(needle, k), from));
        assert.equal(new Finder(hay, needle).indexOf(from), hay.indexOf(needle, from));
      }),
      { numRuns: 300 },
    );
  });

  it('gives indexOf\'s answers after switching to KMP mid-scan (property: long runs, many probe hits)', () => {
    const runs = fc.array(fc.constantFrom('a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'a', 'b'), { minLength: 100, maxLength: 3000 }).map((a) => a.join(''));
    fc.assert(
      fc.property(runs, fc.integer({ min: 60, max: 200 }), fc.integer({ min: 0, max: 40 }), fc.boolean(), (hay, k, j, mid) => {
        const needle = 'a'.repeat(k) + (mid ? 'b' : '') + 'a'.repeat(j);
        const f = new Finder(hay, needle);
        assert.deepEqual(scan((x) => f.indexOf(x)), scan((x) => hay.indexOf(needle, x)));
      }),
      { numRuns: 200 },
    );
  });

  it('stays linear where native indexOf takes |hay|·|needle| (runs of one character)', () => {
    const run = '@'.repeat(7589);
    const hay = (run + '\n').repeat(300);
    const needle = '  }' + run;
    assert.equal(new Finder(hay, needle).indexOf(0), -1);
    const f = new Finder(hay, '@'.repeat(5000));
    const all = scan((k) => f.indexOf(k));
    assert.equal(all.length, 300 * (7589 - 5000 + 1));
    // every check succeeds: the budget must count successful checks too
    const one = 'a'.repeat(2_000_000);
    const g = new Finder(one, 'a'.repeat(7000));
    assert.equal(scan((k) => g.indexOf(k)).length, 2_000_000 - 7000 + 1);
    // A quadratic search would not end within the suite's timeout; the speed itself is measured in bench/.
  });
});
