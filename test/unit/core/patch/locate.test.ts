import { strict as assert } from 'node:assert';
import { applyUnifiedDiff } from '../../../../src/core/patch';

const lines = (...l: string[]) => l.join('\n') + '\n';
const BASE = lines('function a() {', '  const x = "one";', '  return x;', '}', '', 'function b() {', '  const y = "two";', '  return y;', '}');

function applied(base: string, patch: string) {
  const r = applyUnifiedDiff(base, patch);
  assert.equal(r.ok, true, !r.ok ? JSON.stringify(r.error) : '');
  return r.ok ? r : (undefined as never);
}

describe('engine/locate tiers', () => {
  it('exact: reports the tier, the 1-based placement and the offset from the hint', () => {
    const r = applied(BASE, '@@ -6,3 +6,3 @@\n function b() {\n-  const y = "two";\n+  const y = "TWO";\n   return y;\n');
    assert.deepEqual(r.hunks, [{ hunk: 1, base_start_line: 6, new_start_line: 6, tier: 'exact', offset_from_hint: 0 }]);
    assert.equal(r.tolerance, 'exact');
    assert.deepEqual(r.changed, [{ start_line: 7, end_line: 7 }]);
  });

  it('whitespace: trailing blanks and tabs-for-spaces in context, file lines kept as they are', () => {
    const r = applied(BASE, '@@ @@\n function b() {   \n-\tconst y = "two";\n+  const y = "TWO";\n \treturn y;\n');
    assert.equal(r.tolerance, 'whitespace');
    assert.ok(r.text.includes('\n  return y;\n'), 'the file\'s context line is kept byte for byte');
  });

  it('indent: a dedented hunk matches, and its added lines get the same shift', () => {
    const r = applied(BASE, '@@ @@\n const y = "two";\n+console.log(y);\n return y;\n');
    assert.equal(r.tolerance, 'indent');
    assert.ok(r.text.includes('  const y = "two";\n  console.log(y);\n  return y;'));
  });

  it('refuses added lines when the hunk\'s indentation relates to the file\'s inconsistently', () => {
    const py = 'def f():\n    if x:\n        a()\n    b()\n';
    const r = applyUnifiedDiff(py, '@@ @@\n def f():\n   if x:\n+      c()\n       a()\n');
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.error.type, 'NO_MATCH');
  });

  it('unicode: smart quotes in the hunk fold to ASCII', () => {
    const r = applied(BASE, '@@ @@\n function a() {\n-  const x = \u201Cone\u201D;\n+  const x = "ONE";\n');
    assert.equal(r.tolerance, 'unicode');
    assert.ok(r.text.includes('const x = "ONE";'));
  });

  it('fuzzy-context: one slightly wrong context line is tolerated and reported', () => {
    const r = applied(BASE, '@@ @@\n function b() {\n   const y = "too";\n-  return y;\n+  return y + 1;\n }\n');
    assert.equal(r.tolerance, 'fuzzy-context');
    assert.ok(r.text.includes('  const y = "two";\n  return y + 1;'));
  });

  it('never fuzzes a removed line', () => {
    const r = applyUnifiedDiff(BASE, '@@ @@\n function b() {\n   const y = "two";\n-  return yy;\n+  return y + 1;\n }\n');
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.equal(r.error.type, 'NO_MATCH');
      assert.equal(r.error.line, '  return yy;');
      assert.equal(r.error.found?.line_number, 8);
      assert.equal(r.error.found?.text, '  return y;');
      assert.ok(r.error.found!.similarity > 0.8 && r.error.found!.similarity < 1);
    }
  });

  it('refuses two context lines wrong', () => {
    const r = applyUnifiedDiff(BASE, '@@ @@\n function bee() {\n   const y = "too";\n-  return y;\n+  return 1;\n }\n');
    assert.equal(r.ok, false);
  });

  it('a stricter tier wins: an exact match is not out-voted by whitespace-tolerant ones', () => {
    const base = lines('if (x) {', '  go();', '}', 'if (x) {', '    go();', '}');
    const r = applied(base, '@@ @@\n if (x) {\n-  go();\n+  stop();\n }\n');
    assert.equal(r.tolerance, 'exact');
    assert.equal(r.text, lines('if (x) {', '  stop();', '}', 'if (x) {', '    go();', '}'));
  });
});

describe('engine/ambiguity', () => {
  const REP = lines('x = 1', 'y = 2', '', 'x = 1', 'y = 2', '', 'z = 3');
  it('refuses a hunk that fits two places, listing the candidate lines', () => {
    const r = applyUnifiedDiff(REP, '@@ @@\n x = 1\n-y = 2\n+y = 20\n');
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.equal(r.error.type, 'AMBIGUOUS_MATCH');
      assert.deepEqual(r.error.candidates, [1, 4]);
    }
  });

  it('applies an exact hunk with a consistent header at its stated line among identical places (issue 15)', () => {
    const r = applied(REP, '@@ -4,2 +4,2 @@\n x = 1\n-y = 2\n+y = 20\n');
    assert.equal(r.text, lines('x = 1', 'y = 2', '', 'x = 1', 'y = 20', '', 'z = 3'));
  });

  it('does not let a line number between identical places, or an inconsistent header, pick one', () => {
    for (const diff of ['@@ -3,2 +3,2 @@\n x = 1\n-y = 2\n+y = 20\n', '@@ -4,2 +6,2 @@\n x = 1\n-y = 2\n+y = 20\n', '@@ -4 +4 @@\n x = 1\n-y = 2\n+y = 20\n']) {
      const r = applyUnifiedDiff(REP, diff);
      assert.equal(r.ok, false, diff);
      if (!r.ok) assert.equal(r.error.type, 'AMBIGUOUS_MATCH', diff);
    }
  });

  it('uses a uniquely placed sibling hunk with the same offset to pick the copy', () => {
    const r = applied(REP, '@@ -4,2 +4,2 @@\n x = 1\n-y = 2\n+y = 20\n@@ -7,1 +7,1 @@\n-z = 3\n+z = 30\n');
    assert.equal(r.text, lines('x = 1', 'y = 2', '', 'x = 1', 'y = 20', '', 'z = 30'));
  });

  it('reports which hunks would apply when one fails (nothing is applied)', () => {
    const r = applyUnifiedDiff(BASE, '@@ @@\n function a() {\n-  const x = "one";\n+  const x = 1;\n@@ @@\n function q() {\n-  nothing();\n+  something();\n');
    assert.equal(r.ok, false);
    if (!r.ok) {
      assert.equal(r.error.hunk, 2);
      assert.deepEqual(r.error.applicable_hunks, [1]);
      assert.deepEqual(r.error.failed_hunks?.map((f) => f.hunk), [2]);
    }
  });

  it('applies hunks given in any order', () => {
    const r = applied(BASE, '@@ @@\n function b() {\n-  const y = "two";\n+  const y = 2;\n@@ @@\n function a() {\n-  const x = "one";\n+  const x = 1;\n');
    assert.ok(r.text.includes('const x = 1;') && r.text.includes('const y = 2;'));
    assert.deepEqual(r.hunks?.map((h) => h.base_start_line), [6, 1]);
  });

  it('refuses overlapping hunks', () => {
    const r = applyUnifiedDiff(BASE, '@@ @@\n function a() {\n-  const x = "one";\n+  const x = 1;\n@@ @@\n-  const x = "one";\n+  const x = 2;\n   return x;\n');
    assert.equal(r.ok, false);
    if (!r.ok) assert.equal(r.error.type, 'INVALID_PATCH');
  });
});
