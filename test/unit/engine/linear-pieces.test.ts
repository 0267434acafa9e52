// The pieces that replaced quadratic walks give the walks' answers: the overlap check between
// neighbours, the drift-region count with a few placements inserted, new line numbers, the
// rendered window of an edit and the line diff around it.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { collide, ExtentIndex, extentOf, firstCollision } from '../../../src/core/patch/overlap';
import { FixedPlacements, Placement } from '../../../src/core/patch/select';
import { LineEdit, newLineMapper, renderEdits, renderWindow, editsOverlap } from '../../../src/core/patch/render';
import type { SegmentPlan } from '../../../src/core/patch/plan';
import { splitText } from '../../../src/core/text/lines';
import { splitLinesKeepEnds } from '../../../src/core/text/split';
import { diffLineArrays } from '../../../src/core/diff';
import { diffAround } from '../../../src/core/diff/around';

/** A placed hunk: one or two segments, each a window with edits inside it. */
const segment = fc.tuple(fc.nat(40), fc.nat(6), fc.array(fc.tuple(fc.nat(6), fc.nat(2), fc.nat(2)), { minLength: 1, maxLength: 2 })).map(([start, oldLen, raw]): SegmentPlan => {
  const edits: LineEdit[] = [];
  let at = start;
  for (const [gap, del, add] of raw) {
    const s = Math.min(start + oldLen, at + gap);
    const e = Math.min(start + oldLen, s + del);
    if (edits.length && s <= edits[edits.length - 1].end) break;
    edits.push({ start: s, end: e, lines: Array.from({ length: add }, () => 'x') });
    at = e + 1;
  }
  return { start, oldLen, tier: 'exact', edits };
});
const hunk = fc.array(segment, { minLength: 1, maxLength: 2 });

function naiveFirstCollision(items: SegmentPlan[][]): [number, number] | null {
  for (let a = 0; a < items.length; a++) for (let b = a + 1; b < items.length; b++) if (collide(items[a], items[b])) return [a, b];
  return null;
}

/** The drift regions of placements in file order (stable by start: unique ones first), and the anchoring rule, by sorting everything. */
function naiveDrift(fixed: Placement[], extra: Placement[]): { cost: number; anchored: boolean } {
  const all = [...fixed.map((x) => ({ ...x, unique: true })), ...extra.map((x) => ({ ...x, unique: false }))].sort((a, b) => a.start - b.start);
  let cost = 0;
  let prev = 0;
  for (const x of all) {
    if (x.offset !== prev) cost++;
    prev = x.offset;
  }
  const anchored = all.every((x, i) => x.unique || [all[i - 1], all[i + 1]].some((y) => y && y.unique && y.offset === x.offset));
  return { cost, anchored };
}

