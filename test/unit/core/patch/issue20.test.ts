import { strict as assert } from 'node:assert';
import { applySearchReplace, applyUnifiedDiff } from '../../../../src/engine';
import { readNewIndent } from '../../../../src/core/text/newIndent';

// Issue 20: what the scenario fixtures cannot express (messages, notes, fast path agreement).
describe('engine/issue 20: never a wrong line, never a self-contradicting refusal', () => {
  const both = (base: string, o: string, n: string, k?: number) => {
    const fast = applySearchReplace(base, o, n, { expectedReplacements: k });
    assert.deepEqual(fast, applySearchReplace(base, o, n, { expectedReplacements: k, noFastPath: true }));
    return fast;
  };

  it('a half-prefixed new_text is refused with the reason, and never written', () => {
    const r = applySearchReplace('function test() {\n  return 1;\n}\n', '1 | function test() {\n2 |   return 1;\n3 | }', '1 | function test() {\n  return 2;\n}');
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.error.message, /only in part/);
  });

  it('prefixes stripped from old_text when new_text has none, said in a note', () => {
    const r = applySearchReplace('a\nb\nc\n', '2: b\n3: c', 'B\nc');
    assert.equal(r.ok && r.text, 'a\nB\nc\n');
    assert.ok(r.ok && r.notes?.some((n) => /removed from old_text/.test(n)));
  });

  it('a listing-shaped new_text written as given carries a warning', () => {
    const r = both('x\na\nb\n', 'a\nb', '1: A\n2: B');
    assert.equal(r.ok && r.text, 'x\n1: A\n2: B\n');
    assert.ok(r.ok && r.notes?.some((n) => /^warning: .*line-number prefix/.test(n)));
  });

  it('overlapping occurrences are still refused as overlapping', () => {
    const r = both('aaa\n', 'aa', 'b', 2);
    assert.equal(r.ok, false);
    if (!r.ok) assert.match(r.error.message, /overlap/);
  });

  it('occurrences on one line and on the next line down form one edit', () => {
    assert.equal((both('foo x foo\nfoo\n', 'foo', 'b', 3) as { text: string }).text, 'b x b\nb\n');
    assert.equal((both('a\na\nz\n', 'a\n', 'A\n', 2) as { text: string }).text, 'A\nA\nz\n');
  });

  it('a trailing line break at the end of the file: kept, or dropped only when new_text drops it', () => {
    assert.equal((both('x\na\nb\n', 'a\nb\n', 'A\nB') as { text: string }).text, 'x\nA\nB');
    assert.equal((both('x\na\nb', 'a\nb\n', 'A\nB\n') as { text: string }).text, 'x\nA\nB');
    assert.equal((both('x\na\nb\n', 'a\nb\n', '') as { text: string }).text, 'x\n');
    assert.equal((both('x\r\na\r\nb\r\n', 'a\nb\n', 'A\nB\n') as { text: string }).text, 'x\r\nA\r\nB\r\n');
    // the tolerant tier too (trailing whitespace on a line of old_text)
    assert.equal((both('x\na  \nb\n', 'a\nb\n', 'A\nB\n') as { text: string }).text, 'x\nA\nB\n');
  });

  it('a last line counts as an occurrence of a text ending in a line break', () => {
    const r = both('b\nx\nb\n', 'b\n', 'B\n');
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.error.type, 'AMBIGUOUS_MATCH');
  });

  it('the refusal of a leading blank line names the blank line, not a line that is there', () => {
    const r = applySearchReplace('line1\nline2\nline3\n', '\n\nline1\nline2', 'X');
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.equal(r.error.line, '');
      assert.doesNotMatch(r.error.message, /'line1' is not in the file/);
      assert.match(r.error.message, /blank/);
    }
    const r2 = applySearchReplace('line1\nline2\n', '\nline1\nline2', 'X');
    assert.ok(!r2.ok && /line break/.test(r2.error.message) && !/is not in the file/.test(r2.error.message));
  });

  it('a blank line in the middle that the file lacks is named as such', () => {
    const r = applySearchReplace('alpha();\nbeta();\ngamma();\n', 'alpha();\n\nbeta();', 'X');
    assert.ok(!r.ok && r.error.reason === 'blank' && r.error.line === '', JSON.stringify(r));
  });

  it('new_text at old_text\'s indentation is shifted; at the file\'s kept; at neither refused', () => {
    const f = 'function f(a) {\n  if (a) {\n    b();\n  }\n}\n';
    assert.equal((both(f, 'if (a) {\n  b();\n}', 'if (a) {\n  c();\n}') as { text: string }).text, f.replace('b()', 'c()'));
    assert.equal((both(f, 'if (a) {\n  b();\n}', '  if (a) {\n    c();\n  }') as { text: string }).text, f.replace('b()', 'c()'));
    const r = both(f, 'if (a) {\n  b();\n}', ' if (a) {\n   c();\n }');
    assert.equal(r.ok, false);
    // the single-line exact tier follows the same rule
    assert.equal((both('x {\n    call();\n}\n', 'call();', '    done();') as { text: string }).text, 'x {\n    done();\n}\n');
    assert.equal((both('x {\n    call();\n}\n', 'call();', 'prep();\ncall();') as { text: string }).text, 'x {\n    prep();\n    call();\n}\n');
  });

  it('old_text whose first line starts after the indentation: new_text\'s first line is not indented twice', () => {
    const f = 'function f() {\n  const x = compute(1);\n  return x;\n}\n';
    const want = f.replace('compute(1)', 'compute(2)');
    assert.equal((both(f, 'const x = compute(1);\n  return x;', 'const x = compute(2);\n  return x;') as { text: string }).text, want);
    assert.equal((both(f, 'const x = compute(1);\n  return x;', '  const x = compute(2);\n  return x;') as { text: string }).text, want);
    const r = both(f, 'const x = compute(1);\n  return x;', '    const x = compute(2);\n  return x;');
    assert.ok(!r.ok && /indented differently/.test(r.error.message));
  });

  it('an inconsistent indentation refusal names the two lines that disagree', () => {
    const r = applySearchReplace('def f():\n    a = 1\n  b = 2\n', 'a = 1\nb = 2', 'a = 3\nb = 4');
    assert.ok(!r.ok && /line 1 of old_text \('a = 1'\) is indented 4 columns deeper.*line 2 of old_text \('b = 2'\) is indented 2 columns deeper/.test(r.error.message), JSON.stringify(r));
    const p = applyUnifiedDiff('def f():\n    a = 1\n    b = 2\n', '@@ @@\n def f():\n   a = 1\n-    b = 2\n+    b = 5\n');
    assert.ok(!p.ok && /old line 2 \(context 'a = 1'\) is indented 2 columns deeper/.test(p.error.message), JSON.stringify(p));
  });

  it('readNewIndent prefers lines new_text keeps from old_text', () => {
    assert.equal(readNewIndent(['if (a) {', '  b();', '}'], ['  if (a) {', '    b();', '  }'], ['if (a) {', '  c();', '}']), 'shift');
    assert.equal(readNewIndent(['if (a) {', '  b();', '}'], ['  if (a) {', '    b();', '  }'], ['  if (a) {', '    c();', '  }']), 'keep');
    assert.equal(readNewIndent(['b();'], ['    b();'], ['if (x) {', '  b();', '}']), 'shift');
    assert.equal(readNewIndent(['b();'], ['    b();'], ['  c();']), 'ambiguous');
  });

  it('a fuzzy context line never touches an insertion; elsewhere it still may', () => {
    const base = 'alpha_one\nbeta_two\ngamma_three\ndelta_four\nepsilon_five\nzeta_six\n';
    const touching = applyUnifiedDiff(base, '@@ @@\n alpha_one\n beta_two\n gamma_three\n+inserted\n delta_fuor\n epsilon_five\n zeta_six\n');
    assert.ok(!touching.ok && touching.error.line === 'delta_fuor' && /decides where they go/.test(touching.error.message));
    const apart = applyUnifiedDiff(base, '@@ @@\n alpha_one\n beta_two\n+inserted\n gamma_three\n delta_fuor\n epsilon_five\n zeta_six\n');
    assert.equal(apart.ok && apart.text, base.replace('beta_two\n', 'beta_two\ninserted\n'));
    // a block that removes lines is placed by them: its neighbour may still be the fuzzy line
    const replacing = applyUnifiedDiff(base, '@@ @@\n alpha_one\n beta_two\n-gamma_three\n+GAMMA\n+GAMMA2\n delta_fuor\n epsilon_five\n zeta_six\n');
    assert.equal(replacing.ok && replacing.text, base.replace('gamma_three\n', 'GAMMA\nGAMMA2\n'));
  });

  it('a removed line differing only in indentation is reported in the notes', () => {
    const r = applyUnifiedDiff('def f():\n    a = 0\n    b = 1\n    c = 2\n', '@@ @@\n     a = 0\n-  b = 1\n+    b = 5\n     c = 2\n');
    assert.equal(r.ok && r.text, 'def f():\n    a = 0\n    b = 5\n    c = 2\n');
    assert.ok(r.ok && r.notes?.some((n) => /removed line 'b = 1' matched the file only ignoring whitespace/.test(n)), JSON.stringify(r));
    // added lines written at the removed line's (wrong) indentation take its shift
    const s = applyUnifiedDiff('def f():\n    a = 0\n    b = 1\n    c = 2\n', '@@ @@\n     a = 0\n-  b = 1\n+  b = 5\n     c = 2\n');
    assert.equal(s.ok && s.text, 'def f():\n    a = 0\n    b = 5\n    c = 2\n');
  });

  it('mixed line endings: replaced lines keep theirs, inserted lines take the one above', () => {
    const r = applyUnifiedDiff('a\nb\r\nc\n', '@@ @@\n a\n-b\n+B\n+B2\n c\n');
    assert.equal(r.ok && r.text, 'a\nB\r\nB2\r\nc\n');
  });
});
