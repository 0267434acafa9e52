import { runAnswer } from '../../exec/run-answer';
import { programEnvironment, resolveCwd, resolveProgram, runProgram } from '../../exec';
import { checkArguments } from '../../exec/check-arguments';
import { fail } from '../../core/types';
import { failureResult } from '../results/tool-result';
import type { ToolDefinition } from '../runner';
import type { RecordedChanges } from '../host';

/** The most changed files a result names (the rest are counted). */
const MAX_LISTED_FILES = 50;

export interface ExecuteProgramInput {
  program: string;
  args: string[];
  cwd?: string;
  timeout_ms?: number;
  stdin?: string;
}

/**
 * execute_program: one program, an argv array, no shell — each element of `args` reaches the
 * program as exactly one argument ("5 + 3" stays one argument). Program and folder confined
 * to the workspace; on timeout or cancellation the whole process tree is killed. Whether it may
 * run at all, and who answers for arguments that could bypass the file protections (inline
 * code, git configuration, protected files or .git named), is the host's: VS Code refuses it in
 * an untrusted workspace and asks the user; the disk host needs --allow-exec and refuses those
 * arguments (nobody can be asked).
 */
export const executeProgramTool: ToolDefinition<ExecuteProgramInput> = {
  name: 'execute_program',
  progress: (input) => `Running ${String(input.program)}`,
  async invoke(input, ctx) {
    const { host } = ctx;
    const refused = host.exec.refusal(ctx.client);
    if (refused) return failureResult(refused);
    const settings = host.settings();
    const timeout = input.timeout_ms ?? settings.executeDefaultTimeoutMs;
    if (timeout > settings.executeMaxTimeoutMs) {
      return failureResult(fail('INVALID_INPUT', `timeout_ms ${timeout} is above the maximum of ${settings.executeMaxTimeoutMs} (setting safeEdit.execute.maxTimeoutMs).`, { field: 'timeout_ms' }).failure);
    }
    const roots = host.files.roots();
    if (roots.length === 0) return failureResult(fail('PATH_DENIED', 'No workspace folder is open; execute_program runs programs inside a workspace only.', { reason: 'NO_WORKSPACE' }).failure);
    const cwd = await resolveCwd(input.cwd, roots);
    if (!cwd.ok) return failureResult(cwd.failure);
    const program = await resolveProgram(input.program, { workspaceRoots: roots, cwd: cwd.path, protectedDirs: [host.storageDir] });
    if (!program.ok) return failureResult(program.failure);
    const risks = await checkArguments({
      programPath: program.path, args: input.args, cwd: cwd.path, workspaceRoots: roots.map((r) => r.path), hasStdin: input.stdin !== undefined,
      extraGlobs: settings.protectedFiles, caseInsensitive: process.platform === 'win32' || process.platform === 'darwin',
    });
    const denied = await host.exec.confirm({
      program: input.program, resolvedPath: program.path, args: input.args, cwd: cwd.path, stdinChars: input.stdin?.length,
      risks: risks.map((r) => ({ kind: r.kind, index: r.index, reason: r.reason })), client: ctx.client,
    });
    if (denied) return failureResult(denied);
    const abort = new AbortController();
    const sub = ctx.token.onCancellationRequested(() => abort.abort());
    try {
      const start = () => runProgram({ program: program.path, args: input.args, cwd: cwd.path, timeoutMs: timeout, stdin: input.stdin, maxOutputBytes: settings.executeMaxOutputBytes, signal: abort.signal, env: programEnvironment() });
      // Where the host records other writers, the files the program changes become one change in the history.
      const recorder = host.writers;
      const around = recorder
        ? await recorder.aroundProgram([input.program, ...input.args], host.turnIdFor(ctx.invocationToken), ctx.client, start)
        : { result: await start(), recorded: undefined };
      const run = around.result;
      if (!run.ok) return failureResult(run.failure);
      const { ok: _ok, ...outcome } = run;
      return { ...runAnswer(input.program, program.path, timeout, outcome), ...(around.recorded ? filesChangedFields(around.recorded) : {}) };
    } finally {
      sub.dispose();
    }
  },
};

/**
 * The files the run created, changed or deleted, as the result lists them: one change in the
 * history (rollback_file of any of them, with `group`, undoes them all).
 */
function filesChangedFields(recorded: RecordedChanges): Record<string, unknown> {
  const change = (f: RecordedChanges['files'][number]) => ({ path: f.path, change: f.kind === 'create' ? 'created' : f.kind === 'delete' ? 'deleted' : 'modified' });
  const files = recorded.files.filter((f) => f.writer === 'execute_program').map(change);
  // A file the user saved while the program ran is the user's change, not the run's: named apart, never the agent's to undo.
  const users = recorded.files.filter((f) => f.writer === 'user').map(change);
  return {
    files_changed: files.slice(0, MAX_LISTED_FILES),
    ...(users.length > 0 ? { changed_by_the_user_meanwhile: users.slice(0, MAX_LISTED_FILES) } : {}),
    ...(files.length > MAX_LISTED_FILES ? { files_changed_total: files.length } : {}),
    ...(recorded.groupId ? { backup_group_id: recorded.groupId } : {}),
    ...(recorded.skipped.length > 0 ? { files_not_recorded: recorded.skipped.slice(0, MAX_LISTED_FILES) } : {}),
  };
}
