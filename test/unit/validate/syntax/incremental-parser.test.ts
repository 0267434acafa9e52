import assert from 'node:assert/strict';
import fc from 'fast-check';
import { describeEdit, IncrementalParser } from '../../../../src/validate/syntax/incremental-parser';
import { ParseAbandoned, treeSitterProblems } from '../../../../src/validate/syntax/tree-sitter-checker';
import { loadGrammar, type LoadedGrammar } from '../../../../src/validate/syntax/tree-sitter-runtime';
import { defaultWasmDirs } from '../../../../src/validate/wasm-files';

function problemsOf(parser: IncrementalParser, text: string) {
  try {
    return treeSitterProblems(parser, text);
  } catch (e) {
    if (e instanceof ParseAbandoned) return 'abandoned' as const;
    throw e;
  }
}

describe('validate/incremental parsing', () => {
  let grammar: LoadedGrammar;

  before(async () => {
    const load = await loadGrammar('typescript', defaultWasmDirs());
    assert.ok(load.ok, load.ok ? '' : load.reason);
    grammar = load.grammar;
  });

  it('describes an edit by common prefix and suffix, in UTF-16 units', () => {
    const e = describeEdit('ab\né😀x\nz', 'ab\né😀yy\nz');
    assert.deepEqual([e.startIndex, e.oldEndIndex, e.newEndIndex], [6, 7, 8]);
    assert.deepEqual(e.startPosition, { row: 1, column: 3 });
    assert.deepEqual(e.oldEndPosition, { row: 1, column: 4 });
    assert.deepEqual(e.newEndPosition, { row: 1, column: 5 });
  });

  it('never splits a surrogate pair', () => {
    const e = describeEdit('a😀', 'a😁');
    assert.equal(e.startIndex, 1);
  });

  it('finds the same problems as a fresh parse after any sequence of edits (property)', () => {
    const pieces = fc.constantFrom('f(', ')', '{', '}', ';', 'x', ' ', '\n', '"s"', 'é', '😀', 'let ', '= 1', '/*', '*/', '[', ']');
    const text = fc.array(pieces, { minLength: 20, maxLength: 60 }).map((xs) => xs.join(''));
    // Small splices keep most of the text, so the parser re-uses the previous tree incrementally.
    // A splice: at a relative position, delete up to 3 characters, insert 0-3 pieces.
    const splice = fc.record({ at: fc.double({ min: 0, max: 1, noNaN: true }), del: fc.nat(3), ins: fc.array(pieces, { maxLength: 3 }) });
    fc.assert(
      fc.property(text, fc.array(splice, { minLength: 1, maxLength: 6 }), (start, splices) => {
        const incremental = new IncrementalParser(grammar);
        let t = start;
        problemsOf(incremental, t);
        for (const sp of splices) {
          const at = Math.floor(sp.at * t.length);
          t = t.slice(0, at) + sp.ins.join('') + t.slice(at + sp.del);
          const viaIncremental = problemsOf(incremental, t);
          const viaFresh = problemsOf(new IncrementalParser(grammar), t);
          // Some garbage makes error recovery run away (the budget stops it); equality is
          // claimed only for texts that parse.
          fc.pre(viaIncremental !== 'abandoned' && viaFresh !== 'abandoned');
          assert.deepEqual(viaIncremental, viaFresh, JSON.stringify([start, splices]));
        }
      }),
      { numRuns: 200 },
    );
  });
});
