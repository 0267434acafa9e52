import * as vscode from 'vscode';
import { resolveCwd, resolveProgram, runProgram } from '../exec';
import { fail } from '../core/types';
import { workspaceRoots } from '../workspace/resolve-target';
import { failureResult } from './tool-result';
import type { ToolDefinition } from './tool-runner';

/**
 * The extension host's environment minus what only makes sense inside it: with
 * ELECTRON_RUN_AS_NODE an Electron app (VS Code itself) would start as plain Node, and the
 * VSCODE_* variables describe this host's IPC channels, not the program's.
 */
function programEnvironment(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (k === 'ELECTRON_RUN_AS_NODE' || k.startsWith('VSCODE_')) continue;
    env[k] = v;
  }
  return env;
}

export interface ExecuteProgramInput {
  program: string;
  args: string[];
  cwd?: string;
  timeout_ms?: number;
  stdin?: string;
}

/**
 * execute_program: one program, an argv array, no shell — each element of `args` reaches the
 * program as exactly one argument ("5 + 3" stays one argument). Refused in untrusted
 * workspaces. On timeout or cancellation the whole process tree is killed.
 */
export const executeProgramTool: ToolDefinition<ExecuteProgramInput> = {
  name: 'execute_program',
  prepare(input) {
    const argv = [String(input.program), ...(Array.isArray(input.args) ? input.args.map(String) : [])];
    const md = new vscode.MarkdownString();
    md.appendMarkdown(`Run without a shell, each line one argument${input.cwd ? ` (in \`${String(input.cwd)}\`)` : ''}:\n\n`);
    md.appendCodeblock(argv.map((a, i) => `argv[${i}] = ${JSON.stringify(a)}`).join('\n'), 'text');
    if (input.stdin !== undefined) md.appendMarkdown(`\nwith ${String(input.stdin).length} characters on standard input.`);
    return {
      invocationMessage: `Running ${String(input.program)}`,
      confirmationMessages: { title: `Run ${String(input.program)}?`, message: md },
    };
  },
  async invoke(input, ctx) {
    if (!vscode.workspace.isTrusted) {
      return failureResult(fail('WORKSPACE_UNTRUSTED', 'execute_program is disabled because this workspace is not trusted (Workspace Trust). Ask the user to trust the workspace, or have them run the program.').failure);
    }
    const settings = ctx.services.settings();
    const timeout = input.timeout_ms ?? settings.executeDefaultTimeoutMs;
    if (timeout > settings.executeMaxTimeoutMs) {
      return failureResult(fail('INVALID_INPUT', `timeout_ms ${timeout} is above the maximum of ${settings.executeMaxTimeoutMs} (setting safeEdit.execute.maxTimeoutMs).`, { field: 'timeout_ms' }).failure);
    }
    const roots = workspaceRoots();
    if (roots.length === 0) return failureResult(fail('PATH_DENIED', 'No workspace folder is open; execute_program runs programs inside a workspace only.', { reason: 'NO_WORKSPACE' }).failure);
    const cwd = await resolveCwd(input.cwd, roots);
    if (!cwd.ok) return failureResult(cwd.failure);
    const program = await resolveProgram(input.program, { workspaceRoots: roots, cwd: cwd.path, protectedDirs: [ctx.services.storageDir] });
    if (!program.ok) return failureResult(program.failure);
    const abort = new AbortController();
    const sub = ctx.token.onCancellationRequested(() => abort.abort());
    try {
      const run = await runProgram({ program: program.path, args: input.args, cwd: cwd.path, timeoutMs: timeout, stdin: input.stdin, maxOutputBytes: settings.executeMaxOutputBytes, signal: abort.signal, env: programEnvironment() });
      if (!run.ok) return failureResult(run.failure);
      const { ok: _ok, ...outcome } = run;
      const how = run.cancelled ? 'was cancelled (process tree killed)' : run.timed_out ? `timed out after ${timeout} ms (process tree killed)` : run.signal ? `was ended by ${run.signal}` : `exited with code ${run.exit_code}`;
      return {
        success: !run.cancelled && !run.timed_out,
        ...(run.cancelled ? { error_type: 'CANCELLED' } : {}),
        message: `${input.program} ${how} in ${run.duration_ms} ms.`,
        program: program.path,
        ...outcome,
      };
    } finally {
      sub.dispose();
    }
  },
};
