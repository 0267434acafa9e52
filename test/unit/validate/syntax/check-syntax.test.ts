import assert from 'node:assert/strict';
import { checkSyntax, configureSyntaxChecks, type CheckSyntaxInput } from '../../../../src/validate/syntax/check-syntax';
import { formatProblems } from '../../../../src/validate/format-problems';

/** Replaces the first occurrence of `from` in `text` with `to`; fails the test if absent. */
function edit(text: string, from: string, to: string): string {
  const i = text.indexOf(from);
  assert.ok(i >= 0, `fixture does not contain ${JSON.stringify(from)}`);
  return text.slice(0, i) + to + text.slice(i + from.length);
}

async function check(languageId: string, baseText: string, candidateText: string, extra: Partial<CheckSyntaxInput> = {}) {
  return checkSyntax({ languageId, baseText, candidateText, ...extra });
}

interface Case {
  languageId: string;
  checker: string;
  base: string;
  good: [string, string];
  bad: [string, string];
  /** 1-based line where the new problem must be reported (when predictable). */
  badLine?: number;
}

const C_BASE = 'int add(int a, int b) {\n  return a + b;\n}\n\nint main(void) {\n  if (add(1, 2) == 3) {\n    return 0;\n  }\n  return 1;\n}\n';

const CASES: Case[] = [
  { languageId: 'c', checker: 'tree-sitter:c', base: C_BASE, good: ['return a + b;', 'return a + b + 0;'], bad: ['    return 0;\n  }\n', '    return 0;\n'] },
  {
    languageId: 'cpp',
    checker: 'tree-sitter:cpp',
    base: '#include <vector>\nclass A {\npublic:\n  int f() const { return v.size(); }\n  std::vector<int> v;\n};\n',
    good: ['return v.size();', 'return static_cast<int>(v.size());'],
    bad: ['return v.size(); }', 'return v.size();'],
  },
  {
    languageId: 'python',
    checker: 'tree-sitter:python',
    base: 'def f(x):\n    if x:\n        return 1\n    return 2\n',
    good: ['        return 1\n', '        y = x + 1\n        return y\n'],
    bad: ['    return 2\n', '      return 2\n'],
    badLine: 4,
  },
  {
    languageId: 'javascript',
    checker: 'tree-sitter:javascript',
    base: 'function f(a) {\n  return g(a, 1);\n}\nmodule.exports = f;\n',
    good: ['g(a, 1)', 'g(a, 2)'],
    bad: ['g(a, 1)', 'g((a, 1)'],
  },
  {
    languageId: 'typescript',
    checker: 'tree-sitter:typescript',
    base: 'export function f(a: number): number {\n  return Math.max(a, 1);\n}\n',
    good: ['Math.max(a, 1)', 'Math.max(a, 2)'],
    bad: ['Math.max(a, 1)', 'Math.max(a, 1'],
    badLine: 2,
  },
  {
    languageId: 'typescriptreact',
    checker: 'tree-sitter:tsx',
    base: 'export const A = (p: { n: number }) => <div className="a">{p.n}</div>;\n',
    good: ['{p.n}', '{p.n + 1}'],
    bad: ['{p.n}</div>', '{p.n</div>'],
  },
  {
    languageId: 'go',
    checker: 'tree-sitter:go',
    base: 'package main\n\nimport "fmt"\n\nfunc main() {\n\tfmt.Println("hi")\n}\n',
    good: ['"hi"', '"hello"'],
    bad: ['fmt.Println("hi")', 'fmt.Println("hi"'],
    badLine: 6,
  },
  {
    languageId: 'rust',
    checker: 'tree-sitter:rust',
    base: 'fn main() {\n    let x = 5;\n    println!("{}", x);\n}\n',
    good: ['let x = 5;', 'let x = 6;'],
    bad: ['let x = 5;', 'let x = ;'],
    badLine: 2,
  },
  {
    languageId: 'java',
    checker: 'tree-sitter:java',
    base: 'class A {\n  int f() {\n    int x = 1;\n    return x;\n  }\n}\n',
    good: ['int x = 1;', 'int x = 2;'],
    bad: ['int x = 1;', 'int x = 1'],
    badLine: 3,
  },
  {
    languageId: 'css',
    checker: 'tree-sitter:css',
    base: 'a {\n  color: red;\n}\nb {\n  color: blue;\n}\n',
    good: ['color: red;', 'color: green;'],
    bad: ['color: red;\n}', 'color: red;'],
  },
  {
    languageId: 'shellscript',
    checker: 'tree-sitter:bash',
    base: '#!/bin/sh\nif [ -f x ]; then\n  echo yes\nfi\necho done\n',
    good: ['echo yes', 'echo "yes it is"'],
    bad: ['  echo yes\nfi\n', '  echo yes\n'],
  },
  {
    languageId: 'html',
    checker: 'tree-sitter:html',
    base: '<!DOCTYPE html>\n<html>\n<body>\n<p class="a">Hi <br> there</p>\n</body>\n</html>\n',
    good: ['Hi <br> there', 'Hi <b>you</b> there'],
    bad: ['<p class="a">', '<p class="a"'],
    badLine: 4,
  },
  {
    languageId: 'json',
    checker: 'jsonc-parser:json',
    base: '{\n  "a": 1,\n  "b": [1, 2]\n}\n',
    good: ['"a": 1', '"a": 2'],
    bad: ['"b": [1, 2]', '"b": [1, 2],'],
  },
  {
    languageId: 'jsonc',
    checker: 'jsonc-parser:jsonc',
    base: '{\n  // comment\n  "a": 1\n}\n',
    good: ['"a": 1', '"a": 1,'],
    bad: ['"a": 1', '"a": 1 "b": 2'],
    badLine: 3,
  },
  {
    languageId: 'yaml',
    checker: 'yaml',
    base: 'server:\n  host: a\n  port: 80\n',
    good: ['port: 80', 'port: 8080'],
    bad: ['  port: 80', ' port: 80'],
    badLine: 3,
  },
];

