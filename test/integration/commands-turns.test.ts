import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activateExtension, closeAllEditors, freshDir, invoke, writeBytes } from './helpers';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The History folder of VS Code's local history: `<user-data-dir>/User/History`, found above our storage folder. */
function localHistoryDir(storageDir: string): string | undefined {
  let dir = storageDir;
  for (let i = 0; i < 8; i++) {
    for (const candidate of [path.join(dir, 'User', 'History'), path.join(dir, 'History')]) {
      if (path.basename(path.dirname(candidate)) === 'User' && fs.existsSync(candidate)) return candidate;
    }
    const up = path.dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

/** The entries.json files of local history whose `resource` is the file at `abs`. */
function historyFor(historyDir: string, abs: string): { folder: string; resource: string; entries: { id: string; timestamp: number; source?: string }[] }[] {
  const out = [];
  for (const name of fs.readdirSync(historyDir)) {
    const file = path.join(historyDir, name, 'entries.json');
    if (!fs.existsSync(file)) continue;
    const data = JSON.parse(fs.readFileSync(file, 'utf8'));
    if (typeof data.resource === 'string' && vscode.Uri.parse(data.resource).path === vscode.Uri.file(abs).path) out.push({ ...data, folder: path.join(historyDir, name) });
  }
  return out;
}

describe('commands: VS Code local history and agent turns', () => {
  let services: any;
  before(async () => {
    services = (await activateExtension()).services;
  });
  afterEach(closeAllEditors);

  it('an agent edit lands in VS Code\'s own local history (User/History/<hash>/entries.json)', async () => {
    const d = freshDir('lh');
    const rel = `${d.rel}/history.txt`;
    const abs = path.join(d.abs, 'history.txt');
    writeBytes(abs, 'line one\n');
    const read = await invoke('safe_read_file', { path: rel });
    const w = await invoke('write_file', { path: rel, content: 'line one\nline two\n', base_sha256: read.sha256 });
    assert.equal(w.success, true, JSON.stringify(w));
    assert.equal(w.saved, true);
    let found: ReturnType<typeof historyFor> = [];
    let dir: string | undefined;
    for (let i = 0; i < 40 && found.length === 0; i++) {
      dir = localHistoryDir(services.windowDir);
      if (dir) found = historyFor(dir, abs);
      if (found.length === 0) await sleep(250);
    }
    assert.ok(dir, `no User/History folder above ${services.windowDir}`);
    assert.equal(found.length, 1, `local history has an entries.json for ${abs}`);
    assert.ok(found[0].entries.length >= 1);
    // The entry holds the saved text (VS Code stores the content after the save).
    const newest = found[0].entries[found[0].entries.length - 1];
    assert.equal(fs.readFileSync(path.join(found[0].folder, newest.id), 'utf8'), 'line one\nline two\n');
  });

  it('agentSafeEdit.openLocalHistory opens the file and VS Code\'s local history picker', async () => {
    const d = freshDir('lh-open');
    const rel = `${d.rel}/open.txt`;
    const abs = path.join(d.abs, 'open.txt');
    writeBytes(abs, 'x\n');
    const r: any = await vscode.commands.executeCommand('agentSafeEdit.openLocalHistory', { path: rel });
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, abs);
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await closeAllEditors();
    const viaUri: any = await vscode.commands.executeCommand('agentSafeEdit.openLocalHistory', vscode.Uri.file(abs));
    assert.equal(viaUri.ok, true, JSON.stringify(viaUri));
    assert.equal(vscode.window.activeTextEditor?.document.uri.fsPath, abs, 'a file Uri (editor and explorer menus) works as well');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    const missing: any = await vscode.commands.executeCommand('agentSafeEdit.openLocalHistory', { path: `${d.rel}/nope.txt` });
    assert.equal(missing.ok, false);
  });

  it('a turn that edited three files (one created) is rolled back in one command, and that rollback can be undone', async function () {
    this.timeout(90_000);
    const config = vscode.workspace.getConfiguration('safeEdit');
    // Tool calls from tests carry no chat request, so turns are found by a quiet gap: make it
    // short, and start the turn after a pause longer than the gap.
    await config.update('turns.quietGapMinutes', 0.1, vscode.ConfigurationTarget.Global);
    try {
      assert.equal(services.settings().turnsQuietGapMs, 6000);
      const d = freshDir('turn');
      const files = {
        lf: { rel: `${d.rel}/a.txt`, abs: path.join(d.abs, 'a.txt'), bytes: Buffer.from('a1\na2\na3\n') },
        crlf: { rel: `${d.rel}/b.txt`, abs: path.join(d.abs, 'b.txt'), bytes: Buffer.from('b1\r\nb2\r\n') },
        bom: { rel: `${d.rel}/c.txt`, abs: path.join(d.abs, 'c.txt'), bytes: Buffer.concat([BOM, Buffer.from('c1\n')]) },
      };
      for (const f of Object.values(files)) writeBytes(f.abs, f.bytes);
      const createdRel = `${d.rel}/sub/new.txt`;
      const createdAbs = path.join(d.abs, 'sub', 'new.txt');
      await sleep(6500);

      // The turn: two edits of a.txt, one of b.txt, c.txt untouched, one new file.
      const ra = await invoke('safe_read_file', { path: files.lf.rel });
      const w1 = await invoke('write_file', { path: files.lf.rel, content: 'A1\na2\na3\n', base_sha256: ra.sha256 });
      assert.equal(w1.success, true, JSON.stringify(w1));
      const w2 = await invoke('replace_in_file', { path: files.lf.rel, old_text: 'a3', new_text: 'A3', base_sha256: w1.sha256 });
      assert.equal(w2.success, true, JSON.stringify(w2));
      const rb = await invoke('safe_read_file', { path: files.crlf.rel });
      const w3 = await invoke('edit_lines', { path: files.crlf.rel, base_sha256: rb.sha256, mode: 'insert', start_line: 2, new_lines: ['inserted'] });
      assert.equal(w3.success, true, JSON.stringify(w3));
      const w4 = await invoke('write_file', { path: createdRel, content: 'brand new\n', create_dirs: true });
      assert.equal(w4.success, true, JSON.stringify(w4));
      const rc = await invoke('safe_read_file', { path: files.bom.rel });
      const w5 = await invoke('write_file', { path: files.bom.rel, content: 'C1\n', base_sha256: rc.sha256 });
      assert.equal(w5.success, true, JSON.stringify(w5));

      const afterTurn = {
        lf: fs.readFileSync(files.lf.abs), crlf: fs.readFileSync(files.crlf.abs), bom: fs.readFileSync(files.bom.abs), created: fs.readFileSync(createdAbs),
      };
      assert.notDeepEqual(afterTurn.lf, files.lf.bytes);
      assert.notDeepEqual(afterTurn.crlf, files.crlf.bytes);

      const r: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, uiToken: services.uiTokenForTests() });
      assert.equal(r.ok, true, JSON.stringify(r));
      assert.deepEqual([...r.restored].sort(), [files.lf.rel, files.crlf.rel, files.bom.rel, createdRel].sort());
      assert.deepEqual(fs.readFileSync(files.lf.abs), files.lf.bytes, 'a.txt is byte-identical to before the turn');
      assert.deepEqual(fs.readFileSync(files.crlf.abs), files.crlf.bytes, 'b.txt (CRLF) is byte-identical to before the turn');
      assert.deepEqual(fs.readFileSync(files.bom.abs), files.bom.bytes, 'c.txt (BOM) is byte-identical to before the turn');
      assert.equal(fs.existsSync(createdAbs), false, 'the file the turn created is gone');

      // The turn rollback is itself the newest turn: rolling it back brings the agent's work back.
      const undo: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, uiToken: services.uiTokenForTests() });
      assert.equal(undo.ok, true, JSON.stringify(undo));
      assert.deepEqual(fs.readFileSync(files.lf.abs), afterTurn.lf);
      assert.deepEqual(fs.readFileSync(files.crlf.abs), afterTurn.crlf);
      assert.deepEqual(fs.readFileSync(files.bom.abs), afterTurn.bom);
      assert.deepEqual(fs.readFileSync(createdAbs), afterTurn.created, 'the created file is back');

      const none: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 10_000, confirm: false, uiToken: services.uiTokenForTests() });
      assert.equal(none.ok, false);
    } finally {
      await config.update('turns.quietGapMinutes', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
