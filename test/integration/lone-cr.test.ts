import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, freshDir, invoke, sha256, writeBytes } from './helpers';

// A CRLF file with a carriage return inside a line ("b\rc"): VS Code's text model reads that CR
// as a line break, so the model never holds the file's bytes. The tools used to send the edit
// through the model and answer HASH_MISMATCH "someone typed in it"; such a file is now edited
// on the direct, byte-exact path, closed or open (src/hosts/vscode/file-host.ts).
describe('a file with a lone CR inside a line', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  const text = 'a\r\nb\rc\r\nd\r\n';

  function fresh(label: string) {
    const d = freshDir(label);
    const abs = path.join(d.abs, 'lone-cr.txt');
    writeBytes(abs, text);
    return { abs, rel: `${d.rel}/lone-cr.txt` };
  }

  it('closed: replace_in_file writes the edit and keeps every other byte, and says why it wrote directly', async () => {
    const { abs, rel } = fresh('lonecr-closed');
    const r0 = await invoke('safe_read_file', { path: rel });
    assert.equal(r0.sha256, sha256(text));
    const r = await invoke('replace_in_file', { path: rel, base_sha256: r0.sha256, old_text: 'd', new_text: 'D' });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(JSON.stringify(fs.readFileSync(abs, 'utf8')), JSON.stringify('a\r\nb\rc\r\nD\r\n'));
    assert.equal(r.sha256, sha256('a\r\nb\rc\r\nD\r\n'));
    assert.match(JSON.stringify(r), /lone CR/);
  });

  it('open in an editor (whose model has normalized it): the tools read, hash and edit the disk\'s bytes', async () => {
    const { abs, rel } = fresh('lonecr-open');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs));
    await vscode.window.showTextDocument(doc);
    assert.notEqual(doc.getText(), text, 'the model reads the lone CR as a line break');
    const r0 = await invoke('safe_read_file', { path: rel });
    assert.equal(r0.sha256, sha256(text), JSON.stringify(r0));
    const r = await invoke('safe_patch', { path: rel, base_sha256: r0.sha256, unified_diff: '--- a/lone-cr.txt\n+++ b/lone-cr.txt\n@@ -1,3 +1,3 @@\n a\n-b\rc\n+b\rC\n d\n' });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(JSON.stringify(fs.readFileSync(abs, 'utf8')), JSON.stringify('a\r\nb\rC\r\nd\r\n'));
    assert.equal(doc.isDirty, false, 'the editor holds no unsaved change of ours');
  });

  it('a rollback restores the lone CR byte for byte', async () => {
    const { abs, rel } = fresh('lonecr-rollback');
    const r0 = await invoke('safe_read_file', { path: rel });
    const r = await invoke('replace_in_file', { path: rel, base_sha256: r0.sha256, old_text: 'a', new_text: 'A' });
    assert.equal(r.success, true, JSON.stringify(r));
    const back = await invoke('rollback_file', { path: rel });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.ok(fs.readFileSync(abs).equals(Buffer.from(text)), JSON.stringify(fs.readFileSync(abs, 'utf8')));
  });
});
