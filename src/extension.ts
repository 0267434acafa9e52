import * as vscode from 'vscode';
import { createServices } from './tools/create-services';
import { registerTools } from './tools/register-tools';

/** Wires services, tools, views and commands; nothing else lives here. */
export async function activate(context: vscode.ExtensionContext) {
  const services = await createServices(context);
  const tools = registerTools(context, services);
  return {
    services,
    tools,
  };
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}
