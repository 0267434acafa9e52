import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { execFileSync } from 'node:child_process';
import { activateExtension, closeAllEditors, freshDir, invoke, writeBytes } from './helpers';

// Issue 19's write-path items (7, 9, 10, 12) and issue 14's one write transaction, through the
// tools as Copilot calls them.
const CALCULATOR = '/* calculator */\n' + 'int op(int a, int b) { return a + b; }\n'.repeat(88);

describe('write path: one transaction, every guard on the final text', () => {
  let api: any;
  before(async () => {
    api = await activateExtension();
  });
  afterEach(closeAllEditors);

  async function read(rel: string): Promise<any> {
    const r = await invoke('safe_read_file', { path: rel });
    assert.equal(r.success, true, JSON.stringify(r));
    return r;
  }

  it('edit_lines replacing every line of the 3.4 KB calculator with "}" is SIZE_REDUCTION_BLOCKED; allow_size_reduce lets it through', async () => {
    const d = freshDir('shrink-lines');
    const rel = `${d.rel}/calculate.c`;
    writeBytes(path.join(d.abs, 'calculate.c'), CALCULATOR);
    const r0 = await read(rel);
    const input = { path: rel, base_sha256: r0.sha256, mode: 'replace', start_line: 1, end_line: r0.line_count, new_lines: ['}'], skip_validation: true };
    const r = await invoke('edit_lines', input);
    assert.equal(r.error_type, 'SIZE_REDUCTION_BLOCKED', JSON.stringify(r));
    assert.equal(fs.readFileSync(path.join(d.abs, 'calculate.c'), 'utf8'), CALCULATOR);
    const allowed = await invoke('edit_lines', { ...input, allow_size_reduce: true });
    assert.equal(allowed.success, true, JSON.stringify(allowed));
    assert.equal(fs.readFileSync(path.join(d.abs, 'calculate.c'), 'utf8'), '}\n');
  });

  it('safe_patch and replace_in_file are shrink-guarded too', async () => {
    const d = freshDir('shrink-others');
    const rel = `${d.rel}/calculate.c`;
    writeBytes(path.join(d.abs, 'calculate.c'), CALCULATOR);
    const r0 = await read(rel);
    const body = CALCULATOR.split('\n').slice(1, -1);
    const patch = `@@ -2,${body.length} +2,0 @@\n${body.map((l) => `-${l}`).join('\n')}\n`;
    const p = await invoke('safe_patch', { path: rel, base_sha256: r0.sha256, unified_diff: patch, skip_validation: true });
    assert.equal(p.error_type, 'SIZE_REDUCTION_BLOCKED', JSON.stringify(p).slice(0, 300));
    const s = await invoke('replace_in_file', { path: rel, old_text: body.join('\n') + '\n', new_text: '', skip_validation: true });
    assert.equal(s.error_type, 'SIZE_REDUCTION_BLOCKED', JSON.stringify(s).slice(0, 300));
    assert.equal(fs.readFileSync(path.join(d.abs, 'calculate.c'), 'utf8'), CALCULATOR);
  });

  it('a result with a NUL byte or over maxFileSizeMB is refused, so the file never becomes unreadable to the tools', async () => {
    const d = freshDir('unrecoverable');
    const rel = `${d.rel}/notes.txt`;
    writeBytes(path.join(d.abs, 'notes.txt'), 'alpha\nbeta\n');
    const r0 = await read(rel);
    const nul = await invoke('replace_in_file', { path: rel, old_text: 'beta', new_text: 'be\u0000ta' });
    assert.equal(nul.error_type, 'BINARY_FILE', JSON.stringify(nul));
    const big = await invoke('write_file', { path: rel, base_sha256: r0.sha256, content: 'é'.repeat(5_300_000) });
    assert.equal(big.error_type, 'TOO_LARGE', JSON.stringify(big).slice(0, 300));
    assert.equal(fs.readFileSync(path.join(d.abs, 'notes.txt'), 'utf8'), 'alpha\nbeta\n');
    assert.equal((await read(rel)).sha256, r0.sha256);
  });

  /** A file the agent rewrote from "one" to "two", then opened in an editor where the user typed `typed` (unsaved). */
  async function agentRewroteThenUserTyped(label: string, typed: string): Promise<{ rel: string; abs: string; editor: vscode.TextEditor }> {
    const d = freshDir(label);
    const rel = `${d.rel}/a.txt`;
    const abs = path.join(d.abs, 'a.txt');
    writeBytes(abs, 'one\n');
    const r0 = await read(rel);
    assert.equal((await invoke('write_file', { path: rel, base_sha256: r0.sha256, content: 'two\n' })).success, true);
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(abs));
    await editor.edit((e) => e.insert(new vscode.Position(1, 0), typed));
    return { rel, abs, editor };
  }

  it('rollback_file keeps the hash protocol: refused after the user edited the file, forced it restores', async () => {
    const { rel, abs, editor } = await agentRewroteThenUserTyped('rollback-hash', 'the user typed this\n');
    assert.equal(await editor.document.save(), true); // and saved
    const refused = await invoke('rollback_file', { path: rel });
    assert.equal(refused.error_type, 'HASH_MISMATCH', JSON.stringify(refused));
    assert.match(refused.message, /force: true/);
    assert.equal(fs.readFileSync(abs, 'utf8'), 'two\nthe user typed this\n');
    const forced = await invoke('rollback_file', { path: rel, force: true });
    assert.equal(forced.success, true, JSON.stringify(forced));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'one\n');
    // the user's discarded text is itself backed up: rolling back the rollback brings it back
    const undo = await invoke('rollback_file', { path: rel });
    assert.equal(undo.success, true, JSON.stringify(undo));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'two\nthe user typed this\n');
  });

  it('a save the disk refuses is a failed edit, not a success: the file and the editor keep the old text', async () => {
    const d = freshDir('save-refused');
    const rel = `${d.rel}/locked.txt`;
    const abs = path.join(d.abs, 'locked.txt');
    writeBytes(abs, 'old\n');
    const r0 = await read(rel);
    execFileSync('chattr', ['+i', abs]); // immutable: even root's writes are refused (ext4)
    let r: any;
    try {
      r = await invoke('write_file', { path: rel, base_sha256: r0.sha256, content: 'new\n' });
    } finally {
      execFileSync('chattr', ['-i', abs]);
    }
    assert.equal(r.success, false, JSON.stringify(r));
    assert.equal(r.reason, 'save_refused', JSON.stringify(r));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'old\n');
    const doc = vscode.workspace.textDocuments.find((x) => x.uri.fsPath === abs);
    if (doc) assert.equal(doc.getText(), 'old\n', "the editor's copy is put back");
    assert.equal(api.services.store.list(rel)[0].outcome, 'failed');
  });

  it('rollback_file never overwrites unsaved changes, even with force', async () => {
    const { rel, editor } = await agentRewroteThenUserTyped('rollback-dirty', 'unsaved work\n');
    try {
      const r = await invoke('rollback_file', { path: rel, force: true });
      assert.equal(r.error_type, 'PERMISSION_DENIED', JSON.stringify(r));
      assert.equal(editor.document.getText(), 'two\nunsaved work\n');
      assert.equal(editor.document.isDirty, true);
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
    }
  });

  it('a file the agent created and the user changed since is not deleted by a rollback without force', async () => {
    const d = freshDir('rollback-created');
    const rel = `${d.rel}/new.txt`;
    const abs = path.join(d.abs, 'new.txt');
    assert.equal((await invoke('write_file', { path: rel, content: 'agent\n' })).success, true);
    const entry = api.services.store.list(rel)[0];
    assert.equal(entry.kind, 'create');
    fs.writeFileSync(abs, 'agent\nand the user\n');
    const r = await invoke('rollback_file', { path: rel });
    assert.equal(r.error_type, 'HASH_MISMATCH', JSON.stringify(r));
    assert.equal(fs.existsSync(abs), true);
    const forced = await invoke('rollback_file', { path: rel, force: true });
    assert.equal(forced.deleted, true, JSON.stringify(forced));
    assert.equal(fs.existsSync(abs), false);
    assert.equal(api.services.store.list(rel)[0].kind, 'delete');
  });

  it('a symlink alias and the real name are one file: one history, one lock, one set of counters', async () => {
    const d = freshDir('alias');
    const real = path.join(d.abs, 'real.txt');
    writeBytes(real, 'v0\n');
    fs.symlinkSync(real, path.join(d.abs, 'alias.txt'));
    const viaAlias = await read(`${d.rel}/alias.txt`);
    // two edits from the same base at once, one through each name: the shared lock serializes
    // them and the second sees the first's result, so exactly one lands
    const [a, b] = await Promise.all([
      invoke('write_file', { path: `${d.rel}/alias.txt`, base_sha256: viaAlias.sha256, content: 'from alias\n' }),
      invoke('write_file', { path: `${d.rel}/real.txt`, base_sha256: viaAlias.sha256, content: 'from real\n' }),
    ]);
    assert.deepEqual([a.success, b.success].sort(), [false, true], JSON.stringify([a, b]));
    assert.equal((a.success ? b : a).error_type, 'HASH_MISMATCH');
    assert.equal(a.path ?? b.path, `${d.rel}/real.txt`, 'results name the real file');
    assert.equal(fs.lstatSync(path.join(d.abs, 'alias.txt')).isSymbolicLink(), true);
    const history = await invoke('list_backups', { path: `${d.rel}/alias.txt` });
    const historyReal = await invoke('list_backups', { path: `${d.rel}/real.txt` });
    assert.deepEqual(history, historyReal);
  });

  it('Add Agent Instructions journals the files it creates (a create entry Roll Back File can undo)', async () => {
    const services = api.services;
    const rel = '.github/agents/safe-edit.agent.md';
    const abs = path.join(vscode.workspace.workspaceFolders![0].uri.fsPath, rel);
    fs.rmSync(abs, { force: true }); // another test may have written it already
    const out: any = await vscode.commands.executeCommand('agentSafeEdit.addAgentInstructions', { overwrite: false });
    assert.equal(out.ok, true, JSON.stringify(out));
    const entries = services.store.list(rel);
    assert.equal(entries[0]?.kind, 'create', JSON.stringify(entries));
    assert.equal(entries[0]?.outcome, 'applied');
  });
});
