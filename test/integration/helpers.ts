import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { createHash } from 'node:crypto';

export const EXTENSION_ID = 'agent-safe-edit.agent-safe-edit';

/** Calls a tool exactly the way Copilot agent mode does, and parses its one JSON result. */
export async function invoke(name: string, input: object, token?: vscode.CancellationToken): Promise<any> {
  const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, token);
  const parts = result.content.filter((p): p is vscode.LanguageModelTextPart => p instanceof vscode.LanguageModelTextPart);
  if (parts.length !== 1) throw new Error(`${name} returned ${parts.length} text parts`);
  return JSON.parse(parts[0].value);
}

export function workspaceRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) throw new Error('integration tests need a workspace folder');
  return folder.uri.fsPath;
}

let counter = 0;
/** A fresh folder inside the workspace for one test, so tests never see each other's files. */
export function freshDir(label: string): { abs: string; rel: string } {
  const rel = `t${Date.now().toString(36)}-${counter++}-${label}`;
  const abs = path.join(workspaceRoot(), rel);
  fs.mkdirSync(abs, { recursive: true });
  return { abs, rel };
}

export function writeBytes(abs: string, data: string | Buffer): void {
  fs.mkdirSync(path.dirname(abs), { recursive: true });
  fs.writeFileSync(abs, data);
}

export function sha256(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export async function activateExtension(): Promise<any> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} not found`);
  return ext.activate();
}

/** Closes every editor and reverts unsaved test documents so tests start clean. */
export async function closeAllEditors(): Promise<void> {
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
}

/**
 * The hooks of a suite whose tests answer consent prompts: activates the extension, and after
 * each test clears the consent stub and closes the editors. Returns the extension's API.
 */
export function consentSuite(): () => any {
  let api: any;
  before(async () => {
    api = await activateExtension();
  });
  afterEach(async () => {
    api.services.setConsentAnswerForTests(undefined);
    await closeAllEditors();
  });
  return () => api;
}
