import * as vscode from 'vscode';
import type { Services } from './services';
import { allToolDefinitions } from '../../engine/tools';
import { SafeTool } from './lm-tool';

/** Registers every engine tool with vscode.lm; the map is what the MCP server calls too. */
export function registerTools(context: vscode.ExtensionContext, services: Services): Map<string, SafeTool<unknown>> {
  const tools = new Map<string, SafeTool<unknown>>();
  for (const def of allToolDefinitions()) {
    const tool = new SafeTool(def, services);
    tools.set(def.name, tool);
    context.subscriptions.push(vscode.lm.registerTool(def.name, tool));
  }
  return tools;
}
