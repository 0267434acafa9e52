// The engine's indexed searches give the answers of its direct ones: the matcher with and
// without the line index, the fast path's exact search with and without the piece index.
import * as assert from 'node:assert/strict';
import fc from 'fast-check';
import { KeyedLines, Level, OldLine, findMatches, findFuzzyMatches } from '../../../src/core/patch/match';
import { diagnose } from '../../../src/core/patch/diagnose';
import { ExactLocator } from '../../../src/core/patch/exact-locator';
import { scanExact } from '../../../src/core/patch/fastPatch';
import { WorkMeter } from '../../../src/core/patch/work-meter';
import { PatchContext } from '../../../src/core/patch/patch-context';
import { splitText } from '../../../src/core/text/lines';

// few distinct lines (so that windows repeat), with the differences each tier forgives
const LINES = ['a', 'a  ', '  a', '\ta', 'b', 'foo(x)', 'foo( x )', '“q”', '"q"', '', ' ', 'return 0;', 'return  0;', 'x = 1 // c'];
const fileLines = fc.array(fc.constantFrom(...LINES), { maxLength: 40 });
const oldLines = fc.array(fc.record({ text: fc.constantFrom(...LINES), removed: fc.boolean(), pinned: fc.boolean() }), { minLength: 1, maxLength: 5 });
const text = (ls: string[], eol: string, final: boolean) => ls.join(eol) + (final && ls.length ? eol : '');

