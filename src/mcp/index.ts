import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import { MCP_PROVIDER_ID } from '../core/catalog/manifest';
import { TOOL_NAMES } from '../core/catalog/tool-sets';
import type { Services } from '../tools/services';
import type { SafeTool } from '../tools/tool-runner';
import { CallTool, McpEndpoint, startMcpHttpServer } from './http-server';
import { ClientId, CLIENT_CONFIGS, Connection, SERVER_NAME, stdioEntry, withOurServer } from './client-configs';
import { removeConnectionFile, writeConnectionFile } from './connection-file';
import { installHelper } from './helper-install';
import { writeWorkspaceFile } from '../commands/write-workspace-file';
import { MCP_CONFIGURATION_TOOL } from '../commands/command-tools';
import { readArgs } from '../commands/args';

export interface McpConnection {
  url: string;
  token: string;
  /** Names of the MCP clients with an open session. */
  clients: string[];
  /** The workspace folder whose connection file this server wrote (its real path), if any. */
  workspace?: string;
  /** The user-only file that tells the helper the URL and token. */
  connectionFile?: string;
  /** The connection helper client configurations run (installed beside the connection files). */
  helper?: string;
}

export interface McpService {
  /** The live connection, or undefined while the server is off (setting) or failed to start. */
  connection(): McpConnection | undefined;
}

/**
 * The MCP side of the extension: the server (src/mcp/http-server.ts) while `safeEdit.mcp.enabled`
 * is on, the server definition VS Code's MCP support (and its Agent Host sessions) start from,
 * and the command that shows the connection for agents outside VS Code. Calls go through the
 * very SafeTool objects vscode.lm.registerTool got; the history records the client by name
 * ("mcp:<name>") and each MCP session is a chat session of its own for turn grouping.
 */
export function registerMcp(context: vscode.ExtensionContext, services: Services, tools: Map<string, SafeTool<unknown>>): McpService {
  const version = String((context.extension.packageJSON as { version?: string }).version ?? '0.0.0');
  const changed = new vscode.EventEmitter<void>();
  let endpoint: McpEndpoint | undefined;
  let published: Published | undefined;
  let starting: Promise<void> | undefined;
  const privateDir = nodePath.join(context.globalStorageUri.fsPath, 'mcp');
  // Earlier versions kept one token forever in secret storage; it is dead now, so drop it.
  void Promise.resolve(context.secrets.delete(OLD_TOKEN_KEY)).catch(() => undefined);

  const callTool: CallTool = async (name, args, call) => {
    const tool = tools.get(name);
    if (!tool) {
      const result = { success: false, error_type: 'INVALID_INPUT', message: `There is no tool "${name}". The tools are: ${TOOL_NAMES.join(', ')}.` };
      return { result, text: JSON.stringify(result) };
    }
    const cancel = new vscode.CancellationTokenSource();
    const onAbort = () => cancel.cancel();
    call.signal.addEventListener('abort', onAbort, { once: true });
    try {
      // The same shape as a chat's token (a session resource), so TurnIds groups an MCP session's calls into turns.
      return await tool.call(args, cancel.token, { sessionResource: `mcp:${call.sessionId}` }, call.client);
    } finally {
      call.signal.removeEventListener('abort', onAbort);
      cancel.dispose();
    }
  };

  const apply = async (): Promise<void> => {
    const want = services.settings().mcpEnabled;
    if (want && !endpoint) {
      try {
        endpoint = await startMcpHttpServer({ version, callTool, log: services.log, port: context.workspaceState.get<number>(PORT_KEY) });
        await context.workspaceState.update(PORT_KEY, Number(new URL(endpoint.url).port));
        published = publish(context, privateDir, endpoint, services.log);
        services.log(`[mcp] serving on ${endpoint.url}`);
      } catch (error) {
        services.log(`[mcp] could not start: ${(error as Error).message}`);
      }
      changed.fire();
    } else if (!want && endpoint) {
      const old = endpoint;
      unpublish();
      endpoint = undefined;
      changed.fire();
      await old.close();
      services.log('[mcp] stopped (safeEdit.mcp.enabled is off)');
    }
  };
  const reapply = () => { starting = (starting ?? Promise.resolve()).then(apply); return starting; };
  void reapply();

  context.subscriptions.push(
    changed,
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('safeEdit.mcp.enabled')) void reapply();
      else if (e.affectsConfiguration(AGENT_HOST_SETTING) || e.affectsConfiguration('safeEdit.mcp.offerToVSCode')) changed.fire();
    }),
    vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
      onDidChangeMcpServerDefinitions: changed.event,
      provideMcpServerDefinitions: async () => {
        await starting;
        if (!endpoint || !(offeredToVSCode() || services.settings().mcpOfferToVSCode)) return [];
        return [new vscode.McpHttpServerDefinition('Agent Safe Edit', vscode.Uri.parse(endpoint.url), { Authorization: `Bearer ${endpoint.token}` }, version)];
      },
    }),
    vscode.commands.registerCommand('agentSafeEdit.showMcpConnection', async (arg?: { quiet?: boolean }) => {
      await starting;
      const connection = current();
      if (arg?.quiet) return connection;
      if (!connection) {
        void vscode.window.showInformationMessage('Agent Safe Edit: the MCP server is off (setting safeEdit.mcp.enabled) or could not start; see the "Agent Safe Edit" output.');
        return undefined;
      }
      const copy = 'Copy Configuration';
      const entry = helperConnection(connection);
      const pick = await vscode.window.showInformationMessage(
        `Agent Safe Edit MCP server: ${connection.url}. Its token is new at every start; clients reach it through the connection helper (Copy Configuration gives a stdio entry that runs it; no token in it). Nothing answers while VS Code is closed.`,
        ...(entry ? [copy] : []),
      );
      if (pick === copy && entry) await vscode.env.clipboard.writeText(clientConfiguration(entry));
      return connection;
    }),
    vscode.commands.registerCommand('agentSafeEdit.writeMcpConfiguration', async (arg?: { clients?: ClientId[]; confirm?: boolean; uiToken?: string }) => {
      await starting;
      return writeConfigurations(services, current(), arg);
    }),
    { dispose: () => { unpublish(); void endpoint?.close(); endpoint = undefined; } },
  );

  /** The connection file goes first when the server stops: no helper hands out a dead server's token. */
  function unpublish(): void {
    if (published?.connectionFile && endpoint) removeConnectionFile(published.connectionFile, endpoint.token);
    published = undefined;
  }

  function current(): McpConnection | undefined {
    return endpoint ? { url: endpoint.url, token: endpoint.token, clients: endpoint.clients(), ...published } : undefined;
  }
  return { connection: current };
}

