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
    const overMcp = isMcpClient(ctx.client);
    if (overMcp && !settings.mcpAllowExecuteProgram) {
      return failureResult(fail('PERMISSION_DENIED', `execute_program is off for MCP clients: a program run for an agent outside the chat needs the user to turn on ${MCP_EXEC_SETTING} in their user settings (and then each run is still asked in VS Code). Nothing was run. Ask the user to run the program, or to turn the setting on.`, { setting: MCP_EXEC_SETTING }).failure);
    }
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
    // One dialog per call: the risky-argument dialog already names the whole call.
    if (risks.length > 0) {
      const consent = await askForRisks(ctx.services, program.path, input, cwd.path, risks);
      if (consent) return failureResult(consent);
    } else if (overMcp) {
      const consent = await askForMcpRun(ctx.services, program.path, input, cwd.path, ctx.client ?? 'mcp');
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
const MCP_EXEC_SETTING = 'safeEdit.mcp.allowExecuteProgram';
/** The longest call text a dialog shows (the rest of VS Code's modal would be cut off). */
const MAX_DIALOG_CHARS = 6000;

/** Calls from our MCP server carry the client as "mcp:<name>" (src/mcp/index.ts). */
function isMcpClient(client: string | undefined): boolean {
  return client !== undefined && client.startsWith('mcp:');
}

/**
 * An MCP call never passes through prepareInvocation, which holds the chat's confirmation:
 * whoever holds the server's token would otherwise run programs with no question (a program
 * the agent has just written, say). So every run is asked here, in a modal naming the
 * resolved program, each argument and the folder, whatever was allowed before.
 */
async function askForMcpRun(services: Services, programPath: string, input: ExecuteProgramInput, cwd: string, client: string) {
  const text = confirmationText({ program: input.program, resolvedPath: programPath, args: input.args, cwd, stdinChars: input.stdin?.length, risks: [] });
  const detail = `${[...text.notes, text.intro].join('\n')}\n\n${text.code}`;
  // Never ask about a call the dialog cannot show whole: the user would allow what they did not see.
  if (detail.length > MAX_DIALOG_CHARS) {
    return fail('PERMISSION_DENIED', `This execute_program call is too long to show the user in full (${detail.length} characters of program, arguments and folder; at most ${MAX_DIALOG_CHARS}), so it was not run. Use fewer or shorter arguments (a file of input instead), or ask the user to run it.`).failure;
  }
  // The client's name is the agent's own text: one quoted line, bounded.
  const who = JSON.stringify(client.slice(0, 80)).replace(/[\u2028\u2029]/g, ' ');
  const answer = await services.ask({ message: `An MCP client (${who}) wants to run ${programPath}.`, detail, choices: [RUN_ONCE], yes: RUN_ONCE });
  if (answer === RUN_ONCE) return undefined;
  return fail('PERMISSION_DENIED', `The user declined to run ${input.program}. Nothing was run. Do not retry; ask the user what they want instead.`).failure;
}

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
    detail: shorten(`${text.notes.join('\n')}\n\n${text.code}`, MAX_DIALOG_CHARS),
    choices: [RUN_ONCE],
    yes: RUN_ONCE,
  });
  if (answer === RUN_ONCE) return undefined;
  return fail('PERMISSION_DENIED', `The user declined to run ${input.program} (${reasons}). Nothing was run. Do not retry; ask the user what they want instead.`, details).failure;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n… (${text.length - max} more characters)`;
}
