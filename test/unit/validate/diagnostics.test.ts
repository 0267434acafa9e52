import assert from 'node:assert/strict';
import { formatNewDiagnostics, newDiagnostics, type PlainDiagnostic } from '../../../src/validate/diagnostics-compare';
import { languagesWithActivatingExtensions, shouldWaitForDiagnostics } from '../../../src/validate/diagnostics-providers';
import { diffLineRanges } from '../../../src/validate/line-diff';

function diag(line: number, character: number, message: string, severity = 0, source = 'json'): PlainDiagnostic {
  return { message, severity, source, range: { start: { line, character } } };
}

describe('validate/newDiagnostics', () => {
  const base = 'a\nb\nc\nd\n';

  it('reports an error that appeared at the edit', () => {
    const cand = 'a\nb\nC!\nd\n';
    const fresh = newDiagnostics([], [diag(2, 1, 'Expected comma')], diffLineRanges(base, cand), false);
    assert.deepEqual(fresh, [{ line: 3, column: 2, severity: 'error', message: 'Expected comma', source: 'json' }]);
  });

  it('ignores an old error that only moved because lines were inserted above it', () => {
    const cand = 'new1\nnew2\na\nb\nc\nd\n';
    const before = [diag(3, 0, 'Unknown word')];
    const after = [diag(5, 0, 'Unknown word')];
    assert.deepEqual(newDiagnostics(before, after, diffLineRanges(base, cand), false), []);
  });

  it('accepts the texts before and after instead of ranges, and keeps end-of-file problems matched', () => {
    const before = 'a\nb\n{\n';
    const after = 'a\nb\n{\nc\nd\n';
    // "'}' expected" sits at the end of the file before and after text was appended.
    const fresh = newDiagnostics([diag(2, 1, "'}' expected")], [diag(4, 1, "'}' expected")], { baseText: before, candidateText: after }, false);
    assert.deepEqual(fresh, []);
    const worse = newDiagnostics([], [diag(1, 0, 'new one')], { baseText: before, candidateText: after }, false);
    assert.equal(worse.length, 1);
  });

  it('counts a second copy of an old message as new', () => {
    const cand = 'a\nb\nc\nd\nd\n';
    const before = [diag(3, 0, 'Duplicate key')];
    const after = [diag(3, 0, 'Duplicate key'), diag(4, 0, 'Duplicate key')];
    const fresh = newDiagnostics(before, after, diffLineRanges(base, cand), false);
    assert.equal(fresh.length, 1);
    assert.equal(fresh[0].line, 5);
  });

  it('distinguishes severity and source, and includes warnings only when asked', () => {
    const cand = 'a\nbb\nc\nd\n';
    const ranges = diffLineRanges(base, cand);
    const before = [diag(1, 0, 'same text', 0, 'ts')];
    const after = [diag(1, 0, 'same text', 0, 'eslint'), diag(1, 0, 'a warning', 1, 'ts'), diag(1, 0, 'info', 2, 'ts')];
    assert.deepEqual(newDiagnostics(before, after, ranges, false).map((d) => d.source), ['eslint']);
    assert.deepEqual(newDiagnostics(before, after, ranges, true).map((d) => d.severity), ['error', 'warning']);
  });

  it('formats at most 10 one-line entries with the line text', () => {
    const many = Array.from({ length: 13 }, (_, i) => ({ line: 1, column: i + 1, severity: 'error' as const, message: `m${i}\nsecond line`, source: 'x' }));
    const lines = formatNewDiagnostics(many, 'first line text\n');
    assert.equal(lines.length, 11);
    assert.equal(lines[0], '1:1 error: m0 second line (x) | first line text');
    assert.ok(lines.every((l) => !l.includes('\n')));
    assert.equal(lines[10], '… and 3 more');
  });
});

describe('validate/diagnostics providers rule', () => {
  const none = new Set<string>();

  it('waits for built-in languages, seen languages, files with diagnostics and activating extensions', () => {
    assert.equal(shouldWaitForDiagnostics({ languageId: 'json', diagnosticsBefore: 0, languagesSeen: none, languagesWithProviders: none }), true);
    assert.equal(shouldWaitForDiagnostics({ languageId: 'c', diagnosticsBefore: 0, languagesSeen: none, languagesWithProviders: none }), false);
    assert.equal(shouldWaitForDiagnostics({ languageId: 'c', diagnosticsBefore: 2, languagesSeen: none, languagesWithProviders: none }), true);
    assert.equal(shouldWaitForDiagnostics({ languageId: 'c', diagnosticsBefore: 0, languagesSeen: new Set(['c']), languagesWithProviders: none }), true);
    assert.equal(shouldWaitForDiagnostics({ languageId: 'c', diagnosticsBefore: 0, languagesSeen: none, languagesWithProviders: new Set(['c']) }), true);
  });

  it('counts only extensions with code that activate on the language', () => {
    const langs = languagesWithActivatingExtensions([
      { packageJSON: { main: './out/ext.js', activationEvents: ['onLanguage:c', 'onCommand:x'] } },
      { packageJSON: { activationEvents: ['onLanguage:rust'] } }, // no code: a grammar/snippet package
      { packageJSON: { browser: './web.js', activationEvents: ['onLanguage:go'] } },
      { packageJSON: { main: './x.js' } },
      {},
    ]);
    assert.deepEqual([...langs].sort(), ['c', 'go']);
  });
});
