import * as vscode from 'vscode';
import { MCP_PROVIDER_ID } from '../core/catalog/manifest';
import { TOOL_NAMES } from '../core/catalog/tool-sets';
import type { Services } from '../hosts/vscode/services';
import type { SafeTool } from '../hosts/vscode/lm-tool';
import { CallTool, McpEndpoint, newMcpToken, startMcpHttpServer } from './http-server';
import { ClientId, CLIENT_CONFIGS, withOurServer } from './client-configs';
import { writeWorkspaceFile } from '../commands/write-workspace-file';
import { MCP_CONFIGURATION_TOOL } from '../commands/command-tools';
import { readArgs } from '../commands/args';

export interface McpConnection {
  url: string;
  token: string;
  /** Names of the MCP clients with an open session. */
  clients: string[];
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
  let starting: Promise<void> | undefined;

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
        endpoint = await startMcpHttpServer({ version, callTool, log: services.log, token: await stableToken(context), port: context.workspaceState.get<number>(PORT_KEY) });
        await context.workspaceState.update(PORT_KEY, Number(new URL(endpoint.url).port));
        services.log(`[mcp] serving on ${endpoint.url}`);
      } catch (error) {
        services.log(`[mcp] could not start: ${(error as Error).message}`);
      }
      changed.fire();
    } else if (!want && endpoint) {
      const old = endpoint;
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
      const pick = await vscode.window.showInformationMessage(
        `Agent Safe Edit MCP server: ${connection.url} (the token is kept across restarts; the port too while it is free; nothing answers while VS Code is closed).`,
        copy,
      );
      if (pick === copy) await vscode.env.clipboard.writeText(clientConfiguration(connection));
      return connection;
    }),
    vscode.commands.registerCommand('agentSafeEdit.writeMcpConfiguration', async (arg?: { clients?: ClientId[]; confirm?: boolean; uiToken?: string }) => {
      await starting;
      return writeConfigurations(services, current(), arg);
    }),
    { dispose: () => { void endpoint?.close(); endpoint = undefined; } },
  );

  function current(): McpConnection | undefined {
    return endpoint ? { url: endpoint.url, token: endpoint.token, clients: endpoint.clients() } : undefined;
  }
  return { connection: current };
}

const AGENT_HOST_SETTING = 'chat.agentHost.enabled';
/** The server's port in this workspace last time (workspace state). */
const PORT_KEY = 'agentSafeEdit.mcp.port';
/** The bearer token, kept in VS Code's secret storage so clients configured once keep working. */
const TOKEN_KEY = 'agentSafeEdit.mcp.token';

async function stableToken(context: vscode.ExtensionContext): Promise<string> {
  try {
    const kept = await context.secrets.get(TOKEN_KEY);
    if (kept && /^[A-Za-z0-9_-]{43}$/.test(kept)) return kept;
    const token = newMcpToken();
    await context.secrets.store(TOKEN_KEY, token);
    return token;
  } catch {
    return newMcpToken(); // no secret storage: a token for this window only
  }
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

/**
 * "Write MCP Configuration for Other Agents…": our server (this window's URL and token) in the
 * workspace's configuration of the agents picked (Claude Code's .mcp.json, Cursor's
 * .cursor/mcp.json), merged into what is there. Written like every change (backed up, undoable
 * with Roll Back File). The files then hold the token: the message says to keep them out of
 * version control. `{ clients, confirm: false }` skips the questions (tests, with the UI token).
 */
async function writeConfigurations(services: Services, connection: McpConnection | undefined, arg: { clients?: ClientId[]; confirm?: boolean; uiToken?: string } | undefined) {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!connection || !folder) {
    const message = !connection ? 'Agent Safe Edit: the MCP server is off (safeEdit.mcp.enabled), so there is nothing to configure.' : 'Agent Safe Edit: open a folder first; the configuration is written into the workspace.';
    void vscode.window.showWarningMessage(message);
    return { ok: false, message };
  }
  const args = readArgs(arg);
  let clients = (arg?.clients ?? []).filter((c): c is ClientId => c in CLIENT_CONFIGS);
  if (!clients.length || args.confirm !== false) {
    const picked = await vscode.window.showQuickPick(
      (Object.keys(CLIENT_CONFIGS) as ClientId[]).map((id) => ({ label: CLIENT_CONFIGS[id].label, description: CLIENT_CONFIGS[id].file, picked: clients.includes(id), id })),
      { canPickMany: true, placeHolder: 'Write the Agent Safe Edit MCP server into which agents\' workspace configuration? (the files hold this machine\'s token: keep them out of version control)' },
    );
    if (!picked?.length) return { ok: false, cancelled: true, message: 'Cancelled; nothing was written.' };
    clients = picked.map((p) => p.id);
  }
  const files: Record<string, string> = {};
  for (const id of clients) {
    const rel = CLIENT_CONFIGS[id].file;
    const written = await writeWorkspaceFile(services, folder.uri, rel, MCP_CONFIGURATION_TOOL, (text) => withOurServer(id, text, connection), () => true);
    if (!written.ok) {
      void vscode.window.showWarningMessage(`Agent Safe Edit: ${written.message}`);
      return { ok: false, message: written.message, files };
    }
    files[rel] = written.outcome;
  }
  const message = `Agent Safe Edit: wrote the MCP server into ${Object.keys(files).join(' and ')}. They hold this machine's token (kept across restarts): keep them out of version control.`;
  void vscode.window.showInformationMessage(message);
  return { ok: true, message, files };
}

/** The `mcpServers` entry agents outside VS Code take (Claude Code, Cursor, Cline: HTTP with a header). */
export function clientConfiguration(c: { url: string; token: string }): string {
  return `${JSON.stringify({ mcpServers: { 'agent-safe-edit': { type: 'http', url: c.url, headers: { Authorization: `Bearer ${c.token}` } } } }, null, 2)}\n`;
}
