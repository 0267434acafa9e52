import { runAnswer } from '../exec/run-answer';
import { programEnvironment, resolveCwd, resolveProgram, runProgram } from '../exec';
import { checkArguments } from '../exec/check-arguments';
import { fail } from '../core/types';
import { failureResult, ToolResultJson } from '../tools/tool-result';
import type { HeadlessCall, HeadlessContext } from './context';

export interface ExecuteProgramInput { program: string; args: string[]; cwd?: string; timeout_ms?: number; stdin?: string }

/**
 * execute_program without VS Code: off unless the server was started with --allow-exec (the
 * user's one-time yes to running programs here, in place of the chat's confirmation and
 * Workspace Trust). Same runner as the extension: argv only, no shell, program and cwd
 * confined, the process tree killed on timeout or cancellation. The argument shapes the
 * extension asks about every time (inline code, git configuration, protected files or .git
 * named in arguments) are refused: nobody can be asked.
 */
export async function headlessExecuteProgram(ctx: HeadlessContext, call: HeadlessCall, input: ExecuteProgramInput): Promise<ToolResultJson> {
  if (!ctx.allowExec) {
    return failureResult(fail('PERMISSION_DENIED', 'execute_program is off in this headless server: it runs programs, and nobody can confirm a run here. Nothing was run. Ask the user to run it, or to restart agent-safe-edit-mcp with --allow-exec.', { reason: 'exec_disabled' }).failure);
  }
  const { settings } = ctx;
  const timeout = input.timeout_ms ?? settings.executeDefaultTimeoutMs;
  if (timeout > settings.executeMaxTimeoutMs) {
    return failureResult(fail('INVALID_INPUT', `timeout_ms ${timeout} is above the maximum of ${settings.executeMaxTimeoutMs} (setting safeEdit.execute.maxTimeoutMs).`, { field: 'timeout_ms' }).failure);
  }
  const roots = [ctx.root];
  const cwd = await resolveCwd(input.cwd, roots);
  if (!cwd.ok) return failureResult(cwd.failure);
  const program = await resolveProgram(input.program, { workspaceRoots: roots, cwd: cwd.path, protectedDirs: [ctx.storeDir] });
  if (!program.ok) return failureResult(program.failure);
  const risks = await checkArguments({ programPath: program.path, args: input.args, cwd: cwd.path, workspaceRoots: roots, hasStdin: input.stdin !== undefined, extraGlobs: settings.protectedFiles, caseInsensitive: process.platform === 'win32' || process.platform === 'darwin' });
  if (risks.length > 0) {
    const reasons = risks.map((r) => r.reason).join('; ');
    return failureResult(fail('PERMISSION_DENIED', `execute_program refused this call: ${reasons}. Such calls could bypass the file protections, and the headless server cannot ask the user. Do not retry with another spelling; use the file tools, or ask the user to run it.`, { reasons: risks.map((r) => ({ kind: r.kind, index: r.index, reason: r.reason })) }).failure);
  }
  const run = await runProgram({ program: program.path, args: input.args, cwd: cwd.path, timeoutMs: timeout, stdin: input.stdin, maxOutputBytes: settings.executeMaxOutputBytes, signal: call.signal, env: programEnvironment() });
  if (!run.ok) return failureResult(run.failure);
  const { ok: _ok, ...outcome } = run;
  return runAnswer(input.program, program.path, timeout, outcome);
}