describe('engine: linear replacements of quadratic walks', () => {
  it('firstCollision finds the first colliding pair in list order, as comparing every pair does', () => {
    fc.assert(
      fc.property(fc.array(hunk, { maxLength: 12 }), (items) => {
        assert.deepEqual(firstCollision(items), naiveFirstCollision(items));
      }),
      { numRuns: 1500 },
    );
  });

  it('ExtentIndex visits exactly the extents meeting a closed interval', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(30), fc.nat(8)).map(([a, l]) => [a, a + l] as [number, number]), { maxLength: 20 }), fc.nat(40), fc.nat(10), (extents, lo, len) => {
        const seen: number[] = [];
        new ExtentIndex(extents).forEachMeeting(lo, lo + len, (i) => void seen.push(i));
        const expected = extents.flatMap(([a, b], i) => (a <= lo + len && b >= lo ? [i] : []));
        assert.deepEqual(seen.sort((x, y) => x - y), expected);
      }),
      { numRuns: 800 },
    );
  });

  it('two hunks whose extents do not meet never collide (the index may skip them)', () => {
    fc.assert(
      fc.property(hunk, hunk, (a, b) => {
        const [alo, ahi] = extentOf(a);
        const [blo, bhi] = extentOf(b);
        if (ahi < blo || bhi < alo) assert.equal(collide(a, b), false);
      }),
      { numRuns: 1500 },
    );
  });

  it('FixedPlacements.withInserted counts drift regions and anchoring as sorting all placements does', () => {
    const placement = fc.record({ start: fc.nat(30), offset: fc.integer({ min: -2, max: 2 }) });
    fc.assert(
      fc.property(fc.array(placement, { minLength: 1, maxLength: 10 }), fc.array(placement, { maxLength: 4 }), (fixed, extra) => {
        assert.deepEqual(new FixedPlacements(fixed).withInserted(extra), naiveDrift(fixed, extra));
      }),
      { numRuns: 2000 },
    );
  });

  it('newLineMapper maps base lines to new ones as walking every edit does', () => {
    const naive = (edits: LineEdit[], b: number) => b + edits.filter((e) => e.end <= b && !(e.start === e.end && e.start === b)).reduce((n, e) => n + e.lines.length - (e.end - e.start), 0);
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(30), fc.nat(3), fc.nat(3)), { maxLength: 8 }), fc.nat(40), (raw, b) => {
        const edits: LineEdit[] = [];
        for (const [s, d, a] of raw) {
          const e: LineEdit = { start: s, end: s + d, lines: new Array(a).fill('y') };
          if (!edits.some((x) => editsOverlap(x, e))) edits.push(e);
        }
        assert.equal(newLineMapper(edits)(b), naive(edits, b));
      }),
      { numRuns: 1500 },
    );
  });

  it('renderWindow: the new text is the base around the window, and its lines replace base lines [startLine, endLine)', () => {
    const lineText = fc.constantFrom('a', '', 'b b', '\uFEFFx');
    fc.assert(
      fc.property(fc.array(lineText, { maxLength: 12 }), fc.constantFrom('\n', '\r\n', 'mixed'), fc.boolean(), fc.boolean(), fc.array(fc.tuple(fc.nat(12), fc.nat(2), fc.array(lineText, { maxLength: 3 })), { maxLength: 3 }), fc.boolean(), (ls, eol, bom, final, raw, finalNewline) => {
        const body = ls.map((l, i) => l.replace('\uFEFF', '') + (i < ls.length - 1 || final ? (eol === 'mixed' ? (i % 2 ? '\r\n' : '\n') : eol) : '')).join('');
        const m = splitText((bom ? '\uFEFF' : '') + body);
        const N = m.lines.length;
        const edits: LineEdit[] = [];
        for (const [s, d, lines] of raw) {
          const e: LineEdit = { start: Math.min(s, N), end: Math.min(s + d, N), lines };
          if (!edits.some((x) => editsOverlap(x, e))) edits.push(e);
        }
        const full = renderEdits(m, edits, finalNewline);
        const w = renderWindow(m, edits, finalNewline);
        assert.equal(m.raw.slice(0, w.start) + w.text + m.raw.slice(w.end), full);
        const keep = splitLinesKeepEnds(m.raw);
        assert.deepEqual([...keep.slice(0, w.startLine), ...splitLinesKeepEnds(w.text), ...keep.slice(w.endLine)], splitLinesKeepEnds(full));
      }),
      { numRuns: 1500 },
    );
  });

  it('diffAround gives diffLineArrays\' changes of the whole texts, also when the text repeats past the replaced lines', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a\n', 'b\n', 'c\n'), { maxLength: 20 }), fc.nat(20), fc.nat(4), fc.array(fc.constantFrom('a\n', 'b\n', 'x\n'), { maxLength: 5 }), (a, f, d, lines) => {
        const from = Math.min(f, a.length);
        const to = Math.min(from + d, a.length);
        const b = [...a.slice(0, from), ...lines, ...a.slice(to)];
        assert.deepEqual(diffAround(a, from, to, lines), diffLineArrays(a, b));
      }),
      { numRuns: 2000 },
    );
  });
});
