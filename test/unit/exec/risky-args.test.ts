import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { inlineCodeIndex, programName } from '../../../src/exec/inline-code';
import { findRiskyArguments, RiskInput } from '../../../src/exec/risky-args';
import { checkArguments } from '../../../src/exec/check-arguments';
import { confirmationText } from '../../../src/exec/confirmation-text';

const root = nodePath.resolve('/ws');
const call = (programPath: string, args: string[], extra: Partial<RiskInput> = {}) =>
  findRiskyArguments({ programPath, args, cwd: root, workspaceRoots: [root], hasStdin: false, ...extra });
const kinds = (programPath: string, args: string[], extra: Partial<RiskInput> = {}) => call(programPath, args, extra).map((r) => r.kind);

describe('execute_program risky arguments (item 13)', () => {
  it('names programs by family: versions, case and .exe dropped', () => {
    assert.equal(programName('/usr/bin/python3.11'), 'python');
    assert.equal(programName('C:\\Program Files\\PowerShell\\7\\PWSH.EXE'), 'pwsh');
    assert.equal(programName('/usr/bin/lua5.4'), 'lua');
    assert.equal(programName('/usr/bin/gcc'), 'gcc');
  });

  const inline: [string, string[]][] = [
    ['/bin/sh', ['-c', 'echo hi']],
    ['/bin/bash', ['-ec', 'x']],
    ['/usr/bin/zsh', ['-l', '-c', 'x']],
    ['/usr/bin/fish', ['--command=x']],
    ['/usr/bin/python3', ['-c', 'import os']],
    ['/usr/bin/python3', ['-W', 'ignore', '-Ic', 'x']],
    ['/usr/bin/node', ['-e', 'x']],
    ['/usr/bin/node', ['--eval=x']],
    ['/usr/bin/node', ['-p', '1']],
    ['/usr/bin/node', ['--import', 'data:text/javascript,x']],
    ['/usr/bin/bun', ['--print', 'x']],
    ['/usr/bin/deno', ['eval', 'x']],
    ['/usr/bin/ruby', ['-ne', 'x']],
    ['/usr/bin/perl', ['-E', 'say 1']],
    ['/usr/bin/php', ['-r', 'x']],
    ['/usr/bin/lua', ['-e', 'x']],
    ['/usr/bin/osascript', ['-e', 'x']],
    ['/usr/bin/awk', ['BEGIN { system("x") }']],
    ['/usr/bin/pwsh', ['-NoProfile', '-Command', 'x']],
    ['/usr/bin/pwsh', ['-enc', 'eAA=']],
    ['/usr/bin/pwsh', ['-c', 'x']],
    ['C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\powershell.exe', ['Remove-Item x']],
    ['C:\\Windows\\System32\\cmd.exe', ['/d', '/c', 'del x']],
    ['/usr/bin/env', ['bash', '-c', 'x']],
    ['/usr/bin/find', ['.', '-exec', 'sh', '-c', 'x', ';']],
    ['/usr/bin/env', ['-S', 'bash -c x']],
  ];
  for (const [program, args] of inline) {
    it(`inline code: ${programName(program)} ${args.join(' ')}`, () => {
      assert.ok(kinds(program, args).includes('INLINE_CODE'), JSON.stringify(call(program, args)));
    });
  }

  const git: string[][] = [
    ['-c', 'core.fsmonitor=x', 'status'],
    ['-ccore.pager=x', 'log'],
    ['--config-env=core.sshCommand=X', 'fetch'],
    ['--exec-path=/tmp', 'status'],
    ['--git-dir=other', 'status'],
    ['config', 'core.hooksPath', 'h'],
    ['-C', 'sub', 'config', 'x', 'y'],
    ['submodule', 'foreach', 'x'],
    ['rebase', '-x', 'make', 'main'],
    ['clone', '--config', 'core.fsmonitor=x', 'u'],
    ['ls-remote', '--upload-pack=x', 'origin'],
  ];
  for (const args of git) {
    it(`git configuration: git ${args.join(' ')}`, () => {
      assert.ok(kinds('/usr/bin/git', args).includes('GIT_CONFIG'), JSON.stringify(call('/usr/bin/git', args)));
    });
  }

  it('arguments naming protected files or .git internals, however spelled', () => {
    assert.deepEqual(kinds('/bin/cp', ['x', '.vscode/settings.json']), ['SENSITIVE_PATH']);
    assert.deepEqual(kinds('/bin/cp', ['x', `${root}/.github/workflows/ci.yml`]), ['SENSITIVE_PATH']);
    assert.deepEqual(kinds('/usr/bin/gcc', ['-o.git/hooks/pre-commit', 'a.c']), ['GIT_INTERNALS']);
    assert.deepEqual(kinds('/usr/bin/tool', ['--out=.env']), ['SENSITIVE_PATH']);
    assert.deepEqual(kinds('/bin/cp', ['x', 'sub/../.git/config']), ['GIT_INTERNALS']);
    assert.deepEqual(kinds('/usr/bin/git', ['-C', '.git', 'status']), ['GIT_INTERNALS']);
    assert.deepEqual(kinds('/bin/cp', ['x', 'my.txt'], { extraGlobs: ['*.txt'] }), ['SENSITIVE_PATH']);
    const viaLink = new Map([[nodePath.join(root, 'cfg'), { real: nodePath.join(root, '.vscode', 'settings.json'), exists: true }]]);
    assert.deepEqual(kinds('/bin/cp', ['x', 'cfg'], { realPaths: viaLink }), ['SENSITIVE_PATH']);
  });

  it('an interpreter given stdin and no existing file to run reads code from stdin', () => {
    assert.deepEqual(kinds('/usr/bin/python3', [], { hasStdin: true }), ['INLINE_CODE']);
    assert.deepEqual(kinds('/usr/bin/python3', ['-W', 'ignore'], { hasStdin: true }), ['INLINE_CODE']);
    const script = new Map([[nodePath.join(root, 'calc.py'), { real: nodePath.join(root, 'calc.py'), exists: true }]]);
    assert.deepEqual(kinds('/usr/bin/python3', ['calc.py'], { hasStdin: true, realPaths: script }), []);
  });

  it('ordinary calls are not risky', () => {
    for (const [p, args] of [
      ['/usr/bin/gcc', ['-Wall', '-o', 'calc', 'calc.c']],
      ['/usr/bin/python3', ['calc.py', '5 + 3']],
      ['/bin/bash', ['build.sh']],
      ['/usr/bin/git', ['status']],
      ['/usr/bin/git', ['commit', '-c', 'HEAD', '-m', 'x']],
      ['/usr/bin/git', ['add', '.gitignore', 'src/a.ts']],
      ['/usr/bin/node', ['test.js']],
      ['/usr/bin/make', ['-C', 'build', 'all']],
      ['/ws/demo/calculate', ['5 + 3']],
    ] as [string, string[]][]) {
      assert.deepEqual(call(p, args), [], `${p} ${args.join(' ')}`);
    }
  });

  it('more arguments than are checked one by one is risky as a whole; the check is linear', () => {
    assert.deepEqual(kinds('/bin/echo', Array.from({ length: 1025 }, () => 'x')), ['TOO_MANY_ARGUMENTS']);
    // Inputs a quadratic check would not finish within the suite's timeout (speed: bench/).
    assert.deepEqual(kinds('/usr/bin/env', Array.from({ length: 1024 }, () => 'sh')), []);
    assert.deepEqual(kinds('/usr/bin/pwsh', [`-${'c'.repeat(100_000)}`, '='.repeat(100_000)]), []);
  });

  it('inlineCodeIndex is -1 for programs that are not interpreters', () => {
    assert.equal(inlineCodeIndex('gcc', ['-c', 'a.c']), -1);
  });

  it('checkArguments follows a real symlink to a protected file', async () => {
    const dir = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'ase-risky-'));
    fs.mkdirSync(nodePath.join(dir, '.vscode'));
    fs.writeFileSync(nodePath.join(dir, '.vscode', 'settings.json'), '{}');
    fs.symlinkSync(nodePath.join(dir, '.vscode', 'settings.json'), nodePath.join(dir, 'innocent.json'));
    try {
      const r = await checkArguments({ programPath: '/bin/cp', args: ['x', 'innocent.json'], cwd: dir, workspaceRoots: [dir], hasStdin: false });
      assert.deepEqual(r.map((x) => x.kind), ['SENSITIVE_PATH']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('the confirmation quotes program path, cwd and every argument inside the code block (item 14: cwd escaped)', () => {
    const t = confirmationText({ program: 'sh', resolvedPath: '/usr/bin/sh', args: ['a`b'], cwd: '/ws/x`](http://evil)\n# hi', risks: [] });
    assert.ok(t.code.includes('program  = "/usr/bin/sh"'));
    assert.ok(t.code.includes('cwd      = "/ws/x`](http://evil)\\n# hi"'));
    assert.ok(!t.intro.includes('evil'));
    assert.equal(t.code.split('\n').length, 3);
  });
});
