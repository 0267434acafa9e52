import type { RunOutcome } from './run-program';

/**
 * execute_program's answer for a run that started: how it ended in one sentence, and the
 * outcome's fields (exit code, output, duration). A timeout or a cancellation is not a success.
 * Shared by the extension's tool and the headless server.
 */
export function runAnswer(requested: string, programPath: string, timeoutMs: number, run: RunOutcome): Record<string, unknown> & { success: boolean; message: string } {
  const how = run.cancelled ? 'was cancelled (process tree killed)' : run.timed_out ? `timed out after ${timeoutMs} ms (process tree killed)` : run.signal ? `was ended by ${run.signal}` : `exited with code ${run.exit_code}`;
  return {
    success: !run.cancelled && !run.timed_out,
    ...(run.cancelled ? { error_type: 'CANCELLED' } : {}),
    message: `${requested} ${how} in ${run.duration_ms} ms.`,
    program: programPath,
    ...run,
  };
}
