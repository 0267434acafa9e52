import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';
import { tmpdir } from 'node:os';
import { defaultValidators, isOnPath } from '../../../src/validate/external/defaults';
import { parseValidatorOutput } from '../../../src/validate/external/parse-output';
import { runExternalValidator } from '../../../src/validate/external/run-external-validator';
import { substituteFile } from '../../../src/validate/external/substitute';

const GCC = ['gcc', '-fsyntax-only', '-x', 'c', '${file}'];
const C_OK = 'int main(void) {\n  if (1) {\n    return 0;\n  }\n  return 1;\n}\n';

function tempDirsNow(): string[] {
  return readdirSync(tmpdir()).filter((n) => n.startsWith('ase-validate-'));
}

describe('validate/external: runExternalValidator with gcc', function () {
  before(function () {
    // gcc is part of this project's test environment (the issue requires it, CI installs it).
    assert.ok(isOnPath('gcc'), 'gcc must be on PATH for these tests');
  });

  it('blocks an edit that drops a closing brace in C', async () => {
    const candidate = C_OK.replace('    return 0;\n  }\n', '    return 0;\n');
    const r = await runExternalValidator({ languageId: 'c', argv: GCC, baseText: C_OK, candidateText: candidate, fileExtension: '.c' });
    assert.equal(r.ran, true);
    assert.equal(r.timedOut, false);
    assert.notEqual(r.exitCode, 0);
    assert.ok(r.newErrors.length >= 1);
    assert.ok(r.newErrors[0].line >= 1 && r.newErrors[0].column >= 1);
    assert.match(r.newErrors[0].message, /expected|end of input/);
  });

  it('passes a good edit', async () => {
    const r = await runExternalValidator({ languageId: 'c', argv: GCC, baseText: C_OK, candidateText: C_OK.replace('return 1;', 'return 2;'), fileExtension: 'c' });
    assert.equal(r.ran, true);
    assert.equal(r.exitCode, 0);
    assert.deepEqual(r.newErrors, []);
  });

  it('lets an already broken file be edited, but catches a new error in it', async () => {
    const broken = 'int f(void) { return undefined_name; }\nint g(void) {\n  return 2;\n}\n';
    const good = await runExternalValidator({ languageId: 'c', argv: GCC, baseText: broken, candidateText: broken.replace('return 2;', 'return 3;'), fileExtension: '.c' });
    assert.equal(good.ran, true);
    assert.notEqual(good.exitCode, 0, 'the base error is still there');
    assert.deepEqual(good.newErrors, []);
    const bad = await runExternalValidator({ languageId: 'c', argv: GCC, baseText: broken, candidateText: broken.replace('return 2;', 'return 2 +;'), fileExtension: '.c' });
    assert.equal(bad.newErrorCount, 1);
    assert.equal(bad.newErrors[0].line, 3);
  });

  it('finds the project headers through -I${fileDirname}, so errors after an #include are seen', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'ase-src-'));
    try {
      writeFileSync(path.join(dir, 'calc.h'), 'int add(int a, int b);\n');
      const base = '#include "calc.h"\nint main(void) {\n  return add(1, 2);\n}\n';
      const broken = base.replace('return add(1, 2);\n}', 'return add(1, 2);\n');
      const argv = ['gcc', '-fsyntax-only', '-I${fileDirname}', '-x', 'c', '${file}'];
      const good = await runExternalValidator({ languageId: 'c', argv, baseText: base, candidateText: base.replace('1, 2', '3, 4'), fileExtension: '.c', sourceDir: dir });
      assert.equal(good.exitCode, 0, 'the header resolves from sourceDir');
      const bad = await runExternalValidator({ languageId: 'c', argv, baseText: base, candidateText: broken, fileExtension: '.c', sourceDir: dir });
      assert.ok(bad.newErrors.length >= 1, 'the missing brace is reported');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('removes its temp directories', async () => {
    const before = new Set(tempDirsNow());
    await runExternalValidator({ languageId: 'c', argv: GCC, baseText: C_OK, candidateText: C_OK + '\n// tmp check\n', fileExtension: '.c' });
    const left = tempDirsNow().filter((n) => !before.has(n));
    assert.deepEqual(left, []);
  });

  it('substitutes ${file} and keeps arguments separate (no shell)', async () => {
    // With a shell, "; exit 7" would run; as one argv element it is just a file name to echo.
    const r = await runExternalValidator({ languageId: 'c', argv: ['echo', '${file}', '; exit 7'], baseText: 'a', candidateText: 'b', fileExtension: '.c' });
    assert.equal(r.ran, true);
    assert.equal(r.exitCode, 0);
  });
});

