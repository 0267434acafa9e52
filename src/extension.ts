import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { createServices } from './tools/create-services';
import { registerTools } from './tools/register-tools';
import { registerUi } from './ui';
import { registerMcp } from './mcp';

/** Wires services, tools, views and commands; nothing else lives here. */
export async function activate(context: vscode.ExtensionContext) {
  const services = await createServices(context);
  const tools = registerTools(context, services);
  registerCommands(context, services);
  const ui = registerUi(context, services);
  const mcp = registerMcp(context, services, tools);
  // Returned for integration tests and other extensions: the live services, tools, views and MCP server.
  return { services, tools, ui, mcp };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
