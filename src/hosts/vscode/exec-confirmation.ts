import * as vscode from 'vscode';
import { resolveCwd, resolveProgram } from '../../exec';
import { checkArguments } from '../../exec/check-arguments';
import { confirmationText } from '../../exec/confirmation-text';
import { fail, Failure } from '../../core/types';
import type { ExecConfirmation, ExecHost } from '../../engine/host';
import type { ExecuteProgramInput } from '../../engine/tools/execute-program';
import type { UserPrompt } from '../../engine/host';
import type { SafeEditSettings } from '../../core/settings';
import { workspaceRoots } from './resolve-target';

/** The chat's confirmation of an execute_program call: the resolved program, its arguments one per line, the folder, the risks. */
export async function executeConfirmation(input: ExecuteProgramInput, services: { storageDir: string; settings(): SafeEditSettings }): Promise<vscode.PreparedToolInvocation['confirmationMessages']> {
  const args = Array.isArray(input.args) ? input.args.map(String) : [];
  const roots = workspaceRoots();
  const cwd = roots.length > 0 ? await resolveCwd(input.cwd, roots) : undefined;
  const cwdPath = cwd?.ok ? cwd.path : undefined;
  const program = roots.length > 0 ? await resolveProgram(input.program, { workspaceRoots: roots, cwd: cwdPath, protectedDirs: [services.storageDir] }) : undefined;
  const resolvedPath = program?.ok ? program.path : undefined;
  const risks = resolvedPath !== undefined && cwdPath !== undefined
    ? await checkArguments({ programPath: resolvedPath, args, cwd: cwdPath, workspaceRoots: roots.map((r) => r.path), hasStdin: input.stdin !== undefined, extraGlobs: services.settings().protectedFiles, caseInsensitive: process.platform === 'win32' || process.platform === 'darwin' })
    : [];
  const text = confirmationText({ program: String(input.program), resolvedPath, args, cwd: cwdPath ?? (input.cwd !== undefined ? String(input.cwd) : undefined), stdinChars: input.stdin !== undefined ? String(input.stdin).length : undefined, risks });
  const md = new vscode.MarkdownString();
  md.appendMarkdown(`${text.intro}\n\n`);
  md.appendCodeblock(text.code, 'text');
  // Notes quote agent text: one line each (no line can open or close a fence), in a code block.
  if (text.notes.length > 0) md.appendCodeblock(text.notes.map((n) => n.replace(/[\r\n\u2028\u2029]/g, ' ')).join('\n'), 'text');
  return { title: `Run ${resolvedPath ?? String(input.program)}?`, message: md };
}

const RUN_ONCE = 'Run This Once';

/**
 * execute_program in VS Code: off in an untrusted workspace, and for MCP clients unless the
 * user's own setting allows it (then every run is asked). Risky argument shapes are decided
 * in invoke, not by the chat's confirmation: VS Code's "Always Allow" skips that dialog, and
 * must not turn execute_program into a way around the file protections. Off by default
 * (PERMISSION_DENIED naming the user setting); with the setting on, a modal asks every time.
 */
export function vscodeExecHost(services: { settings(): SafeEditSettings; ask(prompt: UserPrompt): Promise<string | undefined> }): ExecHost {
  return {
    refusal(client) {
      if (!vscode.workspace.isTrusted) {
        return fail('WORKSPACE_UNTRUSTED', 'execute_program is disabled because this workspace is not trusted (Workspace Trust). Ask the user to trust the workspace, or have them run the program.').failure;
      }
      if (isMcpClient(client) && !services.settings().mcpAllowExecuteProgram) {
        return fail('PERMISSION_DENIED', `execute_program is off for MCP clients: a program run for an agent outside the chat needs the user to turn on ${MCP_EXEC_SETTING} in their user settings (and then each run is still asked in VS Code). Nothing was run. Ask the user to run the program, or to turn the setting on.`, { setting: MCP_EXEC_SETTING }).failure;
      }
      return undefined;
    },
    async confirm(call) {
      // One dialog per call: the risky-argument dialog already names the whole call.
      if (call.risks.length > 0) return askForRisks(services, call);
      if (isMcpClient(call.client)) return askForMcpRun(services, call);
      return undefined;
    },
  };
}

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
async function askForMcpRun(services: { ask(prompt: UserPrompt): Promise<string | undefined> }, call: ExecConfirmation): Promise<Failure | undefined> {
  const text = confirmationText({ program: call.program, resolvedPath: call.resolvedPath, args: call.args, cwd: call.cwd, stdinChars: call.stdinChars, risks: [] });
  const detail = `${[...text.notes, text.intro].join('\n')}\n\n${text.code}`;
  // Never ask about a call the dialog cannot show whole: the user would allow what they did not see.
  if (detail.length > MAX_DIALOG_CHARS) {
    return fail('PERMISSION_DENIED', `This execute_program call is too long to show the user in full (${detail.length} characters of program, arguments and folder; at most ${MAX_DIALOG_CHARS}), so it was not run. Use fewer or shorter arguments (a file of input instead), or ask the user to run it.`).failure;
  }
  // The client's name is the agent's own text: one quoted line, bounded.
  const who = JSON.stringify((call.client ?? 'mcp').slice(0, 80)).replace(/[\u2028\u2029]/g, ' ');
  const answer = await services.ask({ message: `An MCP client (${who}) wants to run ${call.resolvedPath}.`, detail, choices: [RUN_ONCE], yes: RUN_ONCE });
  if (answer === RUN_ONCE) return undefined;
  return fail('PERMISSION_DENIED', `The user declined to run ${call.program}. Nothing was run. Do not retry; ask the user what they want instead.`).failure;
}

async function askForRisks(services: { settings(): SafeEditSettings; ask(prompt: UserPrompt): Promise<string | undefined> }, call: ExecConfirmation): Promise<Failure | undefined> {
  const settings = services.settings();
  const { risks } = call;
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
  const text = confirmationText({ program: call.program, resolvedPath: call.resolvedPath, args: call.args, cwd: call.cwd, stdinChars: call.stdinChars, risks: risks as never });
  const answer = await services.ask({
    message: `An agent wants to run ${call.resolvedPath} with arguments that need your answer every time.`,
    // The reasons first: they name the risky arguments even when a long argv is shortened.
    detail: shorten(`${text.notes.join('\n')}\n\n${text.code}`, MAX_DIALOG_CHARS),
    choices: [RUN_ONCE],
    yes: RUN_ONCE,
  });
  if (answer === RUN_ONCE) return undefined;
  return fail('PERMISSION_DENIED', `The user declined to run ${call.program} (${reasons}). Nothing was run. Do not retry; ask the user what they want instead.`, details).failure;
}

function shorten(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}\n… (${text.length - max} more characters)`;
}