describe('validate/external: failures are values', () => {
  it('times out a slow validator and reports it', async () => {
    const started = Date.now();
    const r = await runExternalValidator({ languageId: 'c', argv: ['sleep', '5'], baseText: 'a', candidateText: 'b', fileExtension: '.c', timeoutMs: 200 });
    assert.equal(r.ran, false);
    assert.equal(r.timedOut, true);
    assert.equal(r.exitCode, null);
    assert.deepEqual(r.newErrors, []);
    // Behaviour, not a benchmark: the 5 s sleep must have been cut short.
    assert.ok(Date.now() - started < 4000, 'the validator was not killed');
  });

  it('a timeout also ends the programs the validator started, without waiting for them', async () => {
    const started = Date.now();
    // sh forks `sleep` (a command before `;` is not exec'd in place); the grandchild holds the pipes.
    const r = await runExternalValidator({ languageId: 'c', argv: ['sh', '-c', 'sleep 5; echo late'], baseText: 'a', candidateText: 'b', fileExtension: '.c', timeoutMs: 200 });
    assert.equal(r.timedOut, true);
    assert.equal(r.ran, false);
    assert.ok(Date.now() - started < 4000, 'waited for the grandchild');
  });

  it('reports a missing program as not run', async () => {
    const r = await runExternalValidator({ languageId: 'c', argv: ['no-such-validator-ase', '${file}'], baseText: 'a', candidateText: 'b', fileExtension: '.c' });
    assert.equal(r.ran, false);
    assert.equal(r.timedOut, false);
    assert.match(r.detail ?? '', /ENOENT/);
  });

  it('reports an unparseable failure once, when only the candidate fails', async () => {
    // `test ! -s file` succeeds on an empty file (the base) and fails silently on a non-empty one.
    const r = await runExternalValidator({ languageId: 'x', argv: ['test', '!', '-s', '${file}'], baseText: '', candidateText: 'x', fileExtension: '.txt' });
    assert.equal(r.ran, true);
    assert.equal(r.exitCode, 1);
    assert.equal(r.newErrorCount, 1);
    assert.match(r.newErrors[0].message, /exited with code 1/);
  });
});

describe('validate/external: parseValidatorOutput', () => {
  it('reads gcc errors and skips warnings, notes and other files', () => {
    const out = [
      '/tmp/ase-validate-x/src/input.c: In function ‘main’:',
      '/tmp/ase-validate-x/src/input.c:2:3: error: expected declaration or statement at end of input',
      '/tmp/ase-validate-x/src/input.c:1:5: warning: unused variable ‘x’',
      '/tmp/ase-validate-x/src/input.c:1:5: note: declared here',
      'header.h:9:1: error: in another file',
    ].join('\n');
    const p = parseValidatorOutput(out, 'input.c');
    assert.equal(p.length, 1);
    assert.deepEqual([p[0].line, p[0].column, p[0].message], [2, 3, 'expected declaration or statement at end of input']);
  });

  it('reads gofmt and generic line-only output', () => {
    assert.deepEqual(
      parseValidatorOutput('input.go:4:1: expected \')\', found \'}\'\ninput.go:7: something', 'input.go').map((p) => [p.line, p.column]),
      [[4, 1], [7, 1]],
    );
  });

  it('reads python tracebacks and py_compile one-liners', () => {
    const tb = '  File "/tmp/d/src/input.py", line 1\n    x = (1,\n        ^\nSyntaxError: \'(\' was never closed\n';
    const p = parseValidatorOutput(tb, 'input.py');
    assert.deepEqual([p[0].line, p[0].column, p[0].message], [1, 5, "SyntaxError: '(' was never closed"]);
    const sorry = parseValidatorOutput('Sorry: IndentationError: unexpected indent (input.py, line 3)', 'input.py');
    assert.deepEqual([sorry[0].line, sorry[0].message], [3, 'IndentationError: unexpected indent']);
  });

  it('finds real python3 py_compile errors', async () => {
    assert.ok(isOnPath('python3'), 'python3 must be on PATH for this test');
    const base = 'def f():\n    return 1\n';
    const r = await runExternalValidator({ languageId: 'python', argv: ['python3', '-m', 'py_compile', '${file}'], baseText: base, candidateText: base.replace('    return', '      return\n    x'), fileExtension: '.py' });
    assert.equal(r.ran, true);
    assert.ok(r.newErrors.length >= 1);
  });
});

describe('validate/external: defaults and substitution', () => {
  it('offers the first available program per language', () => {
    const available = new Set(['cc', 'python3']);
    const d = defaultValidators((p) => available.has(p));
    assert.deepEqual(Object.keys(d).sort(), ['c', 'python']);
    assert.equal(d.c[0], 'cc');
    assert.ok(d.c.includes('${file}'));
    assert.deepEqual(d.python, ['python3', '-m', 'py_compile', '${file}']);
  });

  it('offers nothing when nothing is installed', () => {
    assert.deepEqual(defaultValidators(() => false), {});
  });

  it('substitutes ${file} and ${fileDirname}, and adds nothing else', () => {
    assert.deepEqual(substituteFile(['gcc', '-I${fileDirname}', '--in=${file}'], '/t/a b.c', '/src'), ['gcc', '-I/src', '--in=/t/a b.c']);
    assert.deepEqual(substituteFile(['sleep', '5'], '/t/x.c', '/src'), ['sleep', '5']);
  });
});
