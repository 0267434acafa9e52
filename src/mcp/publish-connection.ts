import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import * as vscode from 'vscode';
import type { McpEndpoint } from './http-server';
import { removeConnectionFile, writeConnectionFile } from '../files/connection-file';
import { installHelper } from './helper-install';
import { relayRecordsDir } from '../headless/relay-records';

/** What publishConnection left for clients outside VS Code (all absent when it failed). */
export interface Published {
  workspace?: string;
  connectionFile?: string;
  /** The same record where agent-safe-edit-mcp looks for the window holding a folder's history (headless/relay-records.ts). */
  relayFile?: string;
  helper?: string;
}

/**
 * Tells clients outside VS Code how to reach this start of the server: the helper is put in
 * the user-only folder, and the URL and this start's token into the workspace's connection
 * file there (0600 in a 0700 folder, outside the workspace). A window without a folder has no
 * workspace configuration to serve, so it writes none. Failures are logged: VS Code's own
 * clients do not need these files.
 */
export function publishConnection(context: vscode.ExtensionContext, dir: string, endpoint: McpEndpoint, log: (line: string) => void): Published {
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
    out.relayFile = writeConnectionFile(relayRecordsDir(), { url: endpoint.url, token: endpoint.token, pid: process.pid, workspace: out.workspace, role: 'window' });
  } catch (error) {
    log(`[mcp] could not write the connection file: ${(error as Error).message}`);
  }
  return out;
}

/** Removes the connection file while it is still this start's: no helper hands out a stopped server's token. */
export function unpublishConnection(published: Published | undefined, token: string): void {
  if (published?.connectionFile) removeConnectionFile(published.connectionFile, token);
  if (published?.relayFile) removeConnectionFile(published.relayFile, token);
}
