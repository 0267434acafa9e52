import { spawn } from 'node:child_process';

export interface ProcessOutcome {
  /** False when the program could not be started (not found, not executable). */
  started: boolean;
  exitCode: number | null;
  timedOut: boolean;
  stdout: string;
  stderr: string;
  /** Why the program did not start, when started is false. */
  error?: string;
}

/** Most bytes kept from each of stdout and stderr; the rest is dropped, not buffered. */
export const OUTPUT_CAP_BYTES = 64 * 1024;

/**
 * Runs `argv[0]` with `argv.slice(1)` — never through a shell — in `cwd`, with stdin closed.
 * After `timeoutMs` the process is killed with SIGKILL — on POSIX its whole process group, so
 * children it started (a wrapper script's compiler) die too — and the promise resolves at
 * once with timedOut = true, without waiting for pipes a stray grandchild might hold open.
 * stdout/stderr are captured up to OUTPUT_CAP_BYTES each. Never rejects.
 */
export function runProcess(argv: readonly string[], cwd: string, timeoutMs: number): Promise<ProcessOutcome> {
  return new Promise((resolve) => {
    if (argv.length === 0) {
      resolve({ started: false, exitCode: null, timedOut: false, stdout: '', stderr: '', error: 'empty command' });
      return;
    }
    const out = new CappedBuffer();
    const err = new CappedBuffer();
    let timedOut = false;
    let settled = false;
    const finish = (outcome: ProcessOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const ownGroup = process.platform !== 'win32';
    const child = spawn(argv[0], argv.slice(1), { cwd, shell: false, stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true, detached: ownGroup });
    const timer = setTimeout(() => {
      timedOut = true;
      killTree(child.pid, ownGroup, () => child.kill('SIGKILL'));
      child.stdout.destroy();
      child.stderr.destroy();
      finish({ started: true, exitCode: null, timedOut, stdout: out.text(), stderr: err.text() });
    }, Math.max(1, timeoutMs));
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    child.stderr.on('data', (chunk: Buffer) => err.push(chunk));
    child.on('error', (e) => finish({ started: false, exitCode: null, timedOut, stdout: out.text(), stderr: err.text(), error: e.message }));
    child.on('close', (code) => finish({ started: true, exitCode: code, timedOut, stdout: out.text(), stderr: err.text() }));
  });
}

/** SIGKILLs the process group led by `pid` (POSIX), falling back to killing the process alone. */
function killTree(pid: number | undefined, ownGroup: boolean, killOne: () => void): void {
  if (ownGroup && pid !== undefined) {
    try {
      process.kill(-pid, 'SIGKILL');
      return;
    } catch {
      // The group is gone already, or was never created: fall through.
    }
  }
  killOne();
}

class CappedBuffer {
  private readonly chunks: Buffer[] = [];
  private size = 0;

  push(chunk: Buffer): void {
    if (this.size >= OUTPUT_CAP_BYTES) return;
    const part = chunk.subarray(0, OUTPUT_CAP_BYTES - this.size);
    this.chunks.push(part);
    this.size += part.length;
  }

  text(): string {
    return Buffer.concat(this.chunks).toString('utf8');
  }
}
