import * as vscode from 'vscode';
import type { Services } from './services';
import { SafeTool, ToolDefinition } from './tool-runner';
import { readFileTool } from './read-file';

/** Every language-model tool this extension contributes (names as in package.json). */
export function allToolDefinitions(): ToolDefinition<any>[] {
  return [readFileTool];
}

export function registerTools(context: vscode.ExtensionContext, services: Services): Map<string, SafeTool<unknown>> {
  const tools = new Map<string, SafeTool<unknown>>();
  for (const def of allToolDefinitions()) {
    const tool = new SafeTool(def, services);
    tools.set(def.name, tool);
    context.subscriptions.push(vscode.lm.registerTool(def.name, tool));
  }
  return tools;
}
