import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { consentSuite, freshDir, invoke, workspaceRoot, writeBytes } from './helpers';

/** A settings file with many keys; `indent` changes every line, so the diff is the whole file. */
function settingsText(extra: Record<string, unknown>, indent: number): string {
  const o: Record<string, unknown> = {};
  for (let i = 0; i < 150; i++) o[`editor.setting${i}`] = i;
  return JSON.stringify({ ...o, ...extra }, null, indent) + '\n';
}

describe('consent and execute_program hardening (issue 19 items 4, 13, 14)', () => {
  const ext = consentSuite();

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
      const r0 = await invoke('safe_read_file', { path: rel });
      ext().services.setConsentAnswerForTests('allow');
      const r = await invoke('write_file', { path: rel, content: newText, base_sha256: r0.sha256 });
      assert.equal(r.success, true, JSON.stringify(r));
      const prompts = ext().services.consentPromptsForTests();
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
      const r0 = await invoke('safe_read_file', { path: other });
      ext().services.setConsentAnswerForTests('deny');
      const r = await invoke('write_file', { path: other, content: newText, base_sha256: r0.sha256 });
      assert.equal(r.error_type, 'PERMISSION_DENIED', JSON.stringify(r));
      assert.equal(fs.readFileSync(path.join(workspaceRoot(), other), 'utf8'), oldText);
      const prompts = ext().services.consentPromptsForTests();
      assert.equal(prompts.length, 1);
      assert.ok(!prompts[0].choices.includes('Allow This Edit'));
    });
  });

  describe('item 13: execute_program asks every time for risky arguments, whatever the chat allowed', () => {
    const config = () => vscode.workspace.getConfiguration('safeEdit');
    afterEach(async () => {
      await config().update('execute.allowInlineCode', undefined, vscode.ConfigurationTarget.Global);
      await config().update('execute.allowProtectedPathArguments', undefined, vscode.ConfigurationTarget.Global);
    });

    it('sh -c is refused with PERMISSION_DENIED through invokeTool (no confirmation step), nothing runs, no prompt', async () => {
      const d = freshDir('item13-off');
      ext().services.setConsentAnswerForTests('allow');
      const r = await invoke('execute_program', { program: 'sh', args: ['-c', 'echo pwned > pwned.txt'], cwd: d.rel });
      assert.equal(r.error_type, 'PERMISSION_DENIED', JSON.stringify(r));
      assert.equal(r.setting, 'safeEdit.execute.allowInlineCode');
      assert.equal(fs.existsSync(path.join(d.abs, 'pwned.txt')), false);
      assert.equal(ext().services.consentPromptsForTests().length, 0, 'refused without asking');
    });

    it('git -c, git config and an argument naming .vscode/settings.json or .git/ are refused too', async () => {
      const d = freshDir('item13-git');
      for (const [program, args] of [
        ['git', ['-c', 'core.pager=touch pwned', 'log']],
        ['git', ['config', 'core.hooksPath', 'hooks']],
        ['cp', ['/dev/null', '.vscode/settings.json']],
        ['cat', ['.git/config']],
      ] as [string, string[]][]) {
        const r = await invoke('execute_program', { program, args, cwd: d.rel });
        assert.equal(r.error_type, 'PERMISSION_DENIED', `${program} ${args.join(' ')}: ${JSON.stringify(r)}`);
      }
    });

    it('with safeEdit.execute.allowInlineCode on, each such call is asked (allowed: it runs; declined: PERMISSION_DENIED)', async () => {
      const d = freshDir('item13-on');
      await config().update('execute.allowInlineCode', true, vscode.ConfigurationTarget.Global);
      ext().services.setConsentAnswerForTests('allow');
      const ok = await invoke('execute_program', { program: 'sh', args: ['-c', 'echo ran > ran.txt'], cwd: d.rel });
      assert.equal(ok.success, true, JSON.stringify(ok));
      assert.equal(fs.readFileSync(path.join(d.abs, 'ran.txt'), 'utf8'), 'ran\n');
      const prompts = ext().services.consentPromptsForTests();
      assert.equal(prompts.length, 1);
      assert.deepEqual(prompts[0].choices, ['Run This Once']);
      assert.match(prompts[0].detail, /INLINE_CODE/);
      ext().services.setConsentAnswerForTests('deny');
      const no = await invoke('execute_program', { program: 'sh', args: ['-c', 'echo again > again.txt'], cwd: d.rel });
      assert.equal(no.error_type, 'PERMISSION_DENIED', JSON.stringify(no));
      assert.equal(fs.existsSync(path.join(d.abs, 'again.txt')), false);
    });

    it('the confirmation names the resolved executable path and quotes cwd inside the code block (item 14)', async () => {
      const d = freshDir('item13-prepare');
      const cwdRel = `${d.rel}/c\`w](x)`;
      fs.mkdirSync(path.join(workspaceRoot(), cwdRel));
      const tool = ext().tools.get('execute_program');
      const prepared = await tool.prepareInvocation({ input: { program: 'sh', args: ['-c', 'x'], cwd: cwdRel } }, new vscode.CancellationTokenSource().token);
      const md: string = prepared.confirmationMessages.message.value;
      assert.match(md, /program {2}= "\/[^"]*\/sh"/, md);
      const fence = md.indexOf('```');
      const outsideCode = md.slice(0, fence);
      assert.ok(fence > 0 && !outsideCode.includes('c`w'), md);
      assert.ok(md.includes(JSON.stringify(path.join(workspaceRoot(), cwdRel))), md);
      assert.match(md, /Needs your answer every time \(INLINE_CODE\)/);
    });
  });

  describe('item 14: the rest', () => {
    it('safe_read_file refuses a hard link to a file outside the workspace (PATH_DENIED, HARD_LINK), returning none of it', async () => {
      const d = freshDir('item14-hardlink');
      const outsideDir = fs.mkdtempSync(path.join(path.dirname(workspaceRoot()), 'outside-'));
      fs.writeFileSync(path.join(outsideDir, 'secret.txt'), 'TOP SECRET\n');
      fs.linkSync(path.join(outsideDir, 'secret.txt'), path.join(d.abs, 'notes.txt'));
      const r = await invoke('safe_read_file', { path: `${d.rel}/notes.txt` });
      assert.equal(r.error_type, 'PATH_DENIED', JSON.stringify(r));
      assert.equal(r.reason, 'HARD_LINK');
      assert.ok(!JSON.stringify(r).includes('TOP SECRET'));
    });

    it('{ confirm: false } from any caller without our UI token does not skip the confirmation of Clear Backups and the rollbacks', async () => {
      const d = freshDir('item14-confirm');
      const rel = `${d.rel}/kept.txt`;
      writeBytes(path.join(d.abs, 'kept.txt'), 'one\n');
      const r0 = await invoke('safe_read_file', { path: rel });
      const w = await invoke('write_file', { path: rel, content: 'two\n', base_sha256: r0.sha256 });
      assert.equal(w.success, true, JSON.stringify(w));
      const backups = ext().services.store.list(rel).length;
      assert.ok(backups >= 1);
      ext().services.setConsentAnswerForTests('deny');
      const cleared: any = await vscode.commands.executeCommand('agentSafeEdit.clearBackups', { path: rel, confirm: false });
      assert.equal(cleared.cancelled, true, JSON.stringify(cleared));
      assert.equal(ext().services.store.list(rel).length, backups, 'no backup was deleted');
      const forged: any = await vscode.commands.executeCommand('agentSafeEdit.clearBackups', { path: rel, confirm: false, uiToken: 'guessed' });
      assert.equal(forged.cancelled, true, JSON.stringify(forged));
      const rolled: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackFile', { path: rel, revision: 0, confirm: false });
      assert.equal(rolled.cancelled, true, JSON.stringify(rolled));
      // The turn rollback shows its preview first (accepted here), then asks.
      let settled = false;
      const running = Promise.resolve(vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false })).finally(() => { settled = true; });
      for (let i = 0; i < 100 && !settled; i++) {
        await new Promise((r) => setTimeout(r, 200));
        if (!settled) await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
      }
      const turn: any = await running;
      assert.equal(turn.cancelled, true, JSON.stringify(turn));
      assert.equal(fs.readFileSync(path.join(d.abs, 'kept.txt'), 'utf8'), 'two\n', 'nothing was rolled back');
      const asked = ext().services.consentPromptsForTests().map((p: any) => p.choices[0]);
      assert.deepEqual(asked, ['Delete Backups', 'Delete Backups', 'Roll Back', 'Roll Back Turn'], 'each one asked the user');
    });
  });
});
