import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import { readArgs } from './commands/args';
import { MCP_CONFIGURATION_TOOL, SETUP_AGENTS_TOOL } from './commands/command-tools';
import { writeWorkspaceFile } from './commands/write-workspace-file';
import type { Services } from './hosts/vscode/services';
import { AGENTS, AgentName } from './hooks/hook-call';
import { AGENT_FILES, Scope } from './hooks/setup/agent-files';
import { hookCommandLine } from './hooks/setup/hook-command';
import { FileEdit, planSetup } from './hooks/setup/plan';
import { makeUserOnly, writeThroughHistory } from './hooks/setup/write-through-history';
import { installCliLauncher } from './mcp/cli-launcher';
import { CLIENT_CONFIGS, stdioEntry } from './mcp/client-configs';
import type { McpConnection } from './mcp';
import { helperConnection } from './mcp/write-configurations';

// "Set Up Agent Safe Edit for Other Agents…" lives beside the entry points because it joins the
// MCP side (the connection helper's entries, mcp/) with the hooks' setup plans (hooks/setup/),
// two layers of one rank that may not import each other.

export const SET_UP_AGENTS_COMMAND = 'agentSafeEdit.setUpAgents';

/** The command's argument: the questions' answers (tests, and "Write MCP Configuration…", which is this command for MCP entries only). */
interface SetupArg {
  agents?: string[];
  scope?: Scope;
  strict?: boolean;
  remove?: boolean;
  only?: 'mcp' | 'hooks';
}

/**
 * Registers the command and keeps the CLI launcher (the stable path the hook commands run)
 * pointing at this extension's dist/cli.js: rewritten at activation when it differs.
 */
export function registerSetUpAgents(context: vscode.ExtensionContext, services: Services): void {
  const dir = nodePath.join(context.globalStorageUri.fsPath, 'mcp');
  const extensionCli = nodePath.join(context.extensionUri.fsPath, 'dist', 'cli.js');
  const launcher = () => installCliLauncher(extensionCli, dir);
  try {
    launcher();
  } catch (error) {
    services.log(`[setup] could not write the CLI launcher: ${(error as Error).message}`);
  }
  context.subscriptions.push(vscode.commands.registerCommand(SET_UP_AGENTS_COMMAND, async (arg: unknown) => {
    try {
      return await setUpAgents(services, launcher, arg);
    } catch (e) {
      const message = `Agent Safe Edit: setting up the agents failed: ${e instanceof Error ? e.message : String(e)}`;
      services.log(message);
      void vscode.window.showErrorMessage(message);
      return { ok: false, message };
    }
  }));
}

/**
 * For each agent picked: our MCP server's entry (the connection helper's, as "Write MCP
 * Configuration" wrote it: no token in it) and our hooks (`node <launcher> hook AGENT`, the
 * launcher loading this extension's CLI), in the workspace's or the user's configuration
 * files, merged into what is there (hooks/setup/plan.ts). Each changed file is shown as a diff
 * and one modal dialog asks before anything is written. Workspace files are written like every
 * change of a command (backed up, Roll Back File undoes them) and made readable by the user
 * only; the user's own files go through the home folder's history on the disk host, as the
 * CLI's `setup` writes them. `{agents, scope, strict?, remove?, confirm: false, uiToken}` skips
 * the questions.
 */
