import * as vscode from 'vscode';
import { registerCommands } from './commands';
import { createServices } from './tools/create-services';
import { registerTools } from './tools/register-tools';
import { registerUi } from './ui';

/** Wires services, tools, views and commands; nothing else lives here. */
export async function activate(context: vscode.ExtensionContext) {
  const services = await createServices(context);
  const tools = registerTools(context, services);
  registerCommands(context, services);
  const ui = registerUi(context, services);
  // Returned for integration tests and other extensions: the live services, tools and views.
  return { services, tools, ui };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
