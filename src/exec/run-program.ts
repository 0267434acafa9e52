import { spawn, ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { fail, Failure } from '../core/types';
import { HeadTailCapture } from './output-capture';
import { groupAlive, killProcessTree } from './kill-tree';

export const DEFAULT_MAX_OUTPUT_BYTES = 64 * 1024;
export const DEFAULT_KILL_GRACE_MS = 2000;
/** A UTF-16 surrogate without its partner: not encodable as UTF-8, so not passable intact. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** Node timers fire at once (with a warning) above 2^31-1 ms; longer limits are clamped to it (~24.8 days). */
const MAX_TIMER_MS = 2_147_483_647;
/** Longest wait for the pipes to close once the program is gone or killed. */
const CLOSE_FALLBACK_MS = 1000;

export interface RunProgramOptions {
  /** Program to start: an absolute path (see resolveProgram) or a name for the OS to find. */
  program: string;
  /** argv[1..], passed verbatim: no shell, no quoting, no expansion. */
  args: readonly string[];
  /** Working directory; must exist. Confining it is the caller's job (resolveCwd). */
  cwd: string;
  /** Wall-clock limit; the process tree is killed when it passes. */
  timeoutMs: number;
  /** Text written to the program's standard input, then closed. Absent: stdin closed at once. */
  stdin?: string;
  /** Most bytes kept per stream (head 3/4 + tail 1/4). Default 64 KiB. */
  maxOutputBytes?: number;
  /** Environment. Default: this process's environment. */
  env?: NodeJS.ProcessEnv;
  /** Cancellation: aborting kills the process tree. */
  signal?: AbortSignal;
  /** Time between SIGTERM and SIGKILL to the process group. Default 2000 ms. */
  killGraceMs?: number;
}

export interface RunOutcome {
  /** Exit status, or null when the program ended by a signal. */
  exit_code: number | null;
  /** Signal that ended the program (`SIGTERM`, `SIGKILL`...), else null. */
  signal: string | null;
  stdout: string;
  stderr: string;
  stdout_truncated: boolean;
  stderr_truncated: boolean;
  duration_ms: number;
  timed_out: boolean;
  cancelled: boolean;
}

export type RunResult = ({ ok: true } & RunOutcome) | { ok: false; failure: Failure };

/**
 * Runs one program with an argv array and NO shell, and reports how it ended.
 *
 * - `child_process.spawn(program, args, { shell: false })`: every `args` entry reaches the
 *   program as exactly one argv entry, spaces, quotes, newlines, `$`, `*` and Unicode intact.
 * - POSIX: the child leads its own process group (`detached`), so a timeout or an abort kills
 *   the whole tree (SIGTERM, then SIGKILL after `killGraceMs`). When the program exits on
 *   its own, anything it left running in its group is ended the same way: a call runs to
 *   completion and leaves nothing behind. Windows: `taskkill /T /F`.
 * - stdout and stderr are captured separately, each capped at `maxOutputBytes` keeping head
 *   and tail with a `... [N bytes omitted] ...` line; `*_truncated` says so.
 * - Never throws and never rejects. Bad options are INVALID_INPUT (`field` names which;
 *   this includes NUL bytes and lone UTF-16 surrogates in `program`/`args`, which cannot
 *   reach a program intact);
 *   a missing `cwd` is FILE_NOT_FOUND; a program that cannot be started is
 *   PROGRAM_NOT_FOUND (ENOENT: `reason` NOT_FOUND; EACCES: `reason` NOT_EXECUTABLE); other
 *   start errors are INTERNAL_ERROR with the system's code. A signal already aborted returns
 *   `cancelled: true` without starting anything.
 * - Resolves after the pipes close, or at most ~1 s after the program ended or was killed
 *   (a process that escaped the group may hold them open; the pipes are then destroyed).
 */
export async function runProgram(options: RunProgramOptions): Promise<RunResult> {
  try {
    const invalid = await checkOptions(options);
    if (invalid) return invalid;
    if (options.signal?.aborted) return { ok: true, ...emptyOutcome(), cancelled: true };
    return await new Promise<RunResult>((resolve) => run(options, resolve));
  } catch (error) {
    return fail('INTERNAL_ERROR', `Could not run the program: ${describe(error)}.`);
  }
}

function emptyOutcome(): RunOutcome {
  return {
    exit_code: null, signal: null, stdout: '', stderr: '', stdout_truncated: false, stderr_truncated: false,
    duration_ms: 0, timed_out: false, cancelled: false,
  };
}

async function checkOptions(o: RunProgramOptions): Promise<RunResult | undefined> {
  if (!o || typeof o !== 'object') return fail('INVALID_INPUT', 'runProgram needs an options object.', { field: 'options' });
  if (typeof o.program !== 'string' || o.program === '' || o.program.includes('\0')) {
    return fail('INVALID_INPUT', '`program` must be a non-empty string without NUL bytes.', { field: 'program' });
  }
  if (!Array.isArray(o.args)) return fail('INVALID_INPUT', '`args` must be an array of strings.', { field: 'args' });
  for (let i = 0; i < o.args.length; i++) {
    const a: unknown = o.args[i];
    if (typeof a !== 'string') return fail('INVALID_INPUT', `\`args[${i}]\` must be a string, got ${a === null ? 'null' : typeof a}.`, { field: `args[${i}]` });
    if (a.includes('\0')) return fail('INVALID_INPUT', `\`args[${i}]\` contains a NUL byte, which no program can receive.`, { field: `args[${i}]` });
    if (LONE_SURROGATE.test(a)) {
      return fail('INVALID_INPUT', `\`args[${i}]\` contains a broken UTF-16 surrogate, which cannot be passed intact (it would become U+FFFD).`, { field: `args[${i}]` });
    }
  }
  if (typeof o.timeoutMs !== 'number' || !Number.isFinite(o.timeoutMs) || o.timeoutMs <= 0) {
    return fail('INVALID_INPUT', '`timeout_ms` must be a positive number of milliseconds.', { field: 'timeout_ms' });
  }
  if (o.stdin !== undefined && typeof o.stdin !== 'string') return fail('INVALID_INPUT', '`stdin` must be a string.', { field: 'stdin' });
  if (LONE_SURROGATE.test(o.program)) return fail('INVALID_INPUT', '`program` contains a broken UTF-16 surrogate.', { field: 'program' });
  if (typeof o.cwd !== 'string' || o.cwd === '' || o.cwd.includes('\0')) {
    return fail('INVALID_INPUT', '`cwd` must be a directory path.', { field: 'cwd' });
  }
  try {
    if (!(await fs.stat(o.cwd)).isDirectory()) return fail('INVALID_INPUT', 'The working directory `cwd` is not a directory.', { field: 'cwd' });
  } catch {
    return fail('FILE_NOT_FOUND', 'The working directory `cwd` does not exist.', { field: 'cwd' });
  }
  return undefined;
}

function run(o: RunProgramOptions, resolve: (r: RunResult) => void): void {
  const isWindows = process.platform === 'win32';
  const grace = typeof o.killGraceMs === 'number' && o.killGraceMs >= 0 ? Math.min(o.killGraceMs, MAX_TIMER_MS) : DEFAULT_KILL_GRACE_MS;
  const stdout = new HeadTailCapture(o.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES);
  const stderr = new HeadTailCapture(o.maxOutputBytes ?? DEFAULT_MAX_OUTPUT_BYTES);
  const started = performance.now();
  let exitCode: number | null = null;
  let exitSignal: string | null = null;
  let timedOut = false;
  let cancelled = false;
  let settled = false;
  let killRequested = false;
  let cancelKill: () => void = () => undefined;
  let closeFallback: NodeJS.Timeout | undefined;

  let child: ChildProcess;
  try {
    child = spawn(o.program, [...o.args], {
      cwd: o.cwd,
      env: o.env ?? process.env,
      shell: false,
      detached: !isWindows,
      windowsHide: true,
      stdio: ['pipe', 'pipe', 'pipe'],
    });
  } catch (error) {
    resolve(spawnFailure(o.program, error));
    return;
  }

  const timer = setTimeout(() => {
    timedOut = true;
    killTree();
  }, Math.min(o.timeoutMs, MAX_TIMER_MS));
  const onAbort = (): void => {
    cancelled = true;
    killTree();
  };
  o.signal?.addEventListener('abort', onAbort, { once: true });

  function killTree(): void {
    if (killRequested || child.pid === undefined) return;
    killRequested = true;
    cancelKill = killProcessTree(child.pid, grace);
    armCloseFallback(grace + CLOSE_FALLBACK_MS);
  }

  /** If the pipes stay open (a process escaped the group), stop waiting for them. */
  function armCloseFallback(ms: number): void {
    if (closeFallback) clearTimeout(closeFallback);
    closeFallback = setTimeout(() => {
      child.stdout?.destroy();
      child.stderr?.destroy();
      finish();
    }, ms);
  }

  function cleanup(): void {
    clearTimeout(timer);
    if (closeFallback) clearTimeout(closeFallback);
    o.signal?.removeEventListener('abort', onAbort);
  }

  function finish(): void {
    if (settled) return;
    settled = true;
    cleanup();
    // Keep the SIGKILL pending only while something of the group is still alive.
    if (child.pid !== undefined && !groupAlive(child.pid)) cancelKill();
    const out = stdout.text();
    const err = stderr.text();
    resolve({
      ok: true,
      exit_code: exitCode,
      signal: exitSignal,
      stdout: out.text,
      stderr: err.text,
      stdout_truncated: out.truncated,
      stderr_truncated: err.truncated,
      duration_ms: Math.round(performance.now() - started),
      timed_out: timedOut,
      cancelled,
    });
  }

  child.stdout?.on('data', (chunk: Buffer) => stdout.push(chunk));
  child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
  child.stdout?.on('error', () => undefined);
  child.stderr?.on('error', () => undefined);
  // A program that exits without reading its input makes our write fail with EPIPE: harmless.
  child.stdin?.on('error', () => undefined);

  child.on('error', (error) => {
    if (settled) return;
    if (child.pid === undefined) {
      settled = true;
      cleanup();
      resolve(spawnFailure(o.program, error));
    }
    // Errors after start (e.g. a failed kill) leave the run to end through 'close'.
  });

  child.on('exit', (code, signal) => {
    if (settled) return;
    exitCode = code;
    exitSignal = signal;
    if (child.pid !== undefined && !isWindows && groupAlive(child.pid)) {
      // Leftovers in the program's group (background jobs): end them too.
      killTree();
    } else {
      armCloseFallback(CLOSE_FALLBACK_MS);
    }
  });

  child.on('close', finish);

  if (child.stdin) {
    if (o.stdin !== undefined && o.stdin !== '') child.stdin.end(o.stdin, 'utf8');
    else child.stdin.end();
  }
}

function spawnFailure(program: string, error: unknown): { ok: false; failure: Failure } {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const name = JSON.stringify(program.slice(0, 200));
  if (code === 'ENOENT') {
    // cwd was checked before spawning, so ENOENT means the program, or the interpreter on its #! line.
    return fail('PROGRAM_NOT_FOUND', `The program ${name} was not found (or it is a script whose #! interpreter is missing).`, { reason: 'NOT_FOUND', code: 'ENOENT', program });
  }
  if (code === 'EACCES' || code === 'EPERM') {
    return fail('PROGRAM_NOT_FOUND', `The program ${name} exists but is not executable (permission denied).`, { reason: 'NOT_EXECUTABLE', code, program });
  }
  return fail('INTERNAL_ERROR', `The program ${name} could not be started: ${describe(error)}.`, { code: code ?? null, program });
}

function describe(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  const message = error instanceof Error ? error.message : String(error);
  return code && !message.includes(code) ? `${code}: ${message}` : message;
}