async function setUpAgents(services: Services, launcher: () => string, raw: unknown) {
  const arg = (raw !== null && typeof raw === 'object' ? raw : {}) as SetupArg;
  const confirm = readArgs(raw).confirm;
  const only = arg.only === 'mcp' || arg.only === 'hooks' ? arg.only : undefined;
  let agents = (Array.isArray(arg.agents) ? arg.agents : []).filter((a): a is AgentName => (AGENTS as readonly string[]).includes(a));
  if (only === 'mcp') agents = agents.filter((a) => AGENT_FILES[a].mcp);
  let scope: Scope = arg.scope === 'user' ? 'user' : 'workspace';
  let strict = arg.strict === true;
  let remove = arg.remove === true;
  if (!agents.length || confirm !== false) {
    const answers = await ask(agents, only);
    if (!answers) return { ok: false, cancelled: true, message: 'Cancelled; nothing was written.' };
    ({ agents, scope, strict, remove } = answers);
  }
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (scope === 'workspace' && folder?.uri.scheme !== 'file') return fail('Agent Safe Edit: open a folder first, or set up the agents for your user.');
  const base = scope === 'user' ? os.homedir() : folder!.uri.fsPath;
  const label = (rel: string) => (scope === 'user' ? `~/${rel}` : rel);

  const connection = remove ? undefined : await vscode.commands.executeCommand<McpConnection | undefined>('agentSafeEdit.showMcpConnection', { quiet: true });
  const helper = connection && helperConnection(connection);
  if (!remove && !helper && only === 'mcp') return fail('Agent Safe Edit: the MCP server is off (safeEdit.mcp.enabled) or its connection helper could not be written; see the "Agent Safe Edit" output.');
  const script = only === 'mcp' ? '' : launcher();
  const files = planSetup({
    agents, scope, remove, only,
    hookCommand: (agent) => hookCommandLine({ kind: 'node', node: 'node', script }, agent, strict, process.platform),
    mcpEntry: (agent) => (helper ? (agent === 'claude-code' ? CLIENT_CONFIGS['claude-code'].entry(helper) : stdioEntry(helper)) : undefined),
  });

  const changed: { file: FileEdit; current: string | undefined; text: string | undefined }[] = [];
  for (const file of files) {
    const current = readText(nodePath.join(base, file.rel));
    const next = file.edit(current);
    if (!next.ok) return fail(`Agent Safe Edit: ${next.message} Nothing was written.`);
    if (next.text !== current) changed.push({ file, current, text: next.text });
  }
  const names = agents.map((a) => AGENT_FILES[a].label).join(', ');
  if (!changed.length) return done({ ok: true, message: `Agent Safe Edit: ${names}: ${remove ? 'none of our entries are there' : 'already set up'}; nothing to change.`, files: {} });

  if (confirm !== false) {
    for (const c of changed) await services.proposed.openDiff(label(c.file.rel), c.current ?? '', c.text ?? '');
    const go = remove ? 'Remove' : 'Write';
    const answer = await vscode.window.showWarningMessage(
      `${remove ? 'Remove Agent Safe Edit from' : 'Set up Agent Safe Edit for'} ${names}: change ${changed.length} file(s)?`,
      { modal: true, detail: `${changed.map((c) => label(c.file.rel)).join('\n')}\n\nThe diffs are open. Each file is backed up first; Roll Back File (workspace) or the headless server's rollback_file (your own files) undoes it.${helper || remove || only === 'hooks' ? '' : '\nThe MCP server is off, so only the hooks are written.'}` },
      go,
    );
    if (answer !== go) return { ok: false, cancelled: true, message: 'Cancelled; nothing was written.' };
  }

  const tool = only === 'mcp' ? MCP_CONFIGURATION_TOOL : SETUP_AGENTS_TOOL;
  const outcomes: Record<string, string> = {};
  if (scope === 'workspace') {
    for (const { file } of changed) {
      const written = await writeWorkspaceFile(services, folder!.uri, file.rel, tool, (current) => {
        const r = file.edit(current);
        if (!r.ok) return r;
        return r.text === undefined ? { ok: false, message: 'it no longer exists' } : { ok: true, text: r.text };
      }, () => true);
      if (!written.ok) return fail(`Agent Safe Edit: ${file.rel} could not be written: ${written.message}`, outcomes);
      makeUserOnly(nodePath.join(base, file.rel), services.log);
      outcomes[file.rel] = written.outcome;
    }
  } else {
    const result = await writeThroughHistory(base, changed.map((c) => c.file), services.log, { tool });
    if (result.message) return fail(`Agent Safe Edit: nothing was written: ${result.message}`);
    for (const w of result.written) outcomes[label(w.rel)] = w.ok ? w.message : `not written: ${w.message}`;
    if (!result.ok) return fail(`Agent Safe Edit: not every file could be written: ${Object.entries(outcomes).map(([f, o]) => `${f} ${o}`).join('; ')}`, outcomes);
  }
  const summary = Object.entries(outcomes).map(([f, o]) => `${f} ${o}`).join('; ');
  return done({ ok: true, message: `Agent Safe Edit: ${remove ? 'removed from' : 'set up for'} ${names} (${summary}). Restart the agents to pick it up.`, files: outcomes });
}

/** The questions: which agents, where, and what (set up, strict, or remove). */
async function ask(preselected: AgentName[], only: 'mcp' | 'hooks' | undefined): Promise<{ agents: AgentName[]; scope: Scope; strict: boolean; remove: boolean } | undefined> {
  const offered = AGENTS.filter((a) => only !== 'mcp' || AGENT_FILES[a].mcp);
  const picked = await vscode.window.showQuickPick(offered.map((id) => ({ label: AGENT_FILES[id].label, description: id, picked: preselected.includes(id), id })), {
    canPickMany: true,
    placeHolder: only === 'mcp' ? "Write the Agent Safe Edit MCP server into which agents' configuration? (no token goes into it)" : 'Set up Agent Safe Edit (MCP server and hooks) for which agents?',
  });
  if (!picked?.length) return undefined;
  const where = await vscode.window.showQuickPick([
    { label: 'This workspace', description: 'the agents\' files in the workspace folder', scope: 'workspace' as const },
    { label: 'My user', description: 'the agents\' files in your home folder (every project)', scope: 'user' as const },
  ], { placeHolder: 'Where?' });
  if (!where) return undefined;
  const modes = [
    { label: 'Set up', description: 'record their own edits and shell commands in the history', strict: false, remove: false },
    ...(only === 'mcp' ? [] : [{ label: 'Set up in strict mode', description: 'also deny their own edit tools, so they use the hash-checked ones', strict: true, remove: false }]),
    { label: 'Remove', description: 'take Agent Safe Edit\'s entries out again, leaving the rest', strict: false, remove: true },
  ];
  const mode = await vscode.window.showQuickPick(modes, { placeHolder: 'What?' });
  if (!mode) return undefined;
  return { agents: picked.map((p) => p.id), scope: where.scope, strict: mode.strict, remove: mode.remove };
}

function readText(file: string): string | undefined {
  try {
    const text = fs.readFileSync(file, 'utf8');
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  } catch {
    return undefined;
  }
}

function done(outcome: { ok: boolean; message: string; files: Record<string, string> }) {
  void (outcome.ok ? vscode.window.showInformationMessage(outcome.message) : vscode.window.showWarningMessage(outcome.message));
  return outcome;
}

function fail(message: string, files: Record<string, string> = {}) {
  return done({ ok: false, message, files });
}