const AGENT_HOST_SETTING = 'chat.agentHost.enabled';
/** The server's port in this workspace last time (workspace state). */
const PORT_KEY = 'agentSafeEdit.mcp.port';
/** Where earlier versions kept a token for good (removed at start). */
const OLD_TOKEN_KEY = 'agentSafeEdit.mcp.token';

interface Published {
  workspace?: string;
  connectionFile?: string;
  helper?: string;
}

/**
 * Tells clients outside VS Code how to reach this start of the server: the helper is put in
 * the user-only folder, and the URL and this start's token into the workspace's connection
 * file there (0600 in a 0700 folder, outside the workspace). A window without a folder has no
 * workspace configuration to serve, so it writes none. Failures are logged: VS Code's own
 * clients do not need these files.
 */
function publish(context: vscode.ExtensionContext, dir: string, endpoint: McpEndpoint, log: (line: string) => void): Published {
  const out: Published = {};
  try {
    out.helper = installHelper(nodePath.join(context.extensionUri.fsPath, 'dist', 'mcp-connect.js'), dir);
  } catch (error) {
    log(`[mcp] could not install the connection helper: ${(error as Error).message}`);
  }
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder || folder.uri.scheme !== 'file') return out;
  try {
    out.workspace = fs.realpathSync(folder.uri.fsPath);
    out.connectionFile = writeConnectionFile(dir, { url: endpoint.url, token: endpoint.token, pid: process.pid, workspace: out.workspace });
  } catch (error) {
    log(`[mcp] could not write the connection file: ${(error as Error).message}`);
  }
  return out;
}

