import * as vscode from 'vscode';
import { MCP_PROVIDER_ID } from '../core/catalog/manifest';
import { TOOL_NAMES } from '../core/catalog/tool-sets';
import type { Services } from '../tools/services';
import type { SafeTool } from '../tools/tool-runner';
import { CallTool, McpEndpoint, startMcpHttpServer } from './http-server';

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
        endpoint = await startMcpHttpServer({ version, callTool, log: services.log });
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
      else if (e.affectsConfiguration(AGENT_HOST_SETTING)) changed.fire();
    }),
    vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, {
      onDidChangeMcpServerDefinitions: changed.event,
      provideMcpServerDefinitions: async () => {
        await starting;
        if (!endpoint || !offeredToVSCode()) return [];
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
        `Agent Safe Edit MCP server: ${connection.url} (token per window: it changes when VS Code restarts; nothing answers while VS Code is closed).`,
        copy,
      );
      if (pick === copy) await vscode.env.clipboard.writeText(clientConfiguration(connection));
      return connection;
    }),
    { dispose: () => { void endpoint?.close(); endpoint = undefined; } },
  );

  function current(): McpConnection | undefined {
    return endpoint ? { url: endpoint.url, token: endpoint.token, clients: endpoint.clients() } : undefined;
  }
  return { connection: current };
}

const AGENT_HOST_SETTING = 'chat.agentHost.enabled';

/**
 * Whether VS Code's own chat gets the server's definition: only with Agent Host sessions on.
 * Without them the chat has our tools already (vscode.lm.registerTool) and Copilot would start
 * the server and offer every tool twice (measured with Copilot Chat 0.67: nine extra
 * `mcp_agent_safe_ed_*` tools in each request); Agent Host sessions get extension tools only
 * through enabled tool sets, but MCP servers always, so there the definition is the way in.
 * Agents outside VS Code use the connection the command shows, whatever this says.
 */
function offeredToVSCode(): boolean {
  return vscode.workspace.getConfiguration().get<boolean>(AGENT_HOST_SETTING) === true;
}

/** The `mcpServers` entry agents outside VS Code take (Claude Code, Cursor, Cline: HTTP with a header). */
export function clientConfiguration(c: { url: string; token: string }): string {
  return `${JSON.stringify({ mcpServers: { 'agent-safe-edit': { type: 'http', url: c.url, headers: { Authorization: `Bearer ${c.token}` } } } }, null, 2)}\n`;
}
