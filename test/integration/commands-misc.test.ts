import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { AGENT_INSTRUCTIONS_PATH, agentInstructionsMarkdown, CUSTOM_AGENT_PATH, customAgentMarkdown } from '../../src/core/instructions';
import { activateExtension, closeAllEditors, freshDir, invoke, workspaceRoot, writeBytes } from './helpers';

async function agentWrite(rel: string, content: string): Promise<void> {
  const read = await invoke('safe_read_file', { path: rel });
  const r = await invoke('write_file', { path: rel, content, base_sha256: read.sha256 });
  assert.equal(r.success, true, JSON.stringify(r));
}

function diffTabs(): vscode.TabInputTextDiff[] {
  return vscode.window.tabGroups.all.flatMap((g) => g.tabs.map((t) => t.input)).filter((i): i is vscode.TabInputTextDiff => i instanceof vscode.TabInputTextDiff);
}

describe('commands: compare, clear, reset, agent instructions', () => {
  let services: any;
  before(async () => {
    services = (await activateExtension()).services;
  });
  afterEach(closeAllEditors);

  it('compareWithBackup { path, revision } opens a diff: that backup (read-only) left, the file right', async () => {
    const d = freshDir('cmp');
    const rel = `${d.rel}/cmp.txt`;
    const abs = path.join(d.abs, 'cmp.txt');
    writeBytes(abs, 'v0\n');
    await agentWrite(rel, 'v1\n');
    await agentWrite(rel, 'v2\n');
    const r: any = await vscode.commands.executeCommand('agentSafeEdit.compareWithBackup', { path: rel, revision: 1 });
    assert.equal(r.ok, true, JSON.stringify(r));
    const tab = diffTabs().find((t) => t.modified.fsPath === abs);
    assert.ok(tab, 'a diff editor is open on the file');
    assert.equal(tab.original.scheme, 'agent-safe-edit-backup');
    const left = await vscode.workspace.openTextDocument(tab.original);
    assert.equal(left.getText(), 'v0\n', 'revision 1 is the state before the first of the two edits');
    assert.equal(fs.readFileSync(abs, 'utf8'), 'v2\n', 'comparing changes nothing');
    const bad: any = await vscode.commands.executeCommand('agentSafeEdit.compareWithBackup', { path: rel, revision: 7 });
    assert.equal(bad.ok, false);
  });

  it('clearBackups { path, confirm: false } with the UI token removes that file\'s backups only', async () => {
    const d = freshDir('clear');
    const keepRel = `${d.rel}/keep.txt`;
    const dropRel = `${d.rel}/drop.txt`;
    writeBytes(path.join(d.abs, 'keep.txt'), 'k\n');
    writeBytes(path.join(d.abs, 'drop.txt'), 'd\n');
    await agentWrite(keepRel, 'k2\n');
    await agentWrite(dropRel, 'd2\n');
    assert.equal(services.store.list(dropRel).length, 1);
    const r: any = await vscode.commands.executeCommand('agentSafeEdit.clearBackups', { path: dropRel, confirm: false, uiToken: services.uiTokenForTests() });
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.equal(r.removed, 1);
    assert.equal(services.store.list(dropRel).length, 0);
    assert.equal(services.store.list(keepRel).length, 1, 'other files keep their backups');
    assert.equal(fs.readFileSync(path.join(d.abs, 'drop.txt'), 'utf8'), 'd2\n', 'the file itself is untouched');
    const listed = await invoke('list_backups', { path: dropRel });
    assert.equal(listed.backups.length, 0);
  });

  it('resetFailureCounters clears the patch failure counter (the next invalid patch is a first failure again)', async () => {
    const d = freshDir('reset');
    const rel = `${d.rel}/p.c`;
    writeBytes(path.join(d.abs, 'p.c'), 'int x;\n');
    const read = await invoke('safe_read_file', { path: rel });
    const badPatch = (n: number) => invoke('safe_patch', { path: rel, base_sha256: read.sha256, unified_diff: `this is not a diff ${n}` });
    const first = await badPatch(1);
    assert.equal(first.error_type, 'INVALID_PATCH', JSON.stringify(first));
    const r: any = await vscode.commands.executeCommand('agentSafeEdit.resetFailureCounters');
    assert.equal(r.ok, true);
    assert.equal(services.activity.events[services.activity.events.length - 1].kind, 'reset');
    const afterReset = await badPatch(2);
    assert.equal(afterReset.error_type, 'INVALID_PATCH', 'without the reset this would be INVALID_PATCH_LIMIT_EXCEEDED');
    const second = await badPatch(3);
    assert.equal(second.error_type, 'INVALID_PATCH_LIMIT_EXCEEDED', 'the counter still counts after a reset');
  });

  it('addAgentInstructions writes both files, opens the instructions, and asks before replacing a changed file', async () => {
    const root = workspaceRoot();
    const instructions = path.join(root, AGENT_INSTRUCTIONS_PATH);
    const agent = path.join(root, CUSTOM_AGENT_PATH);
    const r: any = await vscode.commands.executeCommand('agentSafeEdit.addAgentInstructions', { overwrite: true });
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.equal(fs.readFileSync(instructions, 'utf8'), agentInstructionsMarkdown());
    assert.equal(fs.readFileSync(agent, 'utf8'), customAgentMarkdown());
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, instructions);

    const again: any = await vscode.commands.executeCommand('agentSafeEdit.addAgentInstructions', {});
    assert.deepEqual(again.files, { [AGENT_INSTRUCTIONS_PATH]: 'unchanged', [CUSTOM_AGENT_PATH]: 'unchanged' }, 'identical files need no question');

    // The user edits and saves the file in the editor.
    const doc = await vscode.workspace.openTextDocument(instructions);
    const edit = new vscode.WorkspaceEdit();
    edit.replace(doc.uri, new vscode.Range(doc.positionAt(0), doc.positionAt(doc.getText().length)), 'my own rules\n');
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    assert.equal(await doc.save(), true);
    const kept: any = await vscode.commands.executeCommand('agentSafeEdit.addAgentInstructions', { overwrite: false });
    assert.equal(kept.files[AGENT_INSTRUCTIONS_PATH], 'kept', JSON.stringify(kept));
    assert.equal(fs.readFileSync(instructions, 'utf8'), 'my own rules\n');

    const replaced: any = await vscode.commands.executeCommand('agentSafeEdit.addAgentInstructions', { overwrite: true });
    assert.equal(replaced.files[AGENT_INSTRUCTIONS_PATH], 'overwritten', JSON.stringify(replaced));
    assert.equal(fs.readFileSync(instructions, 'utf8'), agentInstructionsMarkdown());
    const backup = services.store.list(AGENT_INSTRUCTIONS_PATH)[0];
    assert.equal(backup?.tool, 'add_agent_instructions', 'the replaced text is journaled');
    // .github/instructions/** is a sensitive path (agent instructions), so the restore asks for consent.
    services.setConsentAnswerForTests('allow');
    let restored: any;
    try {
      restored = await vscode.commands.executeCommand('agentSafeEdit.rollbackFile', { path: AGENT_INSTRUCTIONS_PATH, entryId: backup.id, confirm: false, uiToken: services.uiTokenForTests() });
    } finally {
      services.setConsentAnswerForTests(undefined);
    }
    assert.equal(restored.ok, true, JSON.stringify(restored));
    assert.equal(fs.readFileSync(instructions, 'utf8'), 'my own rules\n', 'the user\'s replaced file can be brought back');
  });
});
