import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import { MCP_PROVIDER_ID } from '../core/catalog/manifest';
import { TOOL_NAMES } from '../core/catalog/tool-sets';
import type { Services } from '../hosts/vscode/services';
import type { SafeTool } from '../hosts/vscode/lm-tool';
import { CallTool, McpEndpoint, startMcpHttpServer } from './http-server';
import type { ClientId } from './client-configs';
import { Published, publishConnection, unpublishConnection } from './publish-connection';
import { clientConfiguration, helperConnection } from './write-configurations';

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
 * and for agents outside VS Code the user-only connection file with the helper that reads it
 * (their configurations name the helper, never the token) and the commands that show the
 * connection and write those configurations. Calls go through the
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
        published = publishConnection(context, privateDir, endpoint, services.log);
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
    // "Write MCP Configuration for Other Agents…" is "Set Up Agent Safe Edit for Other Agents…"
    // for the MCP entries only (set-up-agents.ts); its id stays for callers that have it.
    vscode.commands.registerCommand('agentSafeEdit.writeMcpConfiguration', async (arg?: { clients?: ClientId[]; confirm?: boolean; uiToken?: string }) => {
      await starting;
      return vscode.commands.executeCommand('agentSafeEdit.setUpAgents', { agents: arg?.clients ?? [], scope: 'workspace', only: 'mcp', confirm: arg?.confirm, uiToken: arg?.uiToken });
    }),
    { dispose: () => { unpublish(); void endpoint?.close(); endpoint = undefined; } },
  );

  /** The connection file goes first when the server stops. */
  function unpublish(): void {
    if (endpoint) unpublishConnection(published, endpoint.token);
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