/**
 * Whether VS Code's own chat gets the server's definition: only with Agent Host sessions on.
 * Without them the chat has our tools already (vscode.lm.registerTool) and Copilot would start
 * the server and offer every tool twice (measured with Copilot Chat 0.67: nine extra
 * `mcp_agent_safe_ed_*` tools in each request); Agent Host sessions get extension tools only
 * through enabled tool sets, but MCP servers always, so there the definition is the way in.
 * Agents outside VS Code use the connection the command shows, whatever this says. (In
 * code-server 4.139.1 the Agent Host is switched by a context key, not by this setting:
 * safeEdit.mcp.offerToVSCode offers the definition regardless.)
 */
function offeredToVSCode(): boolean {
  return vscode.workspace.getConfiguration().get<boolean>(AGENT_HOST_SETTING) === true;
}

/** What a client configuration needs, when the helper and the connection file are in place. */
function helperConnection(c: McpConnection): Connection | undefined {
  return c.helper && c.workspace ? { url: c.url, helper: c.helper, workspace: c.workspace } : undefined;
}

/**
 * "Write MCP Configuration for Other Agents…": our server in the workspace's configuration of
 * the agents picked (Claude Code's .mcp.json, Cursor's .cursor/mcp.json), merged into what is
 * there. Written like every change (backed up, undoable with Roll Back File), then made
 * readable by the user only. No token goes into them: they name the connection helper, which
 * reads this start's token from the user-only file (see client-configs.ts for why each client
 * gets the entry it gets). `{ clients, confirm: false }` skips the questions (tests, with the
 * UI token).
 */
async function writeConfigurations(services: Services, connection: McpConnection | undefined, arg: { clients?: ClientId[]; confirm?: boolean; uiToken?: string } | undefined) {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const entry = connection && helperConnection(connection);
  if (!connection || !folder || !entry) {
    const message = !connection ? 'Agent Safe Edit: the MCP server is off (safeEdit.mcp.enabled), so there is nothing to configure.'
      : !folder ? 'Agent Safe Edit: open a folder first; the configuration is written into the workspace.'
        : 'Agent Safe Edit: the connection helper could not be installed; see the "Agent Safe Edit" output.';
    void vscode.window.showWarningMessage(message);
    return { ok: false, message };
  }
  const args = readArgs(arg);
  let clients = (arg?.clients ?? []).filter((c): c is ClientId => c in CLIENT_CONFIGS);
  if (!clients.length || args.confirm !== false) {
    const picked = await vscode.window.showQuickPick(
      (Object.keys(CLIENT_CONFIGS) as ClientId[]).map((id) => ({ label: CLIENT_CONFIGS[id].label, description: CLIENT_CONFIGS[id].file, picked: clients.includes(id), id })),
      { canPickMany: true, placeHolder: 'Write the Agent Safe Edit MCP server into which agents\' workspace configuration? (no token goes into it: the agent fetches the current one through a helper)' },
    );
    if (!picked?.length) return { ok: false, cancelled: true, message: 'Cancelled; nothing was written.' };
    clients = picked.map((p) => p.id);
  }
  const files: Record<string, string> = {};
  for (const id of clients) {
    const rel = CLIENT_CONFIGS[id].file;
    const written = await writeWorkspaceFile(services, folder.uri, rel, MCP_CONFIGURATION_TOOL, (text) => withOurServer(id, text, entry), () => true);
    if (!written.ok) {
      void vscode.window.showWarningMessage(`Agent Safe Edit: ${written.message}`);
      return { ok: false, message: written.message, files };
    }
    userOnly(nodePath.join(folder.uri.fsPath, rel), services.log);
    files[rel] = written.outcome;
  }
  const message = `Agent Safe Edit: wrote the MCP server into ${Object.keys(files).join(' and ')} (no token in them: the agent fetches the current one through the helper while VS Code runs). They name paths of this machine.`;
  void vscode.window.showInformationMessage(message);
  return { ok: true, message, files };
}

/** Every configuration the extension writes is readable by the user only. */
function userOnly(file: string, log: (line: string) => void): void {
  if (process.platform === 'win32') return;
  try {
    fs.chmodSync(file, 0o600);
  } catch (error) {
    log(`[mcp] could not make ${file} readable by you only: ${(error as Error).message}`);
  }
}

/** An `mcpServers` entry for any client that starts stdio servers (Cursor, Codex CLI, Cline, Claude Code): the helper relays to VS Code. */
export function clientConfiguration(c: Connection): string {
  return `${JSON.stringify({ mcpServers: { [SERVER_NAME]: stdioEntry(c) } }, null, 2)}\n`;
}
