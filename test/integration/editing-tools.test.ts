import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activateExtension, closeAllEditors, freshDir, invoke, sha256, writeBytes } from './helpers';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

async function read(rel: string): Promise<any> {
  const r = await invoke('safe_read_file', { path: rel });
  assert.equal(r.success, true, r.message);
  return r;
}

describe('editing tools through vscode.lm.invokeTool', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  it('safe_patch on a CRLF file keeps CRLF everywhere, added lines included', async () => {
    const d = freshDir('crlf');
    const abs = path.join(d.abs, 'main.c');
    writeBytes(abs, 'int a;\r\nint b;\r\nint c;\r\n');
    const r0 = await read(`${d.rel}/main.c`);
    const diff = '--- a/main.c\n+++ b/main.c\n@@ -1,3 +1,4 @@\n int a;\n int b;\n+int b2;\n int c;\n';
    const r = await invoke('safe_patch', { path: `${d.rel}/main.c`, base_sha256: r0.sha256, unified_diff: diff });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'int a;\r\nint b;\r\nint b2;\r\nint c;\r\n');
    assert.equal(r.sha256, sha256('int a;\r\nint b;\r\nint b2;\r\nint c;\r\n'));
    assert.match(r.excerpt, /int b2;/);
  });

  it('replace_in_file on a BOM file keeps the BOM and the hash excludes it', async () => {
    const d = freshDir('bom');
    const abs = path.join(d.abs, 'conf.py');
    writeBytes(abs, Buffer.concat([BOM, Buffer.from('name = "old"\nsize = 3\n')]));
    const r0 = await read(`${d.rel}/conf.py`);
    const r = await invoke('replace_in_file', { path: `${d.rel}/conf.py`, base_sha256: r0.sha256, old_text: 'name = "old"', new_text: 'name = "new"' });
    assert.equal(r.success, true, JSON.stringify(r));
    const bytes = fs.readFileSync(abs);
    assert.deepEqual([...bytes.subarray(0, 3)], [...BOM]);
    assert.equal(bytes.subarray(3).toString('utf8'), 'name = "new"\nsize = 3\n');
    assert.equal(r.sha256, sha256('name = "new"\nsize = 3\n'));
  });

  it('edits a file open with unsaved user changes in the buffer, without saving it', async () => {
    // The premise: nothing but us could save the buffer (VS Code in a browser auto-saves by default; the runner turns that off).
    assert.equal(vscode.workspace.getConfiguration('files').get('autoSave'), 'off');
    const d = freshDir('dirty');
    const abs = path.join(d.abs, 'notes.txt');
    writeBytes(abs, 'alpha\nbeta\n');
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(abs));
    await editor.edit((e) => e.insert(new vscode.Position(2, 0), 'gamma (typed by the user)\n'));
    const r0 = await read(`${d.rel}/notes.txt`);
    assert.equal(r0.unsaved_changes, true);
    const r = await invoke('edit_lines', { path: `${d.rel}/notes.txt`, base_sha256: r0.sha256, mode: 'replace', start_line: 1, new_lines: ['ALPHA'] });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(r.saved, false);
    assert.equal(editor.document.getText(), 'ALPHA\nbeta\ngamma (typed by the user)\n');
    assert.equal(editor.document.isDirty, true);
    assert.equal(fs.readFileSync(abs, 'utf8'), 'alpha\nbeta\n', 'the user\'s unsaved work must not be saved for them');
    await vscode.commands.executeCommand('workbench.action.revertAndCloseActiveEditor');
  });

  it('a stale hash is HASH_MISMATCH with the latest state and nothing applied', async () => {
    const d = freshDir('stale');
    const abs = path.join(d.abs, 's.txt');
    writeBytes(abs, 'one\ntwo\n');
    const r0 = await read(`${d.rel}/s.txt`);
    fs.writeFileSync(abs, 'one\ntwo\nthree (changed elsewhere)\n');
    const r = await invoke('replace_in_file', { path: `${d.rel}/s.txt`, base_sha256: r0.sha256, old_text: 'one', new_text: 'ONE' });
    assert.equal(r.error_type, 'HASH_MISMATCH');
    assert.equal(r.latest_file_state.sha256, sha256('one\ntwo\nthree (changed elsewhere)\n'));
    assert.ok(r.latest_file_state.content !== undefined || r.latest_file_state.diff_from_your_version !== undefined);
    assert.equal(fs.readFileSync(abs, 'utf8'), 'one\ntwo\nthree (changed elsewhere)\n');
  });

  it('a stale hash of a version our store knows comes back as a diff, not the whole file', async () => {
    const d = freshDir('stale-diff');
    const abs = path.join(d.abs, 'big.txt');
    const lines = Array.from({ length: 200 }, (_, i) => `line ${i + 1}`);
    writeBytes(abs, lines.join('\n') + '\n');
    const r0 = await read(`${d.rel}/big.txt`);
    const r1 = await invoke('edit_lines', { path: `${d.rel}/big.txt`, base_sha256: r0.sha256, mode: 'replace', start_line: 100, new_lines: ['line one hundred'] });
    assert.equal(r1.success, true, JSON.stringify(r1));
    const r2 = await invoke('edit_lines', { path: `${d.rel}/big.txt`, base_sha256: r0.sha256, mode: 'replace', start_line: 5, new_lines: ['line five'] });
    assert.equal(r2.error_type, 'HASH_MISMATCH');
    assert.match(r2.latest_file_state.diff_from_your_version, /\+line one hundred/);
    assert.equal(r2.latest_file_state.content, undefined);
  });

  it('an ambiguous context is AMBIGUOUS_MATCH listing the candidate lines, file untouched', async () => {
    const d = freshDir('ambig');
    const abs = path.join(d.abs, 'a.js');
    const text = 'function a() {\n  return 1;\n}\n\nfunction b() {\n  return 1;\n}\n';
    writeBytes(abs, text);
    const r0 = await read(`${d.rel}/a.js`);
    const r = await invoke('safe_patch', { path: `${d.rel}/a.js`, base_sha256: r0.sha256, unified_diff: '@@ @@\n-  return 1;\n+  return 2;\n }\n' });
    assert.equal(r.success, false);
    assert.equal(r.error_type, 'AMBIGUOUS_MATCH', JSON.stringify(r));
    assert.deepEqual(r.candidates, [2, 6]);
    assert.equal(r.content, undefined, 'no file content in a patch failure');
    assert.equal(fs.readFileSync(abs, 'utf8'), text);
  });

  it('a 2-byte write over the 3,400-byte calculator is SIZE_REDUCTION_BLOCKED, file intact', async () => {
    const d = freshDir('shrink');
    const abs = path.join(d.abs, 'calculate.c');
    const text = '/* calculator */\n' + 'int op(int a, int b) { return a + b; }\n'.repeat(88);
    assert.ok(text.length > 3300);
    writeBytes(abs, text);
    const r0 = await read(`${d.rel}/calculate.c`);
    const r = await invoke('write_file', { path: `${d.rel}/calculate.c`, base_sha256: r0.sha256, content: '}\n', skip_validation: true });
    assert.equal(r.error_type, 'SIZE_REDUCTION_BLOCKED', JSON.stringify(r));
    assert.match(r.message, new RegExp(`${Buffer.byteLength(text)} bytes to 2 bytes`));
    assert.equal(fs.readFileSync(abs, 'utf8'), text);
  });

  it('write_file refuses "... existing code ..." placeholders over real code', async () => {
    const d = freshDir('elide');
    const abs = path.join(d.abs, 'app.ts');
    const text = 'export function f() {\n  return 1;\n}\n\nexport function g() {\n  return 2;\n}\n';
    writeBytes(abs, text);
    const r0 = await read(`${d.rel}/app.ts`);
    const r = await invoke('write_file', { path: `${d.rel}/app.ts`, base_sha256: r0.sha256, content: 'export function f() {\n  return 10;\n}\n\n// ... existing code ...\n' });
    assert.equal(r.error_type, 'ELISION_BLOCKED', JSON.stringify(r));
    assert.equal(fs.readFileSync(abs, 'utf8'), text);
  });

  it('write_file creates a file (with create_dirs) and needs base_sha256 to overwrite', async () => {
    const d = freshDir('create');
    const rel = `${d.rel}/deep/new/file.txt`;
    const noDirs = await invoke('write_file', { path: rel, content: 'hello\n' });
    assert.equal(noDirs.error_type, 'FILE_NOT_FOUND');
    const r = await invoke('write_file', { path: rel, content: 'hello\n', create_dirs: true });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(r.created, true);
    assert.equal(fs.readFileSync(path.join(d.abs, 'deep/new/file.txt'), 'utf8'), 'hello\n');
    const again = await invoke('write_file', { path: rel, content: 'bye\n' });
    assert.equal(again.error_type, 'INVALID_INPUT');
    assert.equal(again.field, 'base_sha256');
  });

  it('a duplicate insert is DUPLICATE_CONTENT showing the existing lines', async () => {
    const d = freshDir('dup');
    const abs = path.join(d.abs, 'calc.c');
    const text = 'int main(int argc, char **argv) {\n    if (argc != 2) {\n        return 1;\n    }\n    return run(argv[1]);\n}\n';
    writeBytes(abs, text);
    const r0 = await read(`${d.rel}/calc.c`);
    const r = await invoke('edit_lines', { path: `${d.rel}/calc.c`, base_sha256: r0.sha256, mode: 'insert', start_line: 5, new_lines: ['    if (argc != 2) {', '        return 1;', '    }'] });
    assert.equal(r.error_type, 'DUPLICATE_CONTENT', JSON.stringify(r));
    assert.equal(r.existing_lines.start_line, 2);
    assert.equal(fs.readFileSync(abs, 'utf8'), text);
  });

  it('two concurrent patches to one file: one lands, the other sees the new hash', async () => {
    const d = freshDir('conc');
    const abs = path.join(d.abs, 'c.txt');
    writeBytes(abs, 'a\nb\nc\nd\ne\nf\ng\nh\n');
    const r0 = await read(`${d.rel}/c.txt`);
    const p1 = invoke('safe_patch', { path: `${d.rel}/c.txt`, base_sha256: r0.sha256, unified_diff: '@@ -1,3 +1,3 @@\n a\n-b\n+B\n c\n' });
    const p2 = invoke('safe_patch', { path: `${d.rel}/c.txt`, base_sha256: r0.sha256, unified_diff: '@@ -6,3 +6,3 @@\n f\n-g\n+G\n h\n' });
    const [a, b] = await Promise.all([p1, p2]);
    const outcomes = [a, b].map((r) => (r.success ? 'ok' : r.error_type)).sort();
    assert.deepEqual(outcomes, ['HASH_MISMATCH', 'ok']);
    const text = fs.readFileSync(abs, 'utf8');
    assert.ok(text === 'a\nB\nc\nd\ne\nf\ng\nh\n' || text === 'a\nb\nc\nd\ne\nf\nG\nh\n', text);
  });

  it('an invalid patch returns where it failed and no file content', async () => {
    const d = freshDir('invalid');
    const abs = path.join(d.abs, 'x.py');
    writeBytes(abs, 'def f():\n    return 1\n');
    const r0 = await read(`${d.rel}/x.py`);
    const r = await invoke('safe_patch', { path: `${d.rel}/x.py`, base_sha256: r0.sha256, unified_diff: '@@ -1,2 +1,2 @@\n def g():\n-    return 7\n+    return 8\n' });
    assert.equal(r.success, false);
    assert.ok(['INVALID_PATCH', 'NO_MATCH'].includes(r.error_type), JSON.stringify(r));
    assert.equal(r.hunk, 1);
    assert.equal(r.content, undefined);
    assert.equal(r.latest_file_state, undefined);
  });
});
