import assert from 'node:assert/strict';
import fc from 'fast-check';
import { formatProblems } from '../../../src/validate/format-problems';
import { diffLineArrays, diffLineRanges } from '../../../src/validate/line-diff';
import { CandidateLineMap } from '../../../src/validate/line-map';
import { selectNewProblems } from '../../../src/validate/novelty';
import { pythonIndentationProblems } from '../../../src/validate/syntax/python-indentation';
import type { ChangedRange, RawProblem } from '../../../src/validate/types';
import { mkdtempSync, writeFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { VALIDATION_WASM_FILES, defaultWasmDirs, resolveWasmFile } from '../../../src/validate/wasm-files';

/** Rebuilds the candidate from the base and the ranges: proves the ranges describe the edit exactly. */
function applyRanges(a: string[], b: string[], ranges: ChangedRange[]): string[] {
  const out: string[] = [];
  let ai = 0;
  for (const r of ranges) {
    while (ai < r.baseStartLine - 1) out.push(a[ai++]);
    out.push(...b.slice(r.candidateStartLine - 1, r.candidateStartLine - 1 + r.candidateLineCount));
    ai += r.baseLineCount;
  }
  while (ai < a.length) out.push(a[ai++]);
  return out;
}

describe('validate/line-diff', () => {
  it('finds separate blocks for a two-spot edit', () => {
    const r = diffLineRanges('1\n2\n3\n4\n5\n6\n', '1\nX\n3\n4\n5\nY\nZ\n');
    assert.deepEqual(r, [
      { baseStartLine: 2, baseLineCount: 1, candidateStartLine: 2, candidateLineCount: 1 },
      { baseStartLine: 6, baseLineCount: 1, candidateStartLine: 6, candidateLineCount: 2 },
    ]);
  });

  it('reports pure insertions and deletions with zero counts', () => {
    assert.deepEqual(diffLineRanges('a\nb\n', 'a\nnew\nb\n'), [{ baseStartLine: 2, baseLineCount: 0, candidateStartLine: 2, candidateLineCount: 1 }]);
    assert.deepEqual(diffLineRanges('a\nold\nb\n', 'a\nb\n'), [{ baseStartLine: 2, baseLineCount: 1, candidateStartLine: 2, candidateLineCount: 0 }]);
    assert.deepEqual(diffLineRanges('same\n', 'same\n'), []);
  });

  it('ranges always rebuild the candidate from the base (property)', () => {
    const lines = fc.array(fc.constantFrom('a', 'b', 'c', '{', '}', ''), { maxLength: 30 });
    fc.assert(
      fc.property(lines, lines, (a, b) => {
        assert.deepEqual(applyRanges(a, b, diffLineArrays(a, b)), b);
      }),
      { numRuns: 300 },
    );
  });

  it('maps unchanged candidate lines back to base lines', () => {
    const map = new CandidateLineMap(diffLineRanges('1\n2\n3\n4\n', '0\n1\n2\nX\n4\n'));
    assert.deepEqual(map.origin(2), { kind: 'unchanged', baseLine: 1 });
    assert.deepEqual(map.origin(4), { kind: 'changed', index: 1 });
    assert.deepEqual(map.origin(5), { kind: 'unchanged', baseLine: 4 });
  });
});

describe('validate/selectNewProblems', () => {
  const p = (line: number, key = 'ERROR', column = 1): RawProblem => ({ line, column, key, message: key });

  it('excuses problems that moved with the text, not new ones of the same kind', () => {
    const ranges: ChangedRange[] = [{ baseStartLine: 1, baseLineCount: 0, candidateStartLine: 1, candidateLineCount: 10 }];
    const r = selectNewProblems([p(5)], [p(15), p(30)], ranges);
    assert.deepEqual(r.fresh.map((x) => x.line), [30]);
    assert.equal(r.preexisting, 1);
  });

  it('a base problem excuses at most one candidate problem', () => {
    const ranges: ChangedRange[] = [{ baseStartLine: 5, baseLineCount: 1, candidateStartLine: 5, candidateLineCount: 1 }];
    const r = selectNewProblems([p(5)], [p(5), p(5, 'ERROR', 9)], ranges);
    assert.equal(r.fresh.length, 1);
  });

  it('matches problems at the end of both texts only when told where the ends are', () => {
    const ranges: ChangedRange[] = [{ baseStartLine: 11, baseLineCount: 0, candidateStartLine: 11, candidateLineCount: 20 }];
    // The base's last text is line 7 (lines 8-10 blank); 20 lines are appended after line 10.
    assert.equal(selectNewProblems([p(7, 'MISSING:}')], [p(30, 'MISSING:}')], ranges).fresh.length, 1);
    const ends = { baseLastLine: 7, candidateLastLine: 30 };
    assert.equal(selectNewProblems([p(7, 'MISSING:}')], [p(30, 'MISSING:}')], ranges, ends).fresh.length, 0);
    assert.equal(selectNewProblems([p(7, 'MISSING:}')], [p(30, 'MISSING:}'), p(30, 'MISSING:}')], ranges, ends).fresh.length, 1);
    assert.equal(selectNewProblems([p(5, 'MISSING:}')], [p(30, 'MISSING:}')], ranges, ends).fresh.length, 1, 'base problem not at its end');
  });

  it('keys must match', () => {
    const r = selectNewProblems([p(3, 'MISSING:;')], [p(3, 'MISSING:}')], []);
    assert.equal(r.fresh.length, 1);
  });
});

describe('validate/python indentation', () => {
  const keys = (t: string) => pythonIndentationProblems(t).map((x) => `${x.line}:${x.key}`);

  it('accepts valid code with brackets, continuations, strings and comments', () => {
    const ok = [
      'def f(a,',
      '        b):',
      '    s = """',
      'not: an indent',
      '  """',
      '    x = [1,',
      '  2]',
      '    y = 1 + \\',
      '          2',
      '# comment at column 0',
      '    if x:  # trailing comment',
      '\tpass',
      "    return {'a': 1}",
      '',
    ].join('\n');
    assert.deepEqual(keys(ok), []);
  });

  it('finds unexpected indent, missing block and bad dedent', () => {
    assert.deepEqual(keys('x = 1\n    y = 2\n'), ['2:INDENT:unexpected']);
    assert.deepEqual(keys('if x:\ny = 2\n'), ['2:INDENT:expected']);
    assert.deepEqual(keys('if x:\n    y = 1\n  z = 2\n'), ['3:INDENT:unindent']);
    assert.deepEqual(keys('def f():\n'), ['2:INDENT:expected']);
  });
});

describe('validate/formatProblems', () => {
  it('caps at 10 one-line entries plus a count line', () => {
    const problems = Array.from({ length: 12 }, (_, i) => ({ line: i + 1, column: 2, message: 'bad\nthing', lineText: 'x', hint: 'fix it' }));
    const lines = formatProblems(problems);
    assert.equal(lines.length, 11);
    assert.equal(lines[0], 'L1:2 bad thing | x | hint: fix it');
    assert.equal(lines[10], '… and 2 more');
    assert.ok(lines.every((l) => !l.includes('\n')));
  });
});

describe('validate/wasm files', () => {
  it('every listed wasm file exists under node_modules, with unique base names', () => {
    const dirs = defaultWasmDirs();
    for (const f of VALIDATION_WASM_FILES) assert.ok(resolveWasmFile(f, dirs), `${f} not found in ${dirs.join(', ')}`);
    const names = VALIDATION_WASM_FILES.map((f) => path.basename(f));
    assert.equal(new Set(names).size, names.length);
  });

  it('resolves from a flat copy (dist/wasm layout) before node_modules', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ase-wasm-'));
    try {
      writeFileSync(path.join(dir, 'tree-sitter-c.wasm'), 'x');
      assert.equal(resolveWasmFile('tree-sitter-wasms/out/tree-sitter-c.wasm', [dir, ...defaultWasmDirs()]), path.join(dir, 'tree-sitter-c.wasm'));
      assert.equal(resolveWasmFile('tree-sitter-wasms/out/tree-sitter-nope.wasm', [dir]), undefined);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
