import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activateExtension, closeAllEditors, freshDir, invoke, writeBytes } from './helpers';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** write_file over an existing file, as an agent does it: read for the hash, then write. */
async function agentWrite(rel: string, content: string): Promise<any> {
  const read = await invoke('safe_read_file', { path: rel });
  assert.equal(read.success, true, JSON.stringify(read));
  const r = await invoke('write_file', { path: rel, content, base_sha256: read.sha256 });
  assert.equal(r.success, true, JSON.stringify(r));
  return r;
}

describe('commands: rollback through the tool and the commands', () => {
  let services: any;
  before(async () => {
    services = (await activateExtension()).services;
    await vscode.commands.executeCommand('agentSafeEdit.resetFailureCounters');
  });
  afterEach(closeAllEditors);

  const cases: [string, Buffer][] = [
    ['LF', Buffer.from('alpha\nbeta\ngamma\n')],
    ['CRLF', Buffer.from('alpha\r\nbeta\r\ngamma\r\n')],
    ['BOM', Buffer.concat([BOM, Buffer.from('alpha\nbeta\ngamma\n')])],
  ];
  for (const [label, original] of cases) {
    it(`write_file then rollback_file restores a ${label} file byte for byte, and the rollback can be rolled back`, async () => {
      const d = freshDir(`rb-${label}`);
      const rel = `${d.rel}/f.txt`;
      const abs = path.join(d.abs, 'f.txt');
      writeBytes(abs, original);
      await agentWrite(rel, 'completely\nnew\ncontent here\n');
      const written = fs.readFileSync(abs);
      assert.notDeepEqual(written, original);
      const back = await invoke('rollback_file', { path: rel });
      assert.equal(back.success, true, JSON.stringify(back));
      assert.deepEqual(fs.readFileSync(abs), original, 'rollback restores the exact bytes');
      const again = await invoke('rollback_file', { path: rel, revision: 0 });
      assert.equal(again.success, true, JSON.stringify(again));
      assert.deepEqual(fs.readFileSync(abs), written, 'rolling back the rollback brings the agent\'s version back');
    });
  }

  it('revisions 0/1/2 after three edits restore the right texts', async () => {
    const d = freshDir('revs');
    const rel = `${d.rel}/r.txt`;
    const abs = path.join(d.abs, 'r.txt');
    const texts = ['v0\n', 'v1 one\n', 'v2 two two\n', 'v3 three three three\n'];
    writeBytes(abs, texts[0]);
    for (const t of texts.slice(1)) await agentWrite(rel, t);
    const listed = await invoke('list_backups', { path: rel });
    assert.equal(listed.backups.length, 3);
    for (const revision of [2, 1, 0]) {
      // The first restore uses the index; restores add entries, so later ones name the edit by id.
      const r = await invoke('rollback_file', revision === 2 ? { path: rel, revision } : { path: rel, backup_id: listed.backups[revision].id });
      assert.equal(r.success, true, JSON.stringify(r));
      assert.equal(fs.readFileSync(abs, 'utf8'), texts[2 - revision], `revision ${revision} is the state before the ${3 - revision}. edit`);
    }
    const out = await invoke('rollback_file', { path: rel, revision: 99 });
    assert.equal(out.success, false);
    assert.equal(out.error_type, 'REVISION_OUT_OF_RANGE');
  });

  it('agentSafeEdit.rollbackFile with { path, revision, confirm: false } and the UI token restores without any UI, and is journaled', async () => {
    const d = freshDir('cmd-rb');
    const rel = `${d.rel}/c.txt`;
    const abs = path.join(d.abs, 'c.txt');
    writeBytes(abs, 'first\n');
    await agentWrite(rel, 'second\n');
    await agentWrite(rel, 'third\n');
    const events = services.activity.events.length;
    const r: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackFile', { path: rel, revision: 1, confirm: false, uiToken: services.uiTokenForTests() });
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'first\n');
    const newest = services.store.list(rel)[0];
    assert.equal(newest.tool, 'rollback_command');
    assert.equal(newest.outcome, 'applied');
    const noted = services.activity.events.slice(events).find((e: any) => e.kind === 'rollback' && e.path === rel);
    assert.ok(noted, 'the rollback is noted in the activity log for the views');
    // An absolute path (or a file Uri) names the same history as the workspace-relative one.
    const byId: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackFile', { path: abs, entryId: newest.id, confirm: false, uiToken: services.uiTokenForTests() });
    assert.equal(byId.ok, true, JSON.stringify(byId));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'third\n', 'the command\'s rollback can itself be rolled back');
    const bad: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackFile', { path: rel, revision: 50, confirm: false, uiToken: services.uiTokenForTests() });
    assert.equal(bad.ok, false);
    assert.equal(fs.readFileSync(abs, 'utf8'), 'third\n');
  });

  it('agentSafeEdit.rollbackFile { path }: the revision picker previews each backup in a diff editor, accepting restores it', async () => {
    const d = freshDir('picker');
    const rel = `${d.rel}/p.txt`;
    const abs = path.join(d.abs, 'p.txt');
    writeBytes(abs, 'p0\n');
    await agentWrite(rel, 'p1\n');
    await agentWrite(rel, 'p2\n');
    const [rev0, rev1] = services.store.list(rel);
    const running = vscode.commands.executeCommand('agentSafeEdit.rollbackFile', { path: rel, confirm: false, uiToken: services.uiTokenForTests() });
    const previewOf = async (sha: string) => {
      for (let i = 0; i < 40; i++) {
        const tab = findDiffTab(abs);
        if (tab && tab.original.query === `sha=${sha}`) return tab;
        await new Promise((r) => setTimeout(r, 100));
      }
      return undefined;
    };
    assert.ok(await previewOf(rev0.before_sha256), 'the first revision is previewed as soon as the picker opens');
    await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    assert.ok(await previewOf(rev1.before_sha256), 'moving to the next revision previews that backup');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const r: any = await running;
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.equal(r.revision, 1);
    assert.equal(fs.readFileSync(abs, 'utf8'), 'p0\n');
  });

  it('agentSafeEdit.undoLastAgentEdit restores the state before the newest agent edit', async () => {
    const d = freshDir('undo');
    const rel = `${d.rel}/u.txt`;
    const abs = path.join(d.abs, 'u.txt');
    writeBytes(abs, 'before the agent\n');
    await agentWrite(rel, 'after the agent\n');
    const r: any = await vscode.commands.executeCommand('agentSafeEdit.undoLastAgentEdit', { confirm: false, uiToken: services.uiTokenForTests() });
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.equal(r.path, rel);
    assert.equal(fs.readFileSync(abs, 'utf8'), 'before the agent\n');
  });

  it('history.rollbackToBefore and history.compareWithCurrent take a tree item with `entry`', async () => {
    const d = freshDir('tree');
    const rel = `${d.rel}/t.txt`;
    const abs = path.join(d.abs, 't.txt');
    writeBytes(abs, 'one\n');
    await agentWrite(rel, 'two\n');
    const entry = services.store.list(rel)[0];
    const item = { entry, label: 'tree item', contextValue: 'entry' };

    const cmp: any = await vscode.commands.executeCommand('agentSafeEdit.history.compareWithCurrent', item);
    assert.equal(cmp.ok, true, JSON.stringify(cmp));
    const diff = findDiffTab(abs);
    assert.ok(diff, 'a diff editor with the backup on the left and the file on the right is open');
    assert.equal(diff.original.scheme, 'agent-safe-edit-backup');
    assert.equal((await vscode.workspace.openTextDocument(diff.original)).getText(), 'one\n');

    const rb: any = await vscode.commands.executeCommand('agentSafeEdit.history.rollbackToBefore', { ...item, confirm: false, uiToken: services.uiTokenForTests() });
    assert.equal(rb.ok, true, JSON.stringify(rb));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'one\n');

    const gone: any = await vscode.commands.executeCommand('agentSafeEdit.history.rollbackToBefore', { entryId: 'no-such-entry', confirm: false, uiToken: services.uiTokenForTests() });
    assert.equal(gone.ok, false);
  });

  it('history.copySha256 copies the entry\'s before_sha256, history.revealFile opens the file', async () => {
    const d = freshDir('copy');
    const rel = `${d.rel}/s.txt`;
    const abs = path.join(d.abs, 's.txt');
    writeBytes(abs, 'sha me\n');
    await agentWrite(rel, 'changed\n');
    const entry = services.store.list(rel)[0];
    const copied: any = await vscode.commands.executeCommand('agentSafeEdit.history.copySha256', { entryId: entry.id });
    assert.equal(copied.ok, true, JSON.stringify(copied));
    assert.equal(await vscode.env.clipboard.readText(), entry.before_sha256);

    const shown: any = await vscode.commands.executeCommand('agentSafeEdit.history.revealFile', { path: rel });
    assert.equal(shown.ok, true, JSON.stringify(shown));
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, abs);
    await closeAllEditors();
    const viaEntry: any = await vscode.commands.executeCommand('agentSafeEdit.history.revealFile', { entry });
    assert.equal(viaEntry.ok, true, JSON.stringify(viaEntry));
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, abs);
  });
});

/** The open diff tab whose right side is `abs`, if any. */
function findDiffTab(abs: string): vscode.TabInputTextDiff | undefined {
  for (const group of vscode.window.tabGroups.all) {
    for (const tab of group.tabs) {
      if (tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.fsPath === abs) return tab.input;
    }
  }
  return undefined;
}
