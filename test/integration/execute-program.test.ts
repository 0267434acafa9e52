import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activateExtension, freshDir, invoke } from './helpers';

const repoRoot = path.resolve(__dirname, '../../..');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('execute_program through vscode.lm.invokeTool', () => {
  let dir: { abs: string; rel: string };
  before(async function () {
    this.timeout(120_000);
    await activateExtension();
    dir = freshDir('exec');
    fs.copyFileSync(path.join(repoRoot, 'test/fixtures/exec/print-argv.c'), path.join(dir.abs, 'print-argv.c'));
    // Compiled through the tool itself: gcc with an argv array, no shell.
    const cc = await invoke('execute_program', { program: 'gcc', args: ['-o', 'print-argv', 'print-argv.c'], cwd: dir.rel });
    assert.equal(cc.exit_code, 0, JSON.stringify(cc));
    // Script files, not `sh -c`: inline code is refused by default (safeEdit.execute.allowInlineCode).
    fs.writeFileSync(path.join(dir.abs, 'cat-exit.sh'), 'cat; exit 3\n');
    fs.writeFileSync(path.join(dir.abs, 'grandchild.sh'), 'sleep 30 & echo $!; wait\n');
    fs.writeFileSync(path.join(dir.abs, 'sleeper.sh'), 'echo $$ > "$1"; exec sleep 30\n');
  });

  it('passes each argument as exactly one argv entry: spaces, quotes, a newline, Unicode', async () => {
    const args = ['5 + 3', 'a "quoted" arg', 'first line\nsecond line', 'héllo ✓ 日本', "it's $HOME `x` *", ''];
    const r = await invoke('execute_program', { program: `./${dir.rel}/print-argv`, args });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(r.exit_code, 0);
    assert.deepEqual(JSON.parse(r.stdout), args);
  });

  it('delivers stdin and reports a nonzero exit code', async () => {
    const r = await invoke('execute_program', { program: 'sh', args: ['cat-exit.sh'], cwd: dir.rel, stdin: 'from stdin\n' });
    assert.equal(r.stdout, 'from stdin\n');
    assert.equal(r.exit_code, 3);
    assert.equal(r.timed_out, false);
  });

  it('a timeout kills the child and its grandchild', async () => {
    const r = await invoke('execute_program', { program: 'sh', args: ['grandchild.sh'], cwd: dir.rel, timeout_ms: 700 });
    assert.equal(r.timed_out, true, JSON.stringify(r));
    const grandchild = Number(r.stdout.trim());
    assert.ok(grandchild > 0, r.stdout);
    for (let i = 0; i < 50 && alive(grandchild); i++) await new Promise((res) => setTimeout(res, 100));
    assert.equal(alive(grandchild), false, `grandchild ${grandchild} still alive`);
  });

  it('cancellation kills the program', async () => {
    const cts = new vscode.CancellationTokenSource();
    const pidFile = path.join(dir.abs, 'sleeper.pid');
    setTimeout(() => cts.cancel(), 700);
    // VS Code rejects a cancelled invokeTool with CancellationError; the tool must still kill the program.
    await assert.rejects(invoke('execute_program', { program: 'sh', args: ['sleeper.sh', pidFile], cwd: dir.rel }, cts.token), /Cancel/);
    const pid = Number(fs.readFileSync(pidFile, 'utf8').trim());
    for (let i = 0; i < 50 && alive(pid); i++) await new Promise((res) => setTimeout(res, 100));
    assert.equal(alive(pid), false, `program ${pid} still running after cancellation`);
  });

  it('refuses a cwd outside the workspace and an unknown program', async () => {
    const outside = await invoke('execute_program', { program: 'ls', args: [], cwd: '../..' });
    assert.equal(outside.error_type, 'PATH_DENIED');
    const missing = await invoke('execute_program', { program: 'no-such-program-xyz', args: [] });
    assert.equal(missing.error_type, 'PROGRAM_NOT_FOUND');
  });
});
