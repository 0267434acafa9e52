import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, freshDir, invoke, sha256 } from './helpers';

// A file that is not UTF-8 on disk, edited while an editor holds it in its own encoding, or a
// file with mixed line endings edited while open (the model normalized them): the backup is the
// disk's bytes and rollback_file puts them back exactly. Before, the backup was the editor's
// text: rolled back once no editor decoded the file, it came back as UTF-8 (é → Ã©), and the
// rollback first claimed that someone had edited the file since, which nobody had.
describe('rollback restores the bytes of a file held in another encoding or with mixed line endings', () => {
  let api: any;
  before(async () => {
    api = await activateExtension();
  });
  afterEach(closeAllEditors);

  const encodings = [
    { name: 'latin1', vscode: 'iso88591', encode: (t: string) => Buffer.from(t, 'latin1') },
    { name: 'UTF-16LE with its BOM', vscode: 'utf16le', encode: (t: string) => Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(t, 'utf16le')]) },
  ];

  /** A file in `enc`, opened in that encoding, that the agent edits; returns its paths and bytes. */
  async function editedInItsEncoding(label: string, enc: (typeof encodings)[number]) {
    const d = freshDir(label);
    const rel = `${d.rel}/legacy.txt`;
    const abs = path.join(d.abs, 'legacy.txt');
    const original = enc.encode('café\nnaïve\n');
    fs.writeFileSync(abs, original);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs), { encoding: enc.vscode });
    assert.equal(doc.getText(), 'café\nnaïve\n');
    const r = await invoke('safe_read_file', { path: rel });
    assert.equal(r.success, true, JSON.stringify(r));
    const w = await invoke('replace_in_file', { path: rel, base_sha256: r.sha256, old_text: 'naïve', new_text: 'naïveté' });
    assert.equal(w.success, true, JSON.stringify(w));
    const edited = enc.encode('café\nnaïveté\n');
    assert.deepEqual(fs.readFileSync(abs), edited, 'saved in its own encoding');
    const [entry] = api.services.store.list(rel);
    assert.equal(entry.bytes, original.length, 'the backup is the bytes the disk held');
    return { rel, abs, original, edited, uri: vscode.Uri.file(abs) };
  }

  for (const enc of encodings) {
    it(`${enc.name}: rolled back once no editor decodes it, without force: the original bytes, and no claim that someone edited it`, async () => {
      const f = await editedInItsEncoding(`enc-closed-${enc.vscode}`, enc);
      // The model is now read as UTF-8 (as a closed file is): the tools see bytes that are not UTF-8.
      const asUtf8 = await vscode.workspace.openTextDocument(f.uri, { encoding: 'utf8' });
      assert.equal(asUtf8.encoding, 'utf8');
      const read = await invoke('safe_read_file', { path: f.rel });
      assert.equal(read.error_type, 'NOT_UTF8', JSON.stringify(read));

      const back = await invoke('rollback_file', { path: f.rel });
      assert.equal(back.success, true, JSON.stringify(back));
      assert.doesNotMatch(String(back.message), /edited it since/);
      assert.deepEqual(fs.readFileSync(f.abs), f.original);

      // The rollback is itself rolled back byte for byte, again without force.
      const undo = await invoke('rollback_file', { path: f.rel });
      assert.equal(undo.success, true, JSON.stringify(undo));
      assert.deepEqual(fs.readFileSync(f.abs), f.edited);
    });

    it(`${enc.name}: rolled back while the editor still holds it in its encoding: the original bytes, and the editor shows them`, async () => {
      const f = await editedInItsEncoding(`enc-open-${enc.vscode}`, enc);
      const back = await invoke('rollback_file', { path: f.rel });
      assert.equal(back.success, true, JSON.stringify(back));
      assert.deepEqual(fs.readFileSync(f.abs), f.original);
      const doc = await vscode.workspace.openTextDocument(f.uri);
      for (let i = 0; i < 50 && doc.getText() !== 'café\nnaïve\n'; i++) await new Promise((r) => setTimeout(r, 100));
      assert.equal(doc.getText(), 'café\nnaïve\n');
      assert.equal(doc.isDirty, false);
    });
  }

  it('a CRLF file that another program rewrote with LF line endings is rolled back to its CRLF bytes (the editor model would have given the restored text its own line endings)', async () => {
    const d = freshDir('crlf-after-lf');
    const rel = `${d.rel}/win.txt`;
    const abs = path.join(d.abs, 'win.txt');
    const original = 'one\r\ntwo\r\nthree\r\n';
    fs.writeFileSync(abs, original);
    const r = await invoke('safe_read_file', { path: rel });
    const w = await invoke('replace_in_file', { path: rel, base_sha256: r.sha256, old_text: 'two', new_text: 'TWO' });
    assert.equal(w.success, true, JSON.stringify(w));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'one\r\nTWO\r\nthree\r\n');
    // another program (a formatter, git with autocrlf) rewrites the file with LF endings
    fs.writeFileSync(abs, 'one\nTWO\nthree\nfour\n');
    const back = await invoke('rollback_file', { path: rel, force: true });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(fs.readFileSync(abs, 'utf8'), original);
    // the same with the file open in an editor (a model with LF line endings)
    const w2 = await invoke('replace_in_file', { path: rel, base_sha256: (await invoke('safe_read_file', { path: rel })).sha256, old_text: 'two', new_text: 'TWO' });
    assert.equal(w2.success, true, JSON.stringify(w2));
    fs.writeFileSync(abs, 'one\nTWO\nthree\nfour\n');
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs));
    for (let i = 0; i < 50 && doc.getText() !== 'one\nTWO\nthree\nfour\n'; i++) await new Promise((res) => setTimeout(res, 100));
    assert.equal(doc.eol, vscode.EndOfLine.LF);
    const back2 = await invoke('rollback_file', { path: rel, force: true });
    assert.equal(back2.success, true, JSON.stringify(back2));
    assert.equal(fs.readFileSync(abs, 'utf8'), original);
  });

  it("an open file with mixed line endings: the edit keeps every other line ending, the backup is the disk's text, and the rollback restores it byte for byte", async () => {
    const d = freshDir('mixed-open');
    const rel = `${d.rel}/mixed.txt`;
    const abs = path.join(d.abs, 'mixed.txt');
    const original = 'one\r\ntwo\nthree\r\nfour\n';
    fs.writeFileSync(abs, original);
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs));
    assert.notEqual(doc.getText(), original, 'the model normalized the line endings');

    const r = await invoke('safe_read_file', { path: rel });
    assert.equal(r.eol, 'mixed', JSON.stringify(r));
    assert.equal(r.sha256, sha256(original), "the hash is the disk's, as when the file is closed");
    const w = await invoke('replace_in_file', { path: rel, base_sha256: r.sha256, old_text: 'three', new_text: 'THREE' });
    assert.equal(w.success, true, JSON.stringify(w));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'one\r\ntwo\nTHREE\r\nfour\n');
    const [entry] = api.services.store.list(rel);
    const stored = await api.services.store.readText(entry.before_sha256);
    assert.equal(stored.ok && stored.text, original, 'the backup is what the disk held');

    const back = await invoke('rollback_file', { path: rel });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(fs.readFileSync(abs, 'utf8'), original);
  });
});
