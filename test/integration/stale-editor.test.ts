import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, freshDir, invoke } from './helpers';

// An agent edit leaves an editor model of the file open. When another program then writes the
// file, VS Code's model lags behind (or, for bytes that are not UTF-8, holds a lossy decoding).
// Before this fix, the tools read that model: the agent saw the old text, its edit of it
// reported success while the disk kept the other program's bytes under a dirty editor, and the
// backup held the stale text, not what the edit replaced. A model with no unsaved changes is now
// never trusted over the disk (src/hosts/vscode/current-text.ts).
describe('an open editor that has not caught up with the disk', () => {
  let api: any;
  before(async () => {
    api = await activateExtension();
  });
  afterEach(closeAllEditors);

  /** The agent creates and rewrites a file (the rewrite opens a model), then another program writes it. */
  async function changedBehindTheEditor(label: string, bytes: Buffer) {
    const d = freshDir(label);
    const rel = `${d.rel}/n.txt`;
    const abs = path.join(d.abs, 'n.txt');
    assert.equal((await invoke('write_file', { path: rel, content: 'one\n' })).success, true);
    const r = await invoke('safe_read_file', { path: rel });
    assert.equal((await invoke('write_file', { path: rel, base_sha256: r.sha256, content: 'two\n' })).success, true);
    fs.writeFileSync(abs, bytes);
    return { rel, abs };
  }

  it('text another program wrote is what the agent reads, edits and has backed up; the edit lands on disk', async () => {
    const { rel, abs } = await changedBehindTheEditor('stale-text', Buffer.from('other\n'));
    const r = await invoke('safe_read_file', { path: rel });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.match(r.content, /other/, JSON.stringify(r));
    const w = await invoke('write_file', { path: rel, base_sha256: r.sha256, content: 'agent\n' });
    assert.equal(w.success, true, JSON.stringify(w));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'agent\n');
    const back = await invoke('rollback_file', { path: rel });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'other\n', 'the backup holds what the edit replaced');
  });

  it('an edit based on the old text is refused as HASH_MISMATCH with the disk\'s text; nothing is written', async () => {
    const d = await changedBehindTheEditor('stale-base', Buffer.from('other\n'));
    const w = await invoke('write_file', { path: d.rel, base_sha256: api.services.store.list(d.rel)[0].after_sha256, content: 'agent\n' });
    assert.equal(w.error_type, 'HASH_MISMATCH', JSON.stringify(w));
    assert.equal(fs.readFileSync(d.abs, 'utf8'), 'other\n');
  });

  for (const [kind, bytes, error] of [
    ['not UTF-8', Buffer.from('caf\xe9\n', 'latin1'), 'NOT_UTF8'],
    ['binary', Buffer.from([1, 0, 2, 0x0a]), 'BINARY_FILE'],
  ] as const) {
    it(`${kind} bytes another program wrote are refused by read and edit, never re-encoded`, async () => {
      const { rel, abs } = await changedBehindTheEditor(`stale-${error}`, bytes);
      assert.equal((await invoke('safe_read_file', { path: rel })).error_type, error);
      const edit = await invoke('replace_in_file', { path: rel, old_text: 'two', new_text: 'three' });
      assert.equal(edit.error_type, error, JSON.stringify(edit));
      assert.deepEqual(fs.readFileSync(abs), bytes);
    });
  }

  it('a file the user opened in another encoding (latin1) stays editable: the edit is saved in that encoding', async () => {
    const d = freshDir('latin1-open');
    const rel = `${d.rel}/legacy.txt`;
    const abs = path.join(d.abs, 'legacy.txt');
    fs.writeFileSync(abs, Buffer.from('caf\xe9\nna\xefve\n', 'latin1'));
    const doc = await vscode.workspace.openTextDocument(vscode.Uri.file(abs), { encoding: 'iso88591' });
    assert.equal(doc.getText(), 'café\nnaïve\n');
    const r = await invoke('safe_read_file', { path: rel });
    assert.equal(r.success, true, JSON.stringify(r));
    const w = await invoke('replace_in_file', { path: rel, base_sha256: r.sha256, old_text: 'naïve', new_text: 'naïveté' });
    assert.equal(w.success, true, JSON.stringify(w));
    assert.deepEqual(fs.readFileSync(abs), Buffer.from('caf\xe9\nna\xefvet\xe9\n', 'latin1'));
  });
});
