import { runAnswer } from '../exec/run-answer';
import * as vscode from 'vscode';
import { programEnvironment, resolveCwd, resolveProgram, runProgram } from '../exec';
import { checkArguments } from '../exec/check-arguments';
import { confirmationText } from '../exec/confirmation-text';
import type { ArgRisk } from '../exec/risky-args';
import type { Services } from './services';
import { fail } from '../core/types';
import { workspaceRoots } from '../workspace/resolve-target';
import { failureResult } from './tool-result';
import type { ToolDefinition } from './tool-runner';

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
  async prepare(input, services) {
    const args = Array.isArray(input.args) ? input.args.map(String) : [];
    const roots = workspaceRoots();
    const cwd = roots.length > 0 ? await resolveCwd(input.cwd, roots) : undefined;
    const cwdPath = cwd?.ok ? cwd.path : undefined;
    const program = roots.length > 0 ? await resolveProgram(input.program, { workspaceRoots: roots, cwd: cwdPath, protectedDirs: [services.storageDir] }) : undefined;
    const resolvedPath = program?.ok ? program.path : undefined;
    const risks = resolvedPath !== undefined && cwdPath !== undefined ? await risksOf(services, resolvedPath, args, cwdPath, input.stdin !== undefined) : [];
    const text = confirmationText({ program: String(input.program), resolvedPath, args, cwd: cwdPath ?? (input.cwd !== undefined ? String(input.cwd) : undefined), stdinChars: input.stdin !== undefined ? String(input.stdin).length : undefined, risks });
    const md = new vscode.MarkdownString();
    md.appendMarkdown(`${text.intro}\n\n`);
    md.appendCodeblock(text.code, 'text');
    // Notes quote agent text: one line each (no line can open or close a fence), in a code block.
    if (text.notes.length > 0) md.appendCodeblock(text.notes.map((n) => n.replace(/[\r\n\u2028\u2029]/g, ' ')).join('\n'), 'text');
    return {
      invocationMessage: `Running ${String(input.program)}`,
      confirmationMessages: { title: `Run ${resolvedPath ?? String(input.program)}?`, message: md },
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
    const risks = await risksOf(ctx.services, program.path, input.args, cwd.path, input.stdin !== undefined);
    if (risks.length > 0) {
      const consent = await askForRisks(ctx.services, program.path, input, cwd.path, risks);
      if (consent) return failureResult(consent);
    }
    const abort = new AbortController();
    const sub = ctx.token.onCancellationRequested(() => abort.abort());
    try {
      const run = await runProgram({ program: program.path, args: input.args, cwd: cwd.path, timeoutMs: timeout, stdin: input.stdin, maxOutputBytes: settings.executeMaxOutputBytes, signal: abort.signal, env: programEnvironment() });
      if (!run.ok) return failureResult(run.failure);
      const { ok: _ok, ...outcome } = run;
      return runAnswer(input.program, program.path, timeout, outcome);
    } finally {
      sub.dispose();
    }
  },
};

function risksOf(services: Services, programPath: string, args: readonly string[], cwd: string, hasStdin: boolean): Promise<ArgRisk[]> {
  const roots = workspaceRoots().map((r) => r.path);
  return checkArguments({ programPath, args, cwd, workspaceRoots: roots, hasStdin, extraGlobs: services.settings().protectedFiles, caseInsensitive: process.platform === 'win32' || process.platform === 'darwin' });
}

const RUN_ONCE = 'Run This Once';

/**
 * Risky argument shapes are decided here, in invoke, not by the chat's confirmation: VS
 * Code's "Always Allow" skips prepareInvocation's dialog, and must not turn execute_program
 * into a way around the file protections. Off by default (PERMISSION_DENIED naming the user
 * setting); with the setting on, a modal asks every time. Returns the failure, or undefined
 * when the user allowed the call.
 */
async function askForRisks(services: Services, programPath: string, input: ExecuteProgramInput, cwd: string, risks: ArgRisk[]) {
  const settings = services.settings();
  const code = risks.filter((r) => r.kind === 'INLINE_CODE' || r.kind === 'GIT_CONFIG' || r.kind === 'TOO_MANY_ARGUMENTS');
  const paths = risks.filter((r) => r.kind === 'SENSITIVE_PATH' || r.kind === 'GIT_INTERNALS');
  const reasons = risks.map((r) => r.reason).join('; ');
  const details = { reasons: risks.map((r) => ({ kind: r.kind, index: r.index, reason: r.reason })) };
  const missing = [
    ...(code.length > 0 && !settings.executeAllowInlineCode ? ['safeEdit.execute.allowInlineCode'] : []),
    ...(paths.length > 0 && !settings.executeAllowProtectedPathArguments ? ['safeEdit.execute.allowProtectedPathArguments'] : []),
  ];
  if (missing.length > 0) {
    return fail('PERMISSION_DENIED', `execute_program refused this call: ${reasons}. Such calls could bypass the file protections, so they are off unless the user turns on ${missing.join(' and ')} in their user settings (and then each is still confirmed). Do not retry with another spelling; use the file tools, or ask the user to run it.`, { ...details, setting: missing[0] }).failure;
  }
  const text = confirmationText({ program: input.program, resolvedPath: programPath, args: input.args, cwd, stdinChars: input.stdin?.length, risks });
  const answer = await services.ask({
    message: `An agent wants to run ${programPath} with arguments that need your answer every time.`,
    // The reasons first: they name the risky arguments even when a long argv is shortened.
    detail: shorten(`${text.notes.join('\n')}\n\n${text.code}`, 6000),
    choices: [RUN_ONCE],
    yes: RUN_ONCE,
  });
  if (answer === RUN_ONCE) return undefined;
  return fail('PERMISSION_DENIED', `The user declined to run ${input.program} (${reasons}). Nothing was run. Do not retry; ask the user what they want instead.`, details).failure;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n… (${text.length - max} more characters)`;
}
