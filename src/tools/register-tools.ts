import * as vscode from 'vscode';
import type { Services } from './services';
import { SafeTool, ToolDefinition } from './tool-runner';
import { readFileTool } from './read-file';
import { safePatchTool } from './safe-patch';
import { replaceInFileTool } from './replace-in-file';
import { editLinesTool } from './edit-lines';
import { writeFileTool } from './write-file';
import { rollbackFileTool } from './rollback-file';
import { listBackupsTool } from './list-backups';
import { executeProgramTool } from './execute-program';
import { patchHtmlTool } from './patch-html';

/** Every language-model tool this extension contributes (names as in package.json). */
export function allToolDefinitions(): ToolDefinition<any>[] {
  return [readFileTool, safePatchTool, replaceInFileTool, editLinesTool, writeFileTool, rollbackFileTool, listBackupsTool, executeProgramTool, patchHtmlTool];
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