describe('validate/checkSyntax: each built-in checker', () => {
  for (const c of CASES) {
    it(`${c.languageId}: passes a good edit and blocks a broken one`, async () => {
      const clean = await check(c.languageId, c.base, c.base);
      assert.equal(clean.checked, true, clean.skippedReason);
      assert.equal(clean.checker, c.checker);
      assert.equal(clean.preexisting, 0, `fixture for ${c.languageId} must be valid`);

      const good = await check(c.languageId, c.base, edit(c.base, ...c.good));
      assert.deepEqual(good.newErrors, [], `good edit flagged: ${formatProblems(good.newErrors).join('\n')}`);

      const badText = edit(c.base, ...c.bad);
      const bad = await check(c.languageId, c.base, badText);
      assert.ok(bad.newErrors.length > 0, `broken ${c.languageId} edit passed`);
      assert.equal(bad.newErrorCount >= bad.newErrors.length, true);
      const p = bad.newErrors[0];
      if (c.badLine !== undefined) assert.equal(p.line, c.badLine, formatProblems(bad.newErrors).join('\n'));
      assert.ok(p.line >= 1 && p.column >= 1);
      assert.ok(p.hint.length > 0 && !p.hint.includes('\n'));
      assert.equal(p.lineText, (badText.split('\n')[p.line - 1] ?? '').trim().replace(/\s+/g, ' ').slice(0, 120));
    });
  }

  it('jsonc allows comments and trailing commas that strict json rejects', async () => {
    const text = '{\n  // c\n  "a": 1,\n}\n';
    assert.equal((await check('jsonc', '{}', text)).newErrors.length, 0);
    const strict = await check('json', '{}', text);
    assert.ok(strict.newErrors.length >= 2, formatProblems(strict.newErrors).join('\n'));
    const positions = strict.newErrors.map((p) => `${p.line}:${p.column}`);
    assert.equal(new Set(positions).size, positions.length, 'one problem per position');
  });

  it('a C edit that drops a closing brace names the brace in the hint', async () => {
    const r = await check('c', C_BASE, edit(C_BASE, '    return 0;\n  }\n', '    return 0;\n'));
    assert.ok(r.newErrors.some((p) => /'\}'/.test(p.hint) && /brace/.test(p.hint)), formatProblems(r.newErrors).join('\n'));
    // C_BASE line 8 ("  }") was deleted: the imbalance is traced to the edit, not just to end of file.
    assert.match(r.newErrors[0].hint, /the edit at line 8 leaves 1 '\{' unclosed/);
  });

  it('a grammar that cannot be found skips the check instead of blocking', async () => {
    const r = await check('go', 'package a\n', 'package (', { wasmDirs: ['/nonexistent-ase-wasm-dir'] });
    assert.equal(r.checked, false);
    assert.match(r.skippedReason ?? '', /not found/);
    assert.deepEqual(r.newErrors, []);
    // The same grammar still loads from the real directories afterwards.
    assert.equal((await check('go', 'package a\n', 'package (')).newErrors.length > 0, true);
  });

  it('a parse that exceeds its time budget leaves the text unchecked, and later checks still work', async () => {
    const big = Array.from({ length: 4000 }, (_, i) => `int f${i}(void) { return ${i}; }`).join('\n') + '\n';
    configureSyntaxChecks({ parseBudgetMs: 0 });
    try {
      const r = await check('c', big, big + 'int broken( {\n');
      assert.equal(r.checked, false);
      assert.match(r.skippedReason ?? '', /time budget/);
      assert.deepEqual(r.newErrors, []);
    } finally {
      configureSyntaxChecks({ parseBudgetMs: 1000 });
    }
    const again = await check('c', big, big + 'int broken( {\n');
    assert.equal(again.checked, true);
    assert.ok(again.newErrors.length > 0);
  });

  it('a text on which tree-sitter error recovery runs away is left unchecked, not hung', async () => {
    // Found by the incremental-parsing property test: without a budget this parse ran > 2 min.
    const runaway = '*/f(\n*/f(f(f([😀 }f(f(f(f(]f(f(f(f(f(f(f(f(';
    const r = await check('typescript', '', runaway);
    assert.equal(r.checked, false);
    assert.match(r.skippedReason ?? '', /time budget/);
  });

  it('an unknown language is not checked and never blocks', async () => {
    const r = await check('cobol', 'x', '((((');
    assert.equal(r.checked, false);
    assert.deepEqual(r.newErrors, []);
  });
});

