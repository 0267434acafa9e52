import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { execFileSync } from 'node:child_process';
import { runProgram, RunProgramOptions, RunResult } from '../../../src/exec/run-program';

const FIXTURE = nodePath.resolve(__dirname, '../../../../test/fixtures/exec/print-argv.c');

/**
 * True while `pid` runs. A zombie (killed, waiting for its parent — here PID 1 of the
 * sandbox, which reaps slowly — to collect it) no longer runs, so it counts as gone.
 */
function alive(pid: number): boolean {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2, stat.lastIndexOf(')') + 3);
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

/** Waits (briefly) for the kernel to reap a killed process before asserting it is gone. */
async function waitGone(pid: number, ms = 3000): Promise<boolean> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 25));
  }
  return !alive(pid);
}

function ok(r: RunResult): Extract<RunResult, { ok: true }> {
  assert.ok(r.ok, `expected a run, got ${JSON.stringify(r)}`);
  return r;
}

describe('runProgram', () => {
  let dir: string;
  let printArgv: string;
  const base = (): Pick<RunProgramOptions, 'cwd' | 'timeoutMs'> => ({ cwd: dir, timeoutMs: 10_000 });

  before(() => {
    dir = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'ase-exec-'));
    printArgv = nodePath.join(dir, 'print-argv');
    execFileSync('gcc', ['-O0', '-o', printArgv, FIXTURE]);
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  describe('argv passes through without a shell', () => {
    const cases: [string, string[]][] = [
      ['an expression with spaces', ['5 + 3']],
      ['embedded double quotes', ['a "quoted" arg']],
      ['a newline', ['line one\nline two']],
      ['Unicode', ['héllo ✓ 日本']],
      ['shell metacharacters', ['$HOME', '*', ';', '|', '`id`', "'", '\\', '&&', '>out', '$(echo hi)']],
      ['empty and blank arguments', ['', ' ', '\t']],
      ['several arguments at once', ['5', '+', '3', 'a b', 'c"d']],
    ];
    for (const [label, args] of cases) {
      it(`delivers ${label} as single argv entries`, async () => {
        const r = ok(await runProgram({ ...base(), program: printArgv, args }));
        assert.equal(r.exit_code, 0);
        assert.deepEqual(JSON.parse(r.stdout), args);
      });
    }
    it('did not expand anything: no file named "out" was created', () => {
      assert.equal(fs.existsSync(nodePath.join(dir, 'out')), false);
    });
  });

  it('reports exit code and stderr separately', async () => {
    const r = ok(await runProgram({ ...base(), program: '/bin/sh', args: ['-c', 'echo to-out; echo to-err >&2; exit 3'] }));
    assert.equal(r.exit_code, 3);
    assert.equal(r.signal, null);
    assert.equal(r.stdout, 'to-out\n');
    assert.equal(r.stderr, 'to-err\n');
    assert.equal(r.timed_out, false);
    assert.equal(r.cancelled, false);
    assert.ok(r.duration_ms >= 0);
  });

  it('clamps a timeout beyond what Node timers hold instead of firing at once', async () => {
    const r = ok(await runProgram({ cwd: dir, timeoutMs: 1e12, program: '/bin/sh', args: ['-c', 'sleep 0.2; echo done'] }));
    assert.equal(r.timed_out, false);
    assert.equal(r.stdout, 'done\n');
  });

  it('reports the signal that ended a program', async () => {
    const r = ok(await runProgram({ ...base(), program: '/bin/sh', args: ['-c', 'kill -KILL $$'] }));
    assert.equal(r.exit_code, null);
    assert.equal(r.signal, 'SIGKILL');
  });

  it('delivers stdin and closes it', async () => {
    const text = 'first line\nzweite Zeile ✓\n' + 'x'.repeat(200_000);
    const r = ok(await runProgram({ ...base(), program: 'cat', args: [], stdin: text, maxOutputBytes: 1024 * 1024 }));
    assert.equal(r.stdout, text);
  });

  it('closes stdin at once when none is given (a reader does not hang)', async () => {
    const r = ok(await runProgram({ ...base(), program: 'cat', args: [] }));
    assert.equal(r.exit_code, 0);
    assert.equal(r.timed_out, false);
    assert.equal(r.stdout, '');
  });

  it('survives a program that exits without reading a large stdin', async () => {
    const r = ok(await runProgram({ ...base(), program: '/bin/true', args: [], stdin: 'y'.repeat(4 * 1024 * 1024) }));
    assert.equal(r.exit_code, 0);
  });

  it('on timeout kills the child AND its grandchild', async () => {
    const r = ok(await runProgram({ cwd: dir, timeoutMs: 500, killGraceMs: 500, program: '/bin/sh', args: ['-c', 'sleep 30 & echo $!; wait'] }));
    assert.equal(r.timed_out, true);
    assert.equal(r.exit_code, null);
    assert.equal(r.signal, 'SIGTERM');
    const grandchild = Number(r.stdout.trim());
    assert.ok(Number.isInteger(grandchild) && grandchild > 0, r.stdout);
    assert.ok(await waitGone(grandchild), `grandchild ${grandchild} still alive`);
  });

  it('escalates to SIGKILL for a tree that ignores SIGTERM', async () => {
    const r = ok(await runProgram({ cwd: dir, timeoutMs: 300, killGraceMs: 300, program: '/bin/sh', args: ['-c', 'trap "" TERM; sleep 30 & echo $!; wait; wait'] }));
    assert.equal(r.timed_out, true);
    const grandchild = Number(r.stdout.trim());
    assert.ok(await waitGone(grandchild), `grandchild ${grandchild} survived SIGKILL`);
    assert.equal(r.signal, 'SIGKILL');
  });

  it('ends background processes a program leaves behind', async () => {
    const r = ok(await runProgram({ ...base(), killGraceMs: 300, program: '/bin/sh', args: ['-c', 'sleep 30 & echo $!'] }));
    assert.equal(r.exit_code, 0);
    assert.equal(r.timed_out, false);
    const leftover = Number(r.stdout.trim());
    assert.ok(await waitGone(leftover), `leftover ${leftover} still alive`);
  });

  it('cancellation (AbortSignal) kills the tree and says cancelled', async () => {
    const controller = new AbortController();
    const pending = runProgram({ ...base(), killGraceMs: 300, program: '/bin/sh', args: ['-c', 'sleep 30 & echo $!; wait'], signal: controller.signal });
    setTimeout(() => controller.abort(), 300);
    const r = ok(await pending);
    assert.equal(r.cancelled, true);
    assert.equal(r.timed_out, false);
    const grandchild = Number(r.stdout.trim());
    assert.ok(await waitGone(grandchild), `grandchild ${grandchild} still alive`);
  });

  it('an already aborted signal starts nothing', async () => {
    const marker = nodePath.join(dir, 'should-not-exist');
    const r = ok(await runProgram({ ...base(), program: '/usr/bin/touch', args: [marker], signal: AbortSignal.abort() }));
    assert.equal(r.cancelled, true);
    assert.equal(fs.existsSync(marker), false);
  });

  it('caps output keeping head and tail with an exact omitted count', async () => {
    const script = "process.stdout.write('HEAD-START\\n' + 'a'.repeat(300000) + '\\nTAIL-END\\n')";
    const total = 'HEAD-START\n'.length + 300000 + '\nTAIL-END\n'.length;
    const r = ok(await runProgram({ ...base(), program: process.execPath, args: ['-e', script], maxOutputBytes: 64 * 1024 }));
    assert.equal(r.stdout_truncated, true);
    assert.equal(r.stderr_truncated, false);
    assert.ok(r.stdout.startsWith('HEAD-START\n'));
    assert.ok(r.stdout.endsWith('\nTAIL-END\n'));
    const m = /\n\.\.\. \[(\d+) bytes omitted\] \.\.\.\n/.exec(r.stdout);
    assert.ok(m, 'marker line missing');
    const shown = Buffer.byteLength(r.stdout) - Buffer.byteLength(m[0]); // the head ends mid-line, so the marker's leading \n is ours too
    assert.equal(Number(m[1]), total - shown);
    assert.ok(Buffer.byteLength(r.stdout) <= 64 * 1024 + 64);
  });

  it('does not flag output under the cap', async () => {
    const r = ok(await runProgram({ ...base(), program: process.execPath, args: ['-e', "process.stdout.write('z'.repeat(65536))"], maxOutputBytes: 65536 }));
    assert.equal(r.stdout_truncated, false);
    assert.equal(r.stdout, 'z'.repeat(65536));
  });

  it('keeps memory bounded for a program that floods its output until the timeout', async () => {
    const r = ok(await runProgram({ cwd: dir, timeoutMs: 300, killGraceMs: 200, program: 'yes', args: ['flood'], maxOutputBytes: 4096 }));
    assert.equal(r.timed_out, true);
    assert.equal(r.stdout_truncated, true);
    assert.ok(r.stdout.startsWith('flood\nflood\n'));
    assert.ok(r.stdout.length < 4096 + 64);
    assert.match(r.stdout, /\.\.\. \[\d+ bytes omitted\] \.\.\./);
  });

  it('ENOENT from a script whose interpreter is missing says so', async () => {
    const p = nodePath.join(dir, 'bad-interpreter');
    fs.writeFileSync(p, '#!/no/such/interpreter\n', { mode: 0o755 });
    const r = await runProgram({ ...base(), program: p, args: [] });
    assert.ok(!r.ok && r.failure.error_type === 'PROGRAM_NOT_FOUND');
    assert.match(r.failure.message, /interpreter/);
  });

  it('turns ENOENT into PROGRAM_NOT_FOUND', async () => {
    const r = await runProgram({ ...base(), program: nodePath.join(dir, 'no-such-program'), args: [] });
    assert.ok(!r.ok);
    assert.equal(r.failure.error_type, 'PROGRAM_NOT_FOUND');
    assert.equal(r.failure.reason, 'NOT_FOUND');
  });

  it('turns EACCES into PROGRAM_NOT_FOUND / NOT_EXECUTABLE', async () => {
    const p = nodePath.join(dir, 'not-executable');
    fs.writeFileSync(p, '#!/bin/sh\necho hi\n', { mode: 0o644 });
    const r = await runProgram({ ...base(), program: p, args: [] });
    assert.ok(!r.ok);
    assert.equal(r.failure.error_type, 'PROGRAM_NOT_FOUND');
    assert.equal(r.failure.reason, 'NOT_EXECUTABLE');
  });

  it('refuses bad options as values naming the field', async () => {
    const cases: [Partial<RunProgramOptions> & Record<string, unknown>, string, string][] = [
      [{ program: printArgv, args: ['ok', 'bad\u0000arg'] }, 'INVALID_INPUT', 'args[1]'],
      [{ program: printArgv, args: ['ok', 5 as unknown as string] }, 'INVALID_INPUT', 'args[1]'],
      [{ program: printArgv, args: 'not an array' as unknown as string[] }, 'INVALID_INPUT', 'args'],
      [{ program: printArgv, args: ['\ud800'] }, 'INVALID_INPUT', 'args[0]'],
      [{ program: '', args: [] }, 'INVALID_INPUT', 'program'],
      [{ program: printArgv, args: [], timeoutMs: -1 }, 'INVALID_INPUT', 'timeout_ms'],
      [{ program: printArgv, args: [], timeoutMs: Number.NaN }, 'INVALID_INPUT', 'timeout_ms'],
      [{ program: printArgv, args: [], cwd: nodePath.join(dir, 'missing-dir') }, 'FILE_NOT_FOUND', 'cwd'],
      [{ program: printArgv, args: [], cwd: printArgv }, 'INVALID_INPUT', 'cwd'],
    ];
    for (const [over, type, field] of cases) {
      const r = await runProgram({ ...base(), ...over } as RunProgramOptions);
      assert.ok(!r.ok, JSON.stringify(over));
      assert.equal(r.failure.error_type, type);
      assert.equal(r.failure.field, field);
    }
    const nothing = await runProgram(undefined as unknown as RunProgramOptions);
    assert.ok(!nothing.ok && nothing.failure.error_type === 'INVALID_INPUT');
  });

  it('passes the given environment only', async () => {
    const r = ok(await runProgram({ ...base(), program: '/usr/bin/env', args: [], env: { ONLY_THIS: 'yes ✓' } }));
    assert.equal(r.stdout, 'ONLY_THIS=yes ✓\n');
  });
});
