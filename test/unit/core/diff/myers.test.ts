import assert from 'node:assert/strict';
import fc from 'fast-check';
import { diffSequences, LineChange } from '../../../../src/core/diff/myers';
import { diffLineArrays } from '../../../../src/core/diff/lineDiff';

/** Applies changes to `a`, taking inserted elements from `b`. */
function applyChanges<T>(a: readonly T[], b: readonly T[], changes: LineChange[]): T[] {
  const out: T[] = [];
  let ai = 0;
  for (const c of changes) {
    while (ai < c.aStart) out.push(a[ai++]);
    for (let i = c.bStart; i < c.bEnd; i++) out.push(b[i]);
    ai = c.aEnd;
  }
  while (ai < a.length) out.push(a[ai++]);
  return out;
}

/** Length of the longest common subsequence by dynamic programming (the reference). */
function lcsLength(a: readonly number[], b: readonly number[]): number {
  const dp = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      dp[i][j] = a[i - 1] === b[j - 1] ? dp[i - 1][j - 1] + 1 : Math.max(dp[i - 1][j], dp[i][j - 1]);
    }
  }
  return dp[a.length][b.length];
}

function editCost(changes: LineChange[]): number {
  return changes.reduce((sum, c) => sum + (c.aEnd - c.aStart) + (c.bEnd - c.bStart), 0);
}

const seqArb = fc.array(fc.integer({ min: 0, max: 4 }), { maxLength: 40 });

describe('diffSequences (Myers)', () => {
  it('produces changes that turn a into b, ordered and non-overlapping', () => {
    fc.assert(fc.property(seqArb, seqArb, (a, b) => {
      const changes = diffSequences(a, b);
      assert.deepEqual(applyChanges(a, b, changes), b);
      for (let i = 1; i < changes.length; i++) {
        assert.ok(changes[i].aStart > changes[i - 1].aEnd || changes[i].bStart > changes[i - 1].bEnd);
        assert.ok(changes[i].aStart >= changes[i - 1].aEnd && changes[i].bStart >= changes[i - 1].bEnd);
      }
    }), { numRuns: 2000 });
  });

  it('is minimal: its edit cost equals |a| + |b| - 2·LCS', () => {
    fc.assert(fc.property(seqArb, seqArb, (a, b) => {
      assert.equal(editCost(diffSequences(a, b)), a.length + b.length - 2 * lcsLength(a, b));
    }), { numRuns: 2000 });
  });

  it('stays correct (if not minimal) when the cost limit cuts the search short', () => {
    fc.assert(fc.property(seqArb, seqArb, fc.integer({ min: 1, max: 4 }), (a, b, costLimit) => {
      assert.deepEqual(applyChanges(a, b, diffSequences(a, b, { costLimit })), b);
    }), { numRuns: 2000 });
  });

  it('handles empty sides', () => {
    assert.deepEqual(diffSequences([], []), []);
    assert.deepEqual(diffSequences([1, 2], []), [{ aStart: 0, aEnd: 2, bStart: 0, bEnd: 0 }]);
    assert.deepEqual(diffSequences([], [7]), [{ aStart: 0, aEnd: 0, bStart: 0, bEnd: 1 }]);
  });
});

describe('diffLineArrays', () => {
  const lineArrayArb = fc.array(fc.constantFrom('a\n', 'b\n', 'c\n', 'd\n', 'only-once-x\n', 'e'), { maxLength: 30 });

  it('is correct and minimal with prefix/suffix trimming and one-sided lines set aside (property)', () => {
    fc.assert(fc.property(lineArrayArb, lineArrayArb, (a, b) => {
      const changes = diffLineArrays(a, b);
      assert.deepEqual(applyChanges(a, b, changes), b);
      const ids = new Map<string, number>();
      const toIds = (xs: string[]): number[] => xs.map((x) => { if (!ids.has(x)) ids.set(x, ids.size); return ids.get(x) as number; });
      assert.equal(editCost(changes), a.length + b.length - 2 * lcsLength(toIds(a), toIds(b)));
      for (let i = 1; i < changes.length; i++) assert.ok(changes[i].aStart > changes[i - 1].aEnd && changes[i].bStart > changes[i - 1].bEnd);
    }), { numRuns: 3000 });
  });

  it('diffs two unrelated texts that share only a few lines correctly', () => {
    const a = Array.from({ length: 3000 }, (_, i) => (i % 50 === 0 ? '}\n' : `left ${i}\n`));
    const b = Array.from({ length: 2500 }, (_, i) => (i % 40 === 0 ? '}\n' : `right ${i}\n`));
    const changes = diffLineArrays(a, b);
    assert.deepEqual(applyChanges(a, b, changes), b);
    // The only common lines are the "}" lines, so the LCS is the smaller count of them.
    const braces = (xs: string[]): number => xs.filter((x) => x === '}\n').length;
    assert.equal(editCost(changes), a.length + b.length - 2 * Math.min(braces(a), braces(b)));
  });

  it('finds a one-line change in a 30,000-line text as one change', () => {
    const a = Array.from({ length: 30000 }, (_, i) => `line ${i}\n`);
    const b = a.slice();
    b[12345] = 'changed\n';
    b.splice(20000, 0, 'inserted\n');
    const changes = diffLineArrays(a, b);
    assert.deepEqual(changes, [
      { aStart: 12345, aEnd: 12346, bStart: 12345, bEnd: 12346 },
      { aStart: 20000, aEnd: 20000, bStart: 20000, bEnd: 20001 },
    ]);
  });

  it('turns unrelated 5,000-line texts into each other (cost limit path)', () => {
    const a = Array.from({ length: 5000 }, (_, i) => `a${(i * 7919) % 5000}\n`);
    const b = Array.from({ length: 5000 }, (_, i) => `a${(i * 104729) % 4999}\n`);
    assert.deepEqual(applyChanges(a, b, diffLineArrays(a, b, { costLimit: 64 })), b);
  });
});
