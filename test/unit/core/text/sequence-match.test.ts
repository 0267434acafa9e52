import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { SequenceIndex } from '../../../../src/core/text/sequence-index';
import { findRuns, kmpRuns, lowerBound, oneMismatchRuns } from '../../../../src/core/text/sequence-match';

/** Every start where `pattern` occurs in `text` within [lo, hi), by comparing at every position. */
function naiveRuns<T>(text: readonly T[], lo: number, hi: number, pattern: readonly T[]): number[] {
  const out: number[] = [];
  if (!pattern.length) return out;
  for (let p = lo; p + pattern.length <= hi; p++) if (pattern.every((x, j) => text[p + j] === x)) out.push(p);
  return out;
}

/** Starts (and the index) where exactly one item of `pattern` differs. */
function naiveOneMismatch(text: readonly number[], lo: number, hi: number, pattern: readonly number[]): Array<{ start: number; wrong: number }> {
  const out: Array<{ start: number; wrong: number }> = [];
  for (let p = lo; p + pattern.length <= hi; p++) {
    const wrong = pattern.flatMap((x, j) => (text[p + j] === x ? [] : [j]));
    if (wrong.length === 1) out.push({ start: p, wrong: wrong[0] });
  }
  return out;
}

// small alphabets make repetition (and so many candidate places) the common case
const items = fc.array(fc.constantFrom('a', 'b', 'c', ''), { maxLength: 60 });
const pattern = fc.array(fc.constantFrom('a', 'b', 'c', '', 'z'), { minLength: 1, maxLength: 6 });
const range = (n: number) => fc.tuple(fc.nat(n), fc.nat(n)).map(([x, y]) => [Math.min(x, y), Math.max(x, y)] as const);

describe('core/text/sequence-index and sequence-match', () => {
  it('SequenceIndex: equal strings share an id, positions ascend, an absent string is -1', () => {
    const idx = SequenceIndex.of(6, (i) => ['x', 'y', 'x', '', 'x', 'y'][i]);
    assert.equal(idx.idOf('x'), idx.ids[0]);
    assert.equal(idx.ids[2], idx.ids[0]);
    assert.notEqual(idx.ids[1], idx.ids[0]);
    assert.deepEqual([...idx.positions(idx.idOf('x'))], [0, 2, 4]);
    assert.deepEqual([...idx.positions(idx.idOf(''))], [3]);
    assert.equal(idx.idOf('nope'), -1);
    assert.equal(idx.count(-1), 0);
    assert.deepEqual([...idx.positions(-1)], []);
  });

  it('derive: the index of the items\' keys, as if built from the keys themselves (ids aside)', () => {
    const keyOf = (s: string) => s.trimEnd().replace(/^\s+/, '');
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'a ', ' a', 'b', 'b  ', '', ' ', 'c'), { maxLength: 30 }), fc.array(fc.constantFrom('a', 'b', '', 'c', 'z'), { minLength: 1, maxLength: 3 }), (items, probe) => {
        const derived = SequenceIndex.of(items.length, (i) => items[i]).derive(keyOf);
        const direct = SequenceIndex.of(items.length, (i) => keyOf(items[i]));
        for (let i = 0; i < items.length; i++) {
          assert.equal(derived.itemAt(i), keyOf(items[i]));
          for (let j = 0; j < items.length; j++) assert.equal(derived.ids[i] === derived.ids[j], direct.ids[i] === direct.ids[j]);
        }
        for (const k of probe) {
          assert.equal(derived.count(derived.idOf(k)), direct.count(direct.idOf(k)), k);
          assert.deepEqual([...derived.positions(derived.idOf(k))], [...direct.positions(direct.idOf(k))]);
        }
        assert.deepEqual(findRuns(derived, probe, 0, items.length), findRuns(direct, probe, 0, items.length));
      }),
      { numRuns: 500 },
    );
  });

  it('kmpRuns finds every (overlapping) occurrence in the range, up to the limit', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 80 }), fc.array(fc.integer({ min: 0, max: 2 }), { minLength: 1, maxLength: 5 }), (text, pat) => {
        assert.deepEqual(kmpRuns(text, 0, text.length, pat), naiveRuns(text, 0, text.length, pat));
        assert.deepEqual(kmpRuns(text, 0, text.length, pat, 2), naiveRuns(text, 0, text.length, pat).slice(0, 2));
      }),
      { numRuns: 400 },
    );
    assert.deepEqual(kmpRuns([1, 1, 1, 1], 0, 4, [1, 1]), [0, 1, 2]);
    assert.deepEqual(kmpRuns([1, 2], 0, 2, []), []);
  });

  it('findRuns gives kmpRuns\' answer whichever way it takes (rarest item, or one pass when that is dearer)', () => {
    fc.assert(
      fc.property(items, pattern, fc.nat(60), fc.nat(60), fc.integer({ min: 1, max: 4 }), (text, pat, x, y, limit) => {
        const [lo, hi] = [Math.min(x, y, text.length), Math.min(Math.max(x, y), text.length)];
        const idx = SequenceIndex.of(text.length, (i) => text[i]);
        let charged = 0;
        assert.deepEqual(findRuns(idx, pat, lo, hi, Infinity, { charge: (n) => (charged += n) }), naiveRuns(text, lo, hi, pat));
        assert.deepEqual(findRuns(idx, pat, lo, hi, limit), naiveRuns(text, lo, hi, pat).slice(0, limit));
        assert.ok(charged <= 3 * (hi - lo + pat.length) + 20, `work ${charged} stays within a few passes`);
      }),
      { numRuns: 600 },
    );
  });

  it('findRuns on 300,000 identical lines and a 2,000-line run: every start, for about one pass of work', () => {
    const n = 300_000;
    const idx = SequenceIndex.of(n, () => 'same');
    let charged = 0;
    const runs = findRuns(idx, new Array(2000).fill('same'), 0, n, Infinity, { charge: (k) => (charged += k) });
    assert.equal(runs.length, n - 2000 + 1);
    assert.equal(runs[0], 0);
    assert.equal(runs[runs.length - 1], n - 2000);
    assert.ok(charged < 2 * (n + 2000) + 10, `charged ${charged}`);
  });

  it('oneMismatchRuns finds the windows that differ in exactly one item, and which', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 2 }), { maxLength: 60 }), fc.array(fc.integer({ min: -1, max: 2 }), { minLength: 1, maxLength: 6 }), range(60), (text, pat, [x, y]) => {
        const lo = Math.min(x, text.length);
        const hi = Math.min(y, text.length);
        assert.deepEqual(oneMismatchRuns(text, lo, hi, pat), naiveOneMismatch(text, lo, hi, pat));
      }),
      { numRuns: 600 },
    );
  });

  it('lowerBound is the first index whose value is at least x', () => {
    assert.equal(lowerBound([1, 3, 3, 7], 3), 1);
    assert.equal(lowerBound([1, 3, 3, 7], 4), 3);
    assert.equal(lowerBound([1, 3, 3, 7], 8), 4);
    assert.equal(lowerBound([], 1), 0);
  });
});
