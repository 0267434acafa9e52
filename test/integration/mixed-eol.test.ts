import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activateExtension, closeAllEditors, freshDir, invoke, sha256, writeBytes } from './helpers';

describe('a file with mixed line endings', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  it('keeps every untouched line ending byte for byte after an edit', async () => {
    const d = freshDir('mixed');
    const abs = path.join(d.abs, 'mixed.txt');
    const text = 'one\r\ntwo\nthree\r\nfour\n';
    writeBytes(abs, text);
    const r0 = await invoke('safe_read_file', { path: `${d.rel}/mixed.txt` });
    assert.equal(r0.eol, 'mixed');
    assert.equal(r0.sha256, sha256(text));
    const r = await invoke('replace_in_file', { path: `${d.rel}/mixed.txt`, base_sha256: r0.sha256, old_text: 'three', new_text: 'THREE' });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'one\r\ntwo\nTHREE\r\nfour\n');
    assert.equal(r.sha256, sha256('one\r\ntwo\nTHREE\r\nfour\n'));
  });
});
