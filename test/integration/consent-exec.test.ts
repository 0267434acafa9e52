import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, freshDir, invoke, workspaceRoot, writeBytes } from './helpers';

/** A settings file with many keys; `indent` changes every line, so the diff is the whole file. */
function settingsText(extra: Record<string, unknown>, indent: number): string {
  const o: Record<string, unknown> = {};
  for (let i = 0; i < 150; i++) o[`editor.setting${i}`] = i;
  return JSON.stringify({ ...o, ...extra }, null, indent) + '\n';
}

describe('consent and execute_program hardening (issue 19 items 4, 13, 14)', () => {
  let api: any;
  before(async () => {
    api = await activateExtension();
  });
  afterEach(async () => {
    api.services.setConsentAnswerForTests(undefined);
    await closeAllEditors();
  });

  describe('item 4: the consent shows the whole change', () => {
    // In a folder of its own (a nested workspace's settings are protected too), so the editor
    // model this edit leaves open does not meet other suites' .vscode/settings.json.
    let rel = '';
    let abs = '';
    before(() => {
      const d = freshDir('item4');
      rel = `${d.rel}/.vscode/settings.json`;
      abs = path.join(d.abs, '.vscode', 'settings.json');
    });
    const oldText = settingsText({}, 2);
    const newText = settingsText({ 'chat.tools.global.autoApprove': true }, 4);

    it('a reindented settings.json with the payload last: keys first, no Allow on the cut view, Review Diff… opens the full diff, then Allow', async () => {
      writeBytes(abs, oldText);
      const r0 = await invoke('read_file', { path: rel });
      api.services.setConsentAnswerForTests('allow');
      const r = await invoke('write_file', { path: rel, content: newText, base_sha256: r0.sha256 });
      assert.equal(r.success, true, JSON.stringify(r));
      const prompts = api.services.consentPromptsForTests();
      assert.equal(prompts.length, 2, JSON.stringify(prompts.map((p: any) => p.choices)));
      const [first, second] = prompts;
      assert.deepEqual(first.choices, ['Review Diff…'], 'no Allow on a view that does not show the whole change');
      assert.equal(first.answer, 'Review Diff…');
      const payload = first.detail.indexOf('"chat.tools.global.autoApprove": true');
      assert.ok(payload >= 0 && payload < first.detail.indexOf('@@'), first.detail.slice(0, 400));
      assert.match(first.detail, /cannot show the whole change/);
      assert.deepEqual(second.choices, ['Review Diff…', 'Allow This Edit']);
      assert.equal(second.answer, 'Allow This Edit');
      const diffTab = vscode.window.tabGroups.all.flatMap((g) => g.tabs).find((t) => t.input instanceof vscode.TabInputTextDiff && t.input.modified.scheme === 'agent-safe-edit-proposed');
      assert.ok(diffTab, 'Review Diff… opened a diff editor of the proposed text');
      const input = diffTab.input as vscode.TabInputTextDiff;
      assert.equal((await vscode.workspace.openTextDocument(input.modified)).getText(), newText);
      assert.equal((await vscode.workspace.openTextDocument(input.original)).getText(), oldText);
    });

    it('declined on the cut view: PERMISSION_DENIED, the file unchanged, Allow never offered', async () => {
      const other = rel.replace('settings.json', 'launch.json');
      writeBytes(path.join(workspaceRoot(), other), oldText);
      const r0 = await invoke('read_file', { path: other });
      api.services.setConsentAnswerForTests('deny');
      const r = await invoke('write_file', { path: other, content: newText, base_sha256: r0.sha256 });
      assert.equal(r.error_type, 'PERMISSION_DENIED', JSON.stringify(r));
      assert.equal(fs.readFileSync(path.join(workspaceRoot(), other), 'utf8'), oldText);
      const prompts = api.services.consentPromptsForTests();
      assert.equal(prompts.length, 1);
      assert.ok(!prompts[0].choices.includes('Allow This Edit'));
    });
  });
});
