// First end-to-end checks in the real extension host: the extension is installed in
// development mode, activates, and its language-model tools are registered and callable.

import * as assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';

const EXTENSION_ID = 'agent-safe-edit.agent-safe-edit';

/** The test workspace folder the runner opened (it contains a README.md). */
function workspaceRoot(): string {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the runner must open a workspace folder');
  return folder.uri.fsPath;
}

/** Concatenated text parts of a tool result. */
function resultText(result: vscode.LanguageModelToolResult): string {
  return result.content
    .filter((part): part is vscode.LanguageModelTextPart => part instanceof vscode.LanguageModelTextPart)
    .map((part) => part.value)
    .join('');
}

describe('activation', () => {
  it('runs in a trusted workspace folder', () => {
    // The runner keeps workspace trust enabled and trusts only the test folder; tools that
    // are restricted in untrusted workspaces depend on this.
    assert.equal(vscode.workspace.isTrusted, true);
    assert.ok(fs.existsSync(path.join(workspaceRoot(), 'README.md')));
  });

  it('finds and activates the extension', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext, `${EXTENSION_ID} is not installed in the extension host`);
    await ext.activate();
    assert.equal(ext.isActive, true);
  });

  it('registers the safe_read_file tool', async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)?.activate();
    const tool = vscode.lm.tools.find((t) => t.name === 'safe_read_file');
    assert.ok(tool, `safe_read_file missing; tools: ${vscode.lm.tools.map((t) => t.name).join(', ')}`);
    assert.ok(tool.tags.includes('agent-safe-edit'), `safe_read_file tags: ${tool.tags.join(', ')}`);
  });

  it('lists every contributed tool in vscode.lm.tools, with its schema', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    await ext?.activate();
    const contributed = (ext?.packageJSON.contributes.languageModelTools ?? []) as { name: string }[];
    assert.equal(contributed.length, 9);
    for (const { name } of contributed) {
      const tool = vscode.lm.tools.find((t) => t.name === name);
      assert.ok(tool, `${name} is contributed but not in vscode.lm.tools`);
      assert.ok(tool.inputSchema && typeof tool.inputSchema === 'object', `${name} has no input schema`);
      assert.ok(tool.description.length > 40, `${name} has no model description`);
    }
  });

  it('safe_read_file returns the content and sha256 of a workspace file', async () => {
    await vscode.extensions.getExtension(EXTENSION_ID)?.activate();
    const text = 'first line\nsecond line\n';
    const file = path.join(workspaceRoot(), 'activation-read.txt');
    fs.writeFileSync(file, text);

    const result = await vscode.lm.invokeTool('safe_read_file', {
      input: { path: 'activation-read.txt' },
      toolInvocationToken: undefined,
    });
    const json = JSON.parse(resultText(result)) as Record<string, unknown>;
    assert.equal(json.success, true, `safe_read_file failed: ${JSON.stringify(json)}`);
    assert.equal(json.sha256, createHash('sha256').update(text, 'utf8').digest('hex'));
    assert.equal(json.content, text);
  });
});