describe('validate/checkSyntax: already broken files stay editable', () => {
  const BROKEN_C = 'int f(void) {\n  return 1 +;\n}\n\nint g(void) {\n  return 2;\n}\n';

  it('an unrelated good edit in a broken C file passes', async () => {
    const r = await check('c', BROKEN_C, edit(BROKEN_C, 'return 2;', 'return 3;'));
    assert.equal(r.checked, true);
    assert.deepEqual(r.newErrors, []);
    assert.ok(r.preexisting >= 1);
  });

  it('a good edit that shifts the broken line down still passes', async () => {
    const r = await check('c', BROKEN_C, '/* header */\n#include <stdio.h>\n' + BROKEN_C + 'int h(void) { return 4; }\n');
    assert.deepEqual(r.newErrors, []);
    assert.ok(r.preexisting >= 1);
  });

  it('an edit on the broken line that does not fix it passes', async () => {
    const r = await check('c', BROKEN_C, edit(BROKEN_C, 'return 1 +;', 'return 10 +;'));
    assert.deepEqual(r.newErrors, []);
  });

  it('a new error elsewhere in a broken file is still caught', async () => {
    const r = await check('c', BROKEN_C, edit(BROKEN_C, 'return 2;', 'return 2 *;'));
    assert.equal(r.newErrorCount, 1, formatProblems(r.newErrors).join('\n'));
    assert.equal(r.newErrors[0].line, 6);
  });

  it('a file with an unclosed brace far away can be edited, and a second unclosed brace is caught', async () => {
    const base = 'int f(void) {\n  if (1) {\n    return 1;\n}\n\nint g(void) {\n  return 2;\n}\n';
    assert.deepEqual((await check('c', base, edit(base, 'return 2;', 'return 5;'))).newErrors, []);
    const worse = await check('c', base, edit(base, '  return 2;\n}', '  if (2) {\n  return 2;\n}'));
    assert.ok(worse.newErrors.length >= 1, 'a second missing brace must count');
  });

  it('appending to a file whose unclosed brace is reported at end of file passes', async () => {
    const base = 'int f(void) {\n  if (1) {\n    return 1;\n}\n';
    const r = await check('c', base, base + '\nint h(void) {\n  return 3;\n}\n');
    assert.deepEqual(r.newErrors, [], formatProblems(r.newErrors).join('\n'));
    assert.equal(r.preexisting, 1);
  });

  it('broken python stays editable; a new bad indent is caught', async () => {
    const base = 'def f():\n    x = 1\n      y = 2\n    return x\n\ndef g():\n    return 3\n';
    assert.deepEqual((await check('python', base, edit(base, 'return 3', 'return 4'))).newErrors, []);
    const bad = await check('python', base, edit(base, '    return 3', 'return 3'));
    assert.equal(bad.newErrors.length, 1, formatProblems(bad.newErrors).join('\n'));
    assert.equal(bad.newErrors[0].line, 7);
    assert.match(bad.newErrors[0].hint, /indent/);
  });

  it('uses the changedRanges the caller passes', async () => {
    const r = await check('c', BROKEN_C, edit(BROKEN_C, 'return 2;', 'return 3;'), {
      changedRanges: [{ baseStartLine: 6, baseLineCount: 1, candidateStartLine: 6, candidateLineCount: 1 }],
    });
    assert.deepEqual(r.newErrors, []);
  });
});
