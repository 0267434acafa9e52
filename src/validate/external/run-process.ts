import { runProgram } from '../../exec/run-program';
import { programEnvironment } from '../../exec/program-environment';

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

/** Most bytes kept from each of stdout and stderr (head and tail). */
export const OUTPUT_CAP_BYTES = 64 * 1024;

/**
 * Runs a validator: `argv[0]` with `argv.slice(1)`, never through a shell, in `cwd`, stdin
 * closed. The one process runner of the project (src/exec/run-program.ts, also behind
 * execute_program) does the work: a timeout kills the whole process group (a wrapper
 * script's compiler too). Here the grace between SIGTERM and SIGKILL is short, since a
 * validator holds no state worth a clean exit. The environment is execute_program's
 * (programEnvironment): a validator is a program like any other. Never rejects.
 */
export async function runProcess(argv: readonly string[], cwd: string, timeoutMs: number): Promise<ProcessOutcome> {
  if (argv.length === 0) return { started: false, exitCode: null, timedOut: false, stdout: '', stderr: '', error: 'empty command' };
  const r = await runProgram({ program: argv[0], args: argv.slice(1), cwd, timeoutMs: Math.max(1, timeoutMs), maxOutputBytes: OUTPUT_CAP_BYTES, killGraceMs: 100, env: programEnvironment() });
  if (!r.ok) {
    const code = typeof r.failure.code === 'string' ? ` (${r.failure.code})` : '';
    return { started: false, exitCode: null, timedOut: false, stdout: '', stderr: '', error: `${r.failure.message}${code}` };
  }
  return { started: true, exitCode: r.exit_code, timedOut: r.timed_out, stdout: r.stdout, stderr: r.stderr };
}
