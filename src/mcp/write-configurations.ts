import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import type { Services } from '../hosts/vscode/services';
import { ClientId, CLIENT_CONFIGS, Connection, SERVER_NAME, stdioEntry, withOurServer } from './client-configs';
import { writeWorkspaceFile } from '../commands/write-workspace-file';
import { MCP_CONFIGURATION_TOOL } from '../commands/command-tools';
import { readArgs } from '../commands/args';

/** The running server as far as a client configuration needs it. */
interface LiveServer {
  url: string;
  helper?: string;
  workspace?: string;
}

/** What a client configuration needs, when the helper and the connection file are in place. */
export function helperConnection(c: LiveServer): Connection | undefined {
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
export async function writeConfigurations(services: Services, connection: LiveServer | undefined, arg: { clients?: ClientId[]; confirm?: boolean; uiToken?: string } | undefined) {
  const folder = vscode.workspace.workspaceFolders?.[0];
  const entry = connection && helperConnection(connection);
  if (!connection || !folder || !entry) {
    const message = !connection
      ? 'Agent Safe Edit: the MCP server is off (safeEdit.mcp.enabled), so there is nothing to configure.'
      : !folder
        ? 'Agent Safe Edit: open a folder first; the configuration is written into the workspace.'
        : 'Agent Safe Edit: the connection helper or the connection file could not be written; see the "Agent Safe Edit" output.';
    void vscode.window.showWarningMessage(message);
    return { ok: false, message };
  }
  const args = readArgs(arg);
  let clients = (arg?.clients ?? []).filter((c): c is ClientId => c in CLIENT_CONFIGS);
  if (!clients.length || args.confirm !== false) {
    const picked = await vscode.window.showQuickPick(
      (Object.keys(CLIENT_CONFIGS) as ClientId[]).map((id) => ({ label: CLIENT_CONFIGS[id].label, description: CLIENT_CONFIGS[id].file, picked: clients.includes(id), id })),
      {
        canPickMany: true,
        placeHolder: "Write the Agent Safe Edit MCP server into which agents' workspace configuration? (no token goes into it: the agent fetches the current one through a helper)",
      },
    );
    if (!picked?.length) return { ok: false, cancelled: true, message: 'Cancelled; nothing was written.' };
    clients = picked.map((p) => p.id);
  }
  const files: Record<string, string> = {};
  for (const id of clients) {
    const rel = CLIENT_CONFIGS[id].file;
    const written = await writeWorkspaceFile(
      services,
      folder.uri,
      rel,
      MCP_CONFIGURATION_TOOL,
      (text) => withOurServer(id, text, entry),
      () => true,
    );
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