describe('engine: indexed searches answer as direct ones', () => {
  it('findMatches at levels 0-3: the same starts from the line index as from the substring pre-filter', () => {
    fc.assert(
      fc.property(fileLines, oldLines, fc.constantFrom('\n', '\r\n'), fc.nat(40), fc.nat(40), (ls, old, eol, x, y) => {
        const model = splitText(text(ls, eol, true));
        const range = x <= y ? { lo: Math.min(x, ls.length), hi: Math.min(y, ls.length) } : undefined;
        for (let level = Level.Exact; level <= Level.Unicode; level++) {
          const direct = findMatches(new KeyedLines(model), old as OldLine[], level, range);
          const indexed = new KeyedLines(model);
          indexed.index(level);
          assert.deepEqual(findMatches(indexed, old as OldLine[], level, range), direct, `level ${level}`);
        }
      }),
      { numRuns: 500 },
    );
  });

  it('findFuzzyMatches: the same windows, wrong lines and similarities from the level-3 index', () => {
    // long, similar lines: windows one line off (a fuzzy match) or two lines off (none) are common
    const SIMILAR = ['return 0;', 'return 1;', 'foo(x);', 'foo(y);', 'bar baz;', ''];
    const lines = fc.array(fc.constantFrom(...SIMILAR), { maxLength: 40 });
    const old = fc.array(fc.record({ text: fc.constantFrom(...SIMILAR), removed: fc.integer({ min: 0, max: 4 }).map((x) => x === 0), pinned: fc.integer({ min: 0, max: 9 }).map((x) => x === 0) }), { minLength: 3, maxLength: 6 });
    fc.assert(
      fc.property(fc.oneof(fileLines, lines), old, (ls, old) => {
        const model = splitText(text(ls, '\n', true));
        const direct = findFuzzyMatches(new KeyedLines(model), old as OldLine[]);
        const indexed = new KeyedLines(model);
        indexed.index(Level.Unicode);
        assert.deepEqual(findFuzzyMatches(indexed, old as OldLine[]), direct);
      }),
      { numRuns: 500 },
    );
  });

  it('the word check (a line with a word the file lacks matches nowhere) never drops a match, at any level or fuzzy', () => {
    const oldWithAbsent = fc.array(fc.record({ text: fc.constantFrom(...LINES, 'absent_word(x)', 'return absent;', '  foo(zz)'), removed: fc.boolean(), pinned: fc.boolean() }), { minLength: 1, maxLength: 5 });
    fc.assert(
      fc.property(fileLines, oldWithAbsent, (ls, old) => {
        const model = splitText(text(ls, '\n', true));
        const checked = new KeyedLines(model, new WorkMeter(Infinity));
        checked.wordsPresent([], true); // the file's words, collected
        checked.noteScan(1e9); // past the allowance: every search takes the indexed path, with the check
        for (let level = Level.Exact; level <= Level.Unicode; level++) {
          assert.deepEqual(findMatches(checked, old as OldLine[], level), findMatches(new KeyedLines(model), old as OldLine[], level), `level ${level}`);
        }
        assert.deepEqual(findFuzzyMatches(checked, old as OldLine[]), findFuzzyMatches(new KeyedLines(model), old as OldLine[]));
      }),
      { numRuns: 600 },
    );
    const file = new KeyedLines(splitText('  return value;\n'));
    assert.deepEqual(file.wordsPresent(['return value', 'return other'], true), [true, false]);
  });

  it('diagnose: the same best partial placement and nearest line with the index', () => {
    fc.assert(
      fc.property(fileLines, oldLines, fc.option(fc.nat(40), { nil: undefined }), (ls, old, hint) => {
        const model = splitText(text(ls, '\n', false));
        const direct = diagnose(new KeyedLines(model), old as OldLine[], hint);
        const indexed = new KeyedLines(model);
        indexed.index(Level.Unicode);
        assert.deepEqual(diagnose(indexed, old as OldLine[], hint), direct);
      }),
      { numRuns: 300 },
    );
  });

  it('the fast path\'s exact search: the piece index gives scanExact\'s count and first offset (BOM, CRLF, lone CR, no final newline)', () => {
    const pieces = fc.array(fc.constantFrom('a', 'b', '', 'a\r', 'x y'), { maxLength: 30 });
    fc.assert(
      fc.property(pieces, fc.array(fc.constantFrom('a', 'b', '', 'x y'), { minLength: 1, maxLength: 4 }), fc.constantFrom('\n', '\r\n'), fc.boolean(), fc.boolean(), (ls, old, eol, bom, final) => {
        const raw = (bom ? '\uFEFF' : '') + text(ls, eol, final);
        const lineEnd: '\n' | '\r\n' = raw.indexOf('\r') >= 0 ? '\r\n' : '\n';
        const locator = new ExactLocator(raw, lineEnd, new WorkMeter(Infinity), 0);
        assert.deepEqual(locator.scan(old), scanExact(raw, old, lineEnd));
      }),
      { numRuns: 800 },
    );
  });

  it('a context\'s exact search of a text without CR uses the file\'s line index (plus the empty piece after a final newline), with scanExact\'s answers', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('a', 'b', '', 'x y'), { maxLength: 25 }), fc.boolean(), fc.boolean(), fc.array(fc.array(fc.constantFrom('a', 'b', '', 'x y'), { minLength: 1, maxLength: 3 }), { minLength: 8, maxLength: 12 }), (ls, bom, final, olds) => {
        const raw = (bom ? '\uFEFF' : '') + text(ls, '\n', final);
        const ctx = new PatchContext(raw, {}, new WorkMeter(Infinity));
        olds.forEach((old, k) => assert.deepEqual(ctx.scanOf({ index: k + 1, lines: [], oldNoEol: false, newNoEol: false }, old), scanExact(raw, old, '\n'), `search ${k}`));
      }),
      { numRuns: 300 },
    );
  });

  it('the fast path\'s exact search switches to the piece index after a few whole-text scans, with the same answers', () => {
    const raw = Array.from({ length: 500 }, (_, i) => `line ${i % 50}`).join('\n') + '\n';
    const locator = new ExactLocator(raw, '\n', new WorkMeter(Infinity));
    for (let k = 0; k < 20; k++) {
      const old = [`line ${k}`, `line ${k + 1}`];
      assert.deepEqual(locator.scan(old), scanExact(raw, old, '\n'), `search ${k}`);
    }
    assert.deepEqual(locator.scan(['line 3', 'line 9']), { count: 0, offset: -1 });
  });
});
