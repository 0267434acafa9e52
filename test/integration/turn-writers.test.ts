import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { EntryItem, FileItem } from '../../src/ui/historyTree';
import type { DashboardState } from '../../src/ui/dashboardState';
import { activateExtension, closeAllEditors, freshDir, invoke, writeBytes } from './helpers';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const modeOf = (abs: string) => fs.statSync(abs).mode & 0o777;

/** A file of a test: its journal path, its absolute path. */
interface F { rel: string; abs: string }

async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 8000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(50);
  }
}

// Changes by other writers (a program execute_program ran, Copilot's own tools, a process
// outside the tools) reach the history as journal entries with a `writer`; these tests make
// them as such a recorder does (the file written with fs first, then begin/finish through the
// extension's store) and drive Roll Back Agent Turn, Redo Agent Turn, list_backups,
// rollback_file, the Edit History tree and the dashboard in the real VS Code.
describe('turns with other writers: roll back, select, redo, and every writer shown', () => {
  let api: any;
  let services: any;
  let uiToken: string;
  const config = () => vscode.workspace.getConfiguration('safeEdit');

  before(async () => {
    api = await activateExtension();
    services = api.services;
    uiToken = services.uiTokenForTests();
    // Tool calls from tests carry no chat request, so turns are found by a quiet gap: make it
    // short, and start each turn after a pause longer than the gap.
    await config().update('turns.quietGapMinutes', 0.1, vscode.ConfigurationTarget.Global);
    assert.equal(services.settings().turnsQuietGapMs, 6000);
  });
  after(async () => {
    await config().update('turns.quietGapMinutes', undefined, vscode.ConfigurationTarget.Global);
  });
  afterEach(closeAllEditors);

  const file = (d: { abs: string; rel: string }, name: string): F => ({ rel: `${d.rel}/${name}`, abs: path.join(d.abs, name) });

  /** Journals a change another writer already made to `f` (one file). */
  async function recordOther(f: F, writer: object, change: { before?: Buffer; beforeText?: string; kind: 'create' | 'modify' | 'delete'; after?: string; bom?: boolean; mode?: number; tool?: string }): Promise<string> {
    const begun = await services.store.begin({
      tool: change.tool ?? 'outside', path: f.rel, beforeText: change.beforeText ?? '', kind: change.kind, writer,
      ...(change.before ? { beforeBytes: change.before } : {}),
      ...(change.bom ? { beforeBom: true } : {}),
      ...(change.mode !== undefined ? { beforeMode: change.mode } : {}),
    });
    assert.ok(begun.ok, JSON.stringify(begun));
    const done = await services.store.finish(begun.id, { afterText: change.after ?? '', outcome: 'applied' });
    assert.ok(done.ok, JSON.stringify(done));
    return begun.id;
  }

  /** One of our tools' edits: replace `from` by `to` in `f`. */
  async function ourEdit(f: F, from: string, to: string): Promise<void> {
    const read = await invoke('safe_read_file', { path: f.rel });
    const r = await invoke('replace_in_file', { path: f.rel, old_text: from, new_text: to, base_sha256: read.sha256 });
    assert.equal(r.success, true, JSON.stringify(r));
  }

  const rollback = (extra: object = {}): Thenable<any> => vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, uiToken, ...extra });
  const redo = (extra: object = {}): Thenable<any> => vscode.commands.executeCommand('agentSafeEdit.redoTurn', { confirm: false, uiToken, ...extra });
  const byPath = (r: any) => Object.fromEntries((r.files as any[]).map((f) => [f.path, f]));

  it('a turn of our edit, an execute_program run (one change of two files), an outside-created and an outside-deleted file: rolled back byte for byte (mode, BOM, CRLF), redone, and rolled back again', async function () {
    this.timeout(120_000);
    const d = freshDir('writers');
    const ours = file(d, 'ours.txt');
    const gen = file(d, 'gen.txt');
    const made = file(d, 'made.txt');
    const fresh = file(d, 'fresh.txt');
    const gone = file(d, 'gone.txt');
    const before = {
      ours: Buffer.from('o1\no2\n'),
      gen: Buffer.concat([BOM, Buffer.from('g1\r\ng2\r\n')]),
      gone: Buffer.concat([BOM, Buffer.from('d1\r\nd2\r\n')]),
    };
    writeBytes(ours.abs, before.ours);
    writeBytes(gen.abs, before.gen);
    fs.chmodSync(gen.abs, 0o755);
    writeBytes(gone.abs, before.gone);
    fs.chmodSync(gone.abs, 0o754);
    await sleep(6500);

    // The turn.
    await ourEdit(ours, 'o2', 'O2');
    // execute_program ran `node gen.js`: it rewrote gen.txt (keeping its BOM and CRLF) and created made.txt.
    fs.writeFileSync(gen.abs, Buffer.concat([BOM, Buffer.from('generated\r\n')]));
    fs.writeFileSync(made.abs, 'made by gen.js\n');
    const group = await services.store.beginGroup([
      { tool: 'execute_program', path: gen.rel, beforeText: '', beforeBytes: before.gen, kind: 'modify', writer: { kind: 'execute_program', argv: ['node', 'gen.js'] } },
      { tool: 'execute_program', path: made.rel, beforeText: '', kind: 'create', writer: { kind: 'execute_program', argv: ['node', 'gen.js'] } },
    ]);
    assert.ok(group.ok, JSON.stringify(group));
    assert.ok((await services.store.finish(group.entries[0].id, { afterText: 'generated\r\n', outcome: 'applied' })).ok);
    assert.ok((await services.store.finish(group.entries[1].id, { afterText: 'made by gen.js\n', outcome: 'applied' })).ok);
    // Outside the tools: a file created, a file deleted.
    fs.writeFileSync(fresh.abs, 'from outside\n');
    await recordOther(fresh, { kind: 'outside' }, { kind: 'create', after: 'from outside\n' });
    fs.unlinkSync(gone.abs);
    await recordOther(gone, { kind: 'outside' }, { kind: 'delete', beforeText: 'd1\r\nd2\r\n', bom: true, mode: 0o754 });

    const afterTurn = { ours: fs.readFileSync(ours.abs), gen: fs.readFileSync(gen.abs), made: fs.readFileSync(made.abs), fresh: fs.readFileSync(fresh.abs) };

    const r = await rollback();
    assert.equal(r.ok, true, JSON.stringify(r));
    const files = byPath(r);
    assert.deepEqual(Object.keys(files).sort(), [ours.rel, gen.rel, made.rel, fresh.rel, gone.rel].sort());
    assert.deepEqual([files[ours.rel].writer, files[ours.rel].action], ['replace_in_file', 'restore']);
    assert.deepEqual([files[gen.rel].writer, files[gen.rel].action], ['execute_program: node gen.js', 'restore']);
    assert.deepEqual([files[made.rel].writer, files[made.rel].action], ['execute_program: node gen.js', 'delete']);
    assert.deepEqual([files[fresh.rel].writer, files[fresh.rel].action], ['outside the tools', 'delete']);
    assert.deepEqual([files[gone.rel].writer, files[gone.rel].action], ['outside the tools', 'recreate']);
    assert.ok(Object.values(files).every((f: any) => f.result === 'done'), JSON.stringify(r.files));
    assert.deepEqual(fs.readFileSync(ours.abs), before.ours);
    assert.deepEqual(fs.readFileSync(gen.abs), before.gen, 'BOM and CRLF back, byte for byte');
    assert.equal(modeOf(gen.abs), 0o755, 'the mode is kept');
    assert.equal(fs.existsSync(made.abs), false, 'the file the program created is deleted');
    assert.equal(fs.existsSync(fresh.abs), false, 'the file created outside the tools is deleted');
    assert.deepEqual(fs.readFileSync(gone.abs), before.gone, 'the deleted file is re-created with its BOM and CRLF');
    assert.equal(modeOf(gone.abs), 0o754, 'and its mode');

    // Redo puts the turn's result back; the preview names who wrote what comes back.
    const again = await redo();
    assert.equal(again.ok, true, JSON.stringify(again));
    const redone = byPath(again);
    assert.equal(redone[gen.rel].writer, 'execute_program: node gen.js');
    assert.equal(redone[fresh.rel].writer, 'outside the tools');
    assert.equal(redone[ours.rel].writer, 'replace_in_file');
    assert.deepEqual(fs.readFileSync(ours.abs), afterTurn.ours);
    assert.deepEqual(fs.readFileSync(gen.abs), afterTurn.gen);
    assert.deepEqual(fs.readFileSync(made.abs), afterTurn.made);
    assert.deepEqual(fs.readFileSync(fresh.abs), afterTurn.fresh);
    assert.equal(fs.existsSync(gone.abs), false, 'the file the turn deleted is deleted again');

    const nothing = await redo();
    assert.equal(nothing.ok, false, 'the rollback was redone already');

    // After a Redo the turn can be rolled back again.
    const third = await rollback();
    assert.equal(third.ok, true, JSON.stringify(third));
    assert.deepEqual(fs.readFileSync(ours.abs), before.ours);
    assert.deepEqual(fs.readFileSync(gen.abs), before.gen);
    assert.equal(modeOf(gen.abs), 0o755);
    assert.equal(fs.existsSync(made.abs), false);
    assert.equal(fs.existsSync(fresh.abs), false);
    assert.deepEqual(fs.readFileSync(gone.abs), before.gone);
    assert.equal(modeOf(gone.abs), 0o754);
  });

  it('{ paths } rolls back two of four files and leaves the others as the turn left them; a path the turn did not change refuses the whole selection', async function () {
    this.timeout(60_000);
    const d = freshDir('select');
    const fs4 = ['a', 'b', 'c', 'd'].map((n) => file(d, `${n}.txt`));
    for (const f of fs4) writeBytes(f.abs, `${path.basename(f.rel)} before\n`);
    await sleep(6500);
    await ourEdit(fs4[0], 'before', 'after');
    for (const f of fs4.slice(1)) {
      const beforeText = fs.readFileSync(f.abs, 'utf8');
      fs.writeFileSync(f.abs, `${path.basename(f.rel)} after\n`);
      await recordOther(f, { kind: 'agent_tool', name: 'copilot:replace_string_in_file' }, { kind: 'modify', beforeText, after: `${path.basename(f.rel)} after\n`, tool: 'agent_tool' });
    }
    const typo = await rollback({ paths: [fs4[1].rel, `${d.rel}/nope.txt`] });
    assert.equal(typo.ok, false);
    assert.match(typo.message, /nope\.txt/);
    for (const f of fs4) assert.equal(fs.readFileSync(f.abs, 'utf8'), `${path.basename(f.rel)} after\n`, 'nothing was changed');

    const r = await rollback({ paths: [fs4[1].rel, fs4[3].rel] });
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.deepEqual([...r.restored].sort(), [fs4[1].rel, fs4[3].rel].sort());
    assert.equal(byPath(r)[fs4[1].rel].writer, 'Copilot: replace_string_in_file');
    assert.equal(byPath(r)[fs4[0].rel].result, 'not_selected');
    assert.equal(fs.readFileSync(fs4[0].abs, 'utf8'), 'a.txt after\n');
    assert.equal(fs.readFileSync(fs4[1].abs, 'utf8'), 'b.txt before\n');
    assert.equal(fs.readFileSync(fs4[2].abs, 'utf8'), 'c.txt after\n');
    assert.equal(fs.readFileSync(fs4[3].abs, 'utf8'), 'd.txt before\n');

    const back = await redo();
    assert.equal(back.ok, true, JSON.stringify(back));
    assert.deepEqual([...back.restored].sort(), [fs4[1].rel, fs4[3].rel].sort(), 'the redo touches only what the rollback changed');
    for (const f of fs4) assert.equal(fs.readFileSync(f.abs, 'utf8'), `${path.basename(f.rel)} after\n`);
  });

  it('a file with unsaved editor changes is skipped and named; a file the turn created and someone changed since is left alone and named', async function () {
    this.timeout(60_000);
    const d = freshDir('held');
    const plain = file(d, 'plain.txt');
    const typed = file(d, 'typed.txt');
    const created = file(d, 'created.txt');
    writeBytes(plain.abs, 'p before\n');
    writeBytes(typed.abs, 't before\n');
    await sleep(6500);
    await ourEdit(plain, 'before', 'after');
    fs.writeFileSync(typed.abs, 't after\n');
    await recordOther(typed, { kind: 'outside' }, { kind: 'modify', beforeText: 't before\n', after: 't after\n' });
    fs.writeFileSync(created.abs, 'generated\n');
    await recordOther(created, { kind: 'execute_program', argv: ['make'] }, { kind: 'create', after: 'generated\n', tool: 'execute_program' });
    // After the turn: the user types into typed.txt (unsaved) and edits created.txt on disk.
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(typed.abs));
    await vscode.window.showTextDocument(doc);
    const edit = new vscode.WorkspaceEdit();
    edit.insert(doc.uri, new vscode.Position(0, 0), 'typing ');
    assert.ok(await vscode.workspace.applyEdit(edit));
    assert.equal(doc.isDirty, true);
    fs.writeFileSync(created.abs, 'generated\nplus the user\'s line\n');

    try {
      const r = await rollback();
      assert.equal(r.ok, true, JSON.stringify(r));
      assert.deepEqual(r.restored, [plain.rel]);
      const skipped = Object.fromEntries((r.skipped as any[]).map((s) => [s.path, s.reason]));
      assert.deepEqual(skipped, { [typed.rel]: 'unsaved_changes', [created.rel]: 'changed_since' });
      assert.match(r.message, /typed\.txt \(skipped: it has unsaved changes/);
      assert.match(r.message, /created\.txt \(held back: it has changed since the turn/);
      assert.equal(fs.readFileSync(plain.abs, 'utf8'), 'p before\n');
      assert.equal(doc.getText(), 'typing t after\n', 'the unsaved buffer is untouched');
      assert.equal(doc.isDirty, true);
      assert.equal(fs.readFileSync(typed.abs, 'utf8'), 't after\n');
      assert.equal(fs.readFileSync(created.abs, 'utf8'), 'generated\nplus the user\'s line\n', 'the changed created file is kept');
    } finally {
      await vscode.window.showTextDocument(doc);
      await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
    }
  });

  it('list_backups, rollback_file by backup_id (a raw-bytes before), the Edit History tree and the dashboard name every writer', async function () {
    this.timeout(60_000);
    const d = freshDir('listing');
    const f = file(d, 'latin1.txt');
    const original = Buffer.from([0x63, 0x61, 0x66, 0xe9, 0x0d, 0x0a]); // "café\r\n" in Latin-1: not UTF-8
    writeBytes(f.abs, original);
    fs.writeFileSync(f.abs, 'cafe\n');
    const id = await recordOther(f, { kind: 'execute_program', argv: ['iconv', '-f', 'latin1', 'latin1.txt'] }, { kind: 'modify', before: original, after: 'cafe\n', tool: 'execute_program' });
    await ourEdit(f, 'cafe', 'coffee');

    const listed = await invoke('list_backups', { path: f.rel });
    assert.equal(listed.success, true, JSON.stringify(listed));
    assert.deepEqual(listed.backups.map((b: any) => b.writer), ['replace_in_file', 'execute_program: iconv -f latin1 latin1.txt']);
    assert.equal(listed.backups[1].id, id);

    const root = (api.ui.history.getChildren() as FileItem[]).find((i) => i.path === f.rel);
    assert.ok(root, 'the tree lists the file');
    const labels = (api.ui.history.getChildren(root) as EntryItem[]).map((e) => String(e.label));
    assert.ok(labels[0].endsWith('replace_in_file'), labels[0]);
    assert.ok(labels[1].endsWith('execute_program: iconv -f latin1 latin1.txt'), labels[1]);

    await vscode.commands.executeCommand('agentSafeEdit.openDashboard');
    const row = await waitFor('the dashboard row', () => {
      const s: DashboardState | undefined = api.ui.dashboard.lastState;
      return s?.entries.find((e) => e.id === id);
    });
    assert.equal(row.writer, 'execute_program: iconv -f latin1 latin1.txt');
    // Later suites wait for the dashboard's first state after they open it: close the panel (no
    // more pushes) and leave no state behind.
    api.ui.dashboard.panel?.dispose();
    await sleep(200);
    api.ui.dashboard.lastState = undefined;

    const rb = await invoke('rollback_file', { path: f.rel, backup_id: id, force: true });
    assert.equal(rb.success, true, JSON.stringify(rb));
    assert.deepEqual(fs.readFileSync(f.abs), original, 'the raw before is restored byte for byte');
  });

  it('the preview lists each file with its writer, previews its diff (current ↔ what it will become), and accepting restores the picked files', async function () {
    this.timeout(60_000);
    const d = freshDir('preview');
    const f = file(d, 'p.txt');
    writeBytes(f.abs, 'p before\n');
    await sleep(6500);
    fs.writeFileSync(f.abs, 'p after\n');
    await recordOther(f, { kind: 'agent_tool', name: 'copilot:create_file' }, { kind: 'modify', beforeText: 'p before\n', after: 'p after\n', tool: 'agent_tool' });
    const entry = services.store.list(f.rel)[0];
    services.setConsentAnswerForTests('allow');
    const running = vscode.commands.executeCommand<any>('agentSafeEdit.rollbackTurn', { turnIndex: 0 });
    const tab = await waitFor('the diff preview', () => {
      for (const group of vscode.window.tabGroups.all) {
        for (const t of group.tabs) {
          if (t.input instanceof vscode.TabInputTextDiff && t.input.original.fsPath === f.abs) return t;
        }
      }
      return undefined;
    });
    const input = tab.input as vscode.TabInputTextDiff;
    assert.equal(input.modified.query, `sha=${entry.before_sha256}`, 'the right side is what the file will become');
    assert.match(tab.label, /current ↔ after the rollback/);
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    const r = await running;
    const asked = services.consentPromptsForTests().map((p: any) => p.choices[0]);
    services.setConsentAnswerForTests(undefined);
    assert.equal(r.ok, true, JSON.stringify(r));
    assert.deepEqual(asked, ['Roll Back Turn'], 'accepting the preview asks once more, naming the files');
    assert.equal(byPath(r)[f.rel].writer, 'Copilot: create_file');
    assert.equal(fs.readFileSync(f.abs, 'utf8'), 'p before\n');
  });
});
