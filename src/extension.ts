import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { createServices } from './hosts/vscode/create-services';
import { registerTools } from './hosts/vscode/register-tools';
import { registerUi } from './ui';
import { registerMcp } from './mcp';
import { registerHookWindow } from './mcp/hook-window';
import { openWindowStore } from './mcp/window-store';
import { recoverInterruptedGroups } from './engine/restore/recover-groups';
import { registerSetUpAgents } from './set-up-agents';

/** Wires services, tools, views and commands; nothing else lives here. */
export async function activate(context: vscode.ExtensionContext) {
  const services = await createServices(context, openWindowStore);
  const tools = registerTools(context, services);
  registerCommands(context, services);
  const ui = registerUi(context, services);
  const mcp = registerMcp(context, services, tools);
  registerHookWindow(context, services);
  registerSetUpAgents(context, services);
  // After a crash: multi-file changes it cut short go back to all-before (not awaited: activation stays quick).
  const recovery = recoverInterruptedGroups(services, services.interruptedGroups).then((done) => {
    for (const r of done) void (r.ok ? vscode.window.showInformationMessage(r.message) : vscode.window.showWarningMessage(r.message));
    return done;
  });
  // Returned for integration tests and other extensions: the live services, tools, views and MCP server.
  return { services, tools, ui, mcp, recovery };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
