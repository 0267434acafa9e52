import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, freshDir, invoke, sha256 } from './helpers';

/**
 * Every delete and every overwrite re-reads the file first: another program's change made
 * while the call was being checked (here: an external validator that rewrites another file of
 * the change, as a formatter or a code generator might) is never deleted or overwritten
 * unseen — the whole change is refused and nothing of it stays.
 */
describe('re-check before a delete or an overwrite (another program writes meanwhile)', () => {
  const config = () => vscode.workspace.getConfiguration('safeEdit');
  before(activateExtension);
  afterEach(async () => {
    await config().update('validators', undefined, vscode.ConfigurationTarget.Global);
    await closeAllEditors();
  });

  /** A validator for plain text that writes `text` into `victim` when it runs, then passes. */
  async function validatorThatWrites(d: { abs: string }, victim: string, text: string): Promise<void> {
    const script = path.join(d.abs, 'meanwhile.js');
    fs.writeFileSync(script, `require('fs').writeFileSync(${JSON.stringify(path.join(d.abs, victim))}, ${JSON.stringify(text)});\n`);
    await config().update('validators', { plaintext: [process.execPath, script, '${file}'] }, vscode.ConfigurationTarget.Global);
  }

  it('*** Delete File of a file another program rewrote meanwhile: refused, their text kept, the other file put back', async () => {
    const d = freshDir('recheck-delete');
    fs.writeFileSync(path.join(d.abs, 'keep.txt'), 'keep\n');
    fs.writeFileSync(path.join(d.abs, 'gone.txt'), 'delete me\n');
    await validatorThatWrites(d, 'gone.txt', 'written by another program\n');
    const r = await invoke('safe_patch', {
      unified_diff: `*** Begin Patch\n*** Update File: ${d.rel}/keep.txt\n@@\n-keep\n+kept\n*** Delete File: ${d.rel}/gone.txt\n*** End Patch\n`,
      base_hashes: { [`${d.rel}/keep.txt`]: sha256('keep\n'), [`${d.rel}/gone.txt`]: sha256('delete me\n') },
    });
    assert.equal(r.success, false, JSON.stringify(r));
    assert.equal(r.error_type, 'HASH_MISMATCH', JSON.stringify(r));
    assert.equal(fs.readFileSync(path.join(d.abs, 'gone.txt'), 'utf8'), 'written by another program\n');
    assert.equal(fs.readFileSync(path.join(d.abs, 'keep.txt'), 'utf8'), 'keep\n');
  });

  it('an overwrite of a file another program rewrote meanwhile: refused, their text kept', async () => {
    const d = freshDir('recheck-overwrite');
    fs.writeFileSync(path.join(d.abs, 'a.txt'), 'one\n');
    fs.writeFileSync(path.join(d.abs, 'b.txt'), 'two\n');
    await validatorThatWrites(d, 'b.txt', 'theirs\n');
    const r = await invoke('replace_in_file', {
      edits: [{ path: `${d.rel}/a.txt`, old_text: 'one', new_text: 'ONE' }, { path: `${d.rel}/b.txt`, old_text: 'two', new_text: 'TWO' }],
      base_hashes: { [`${d.rel}/a.txt`]: sha256('one\n'), [`${d.rel}/b.txt`]: sha256('two\n') },
    });
    assert.equal(r.success, false, JSON.stringify(r));
    assert.equal(fs.readFileSync(path.join(d.abs, 'b.txt'), 'utf8'), 'theirs\n');
    assert.equal(fs.readFileSync(path.join(d.abs, 'a.txt'), 'utf8'), 'one\n');
  });
});
