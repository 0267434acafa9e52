import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activateExtension, closeAllEditors, freshDir, invoke } from './helpers';

// Issue 19, item 7: "Rollback never needs to decode the current text." Another program turned a
// file the agent edited into bytes that are not text (binary, not UTF-8, over maxFileSizeMB):
// every tool refuses to read it, yet rollback_file (forced: someone changed the file since the
// agent's edit) brings the agent's before-text back, and backs the bytes up first, so rolling
// back that rollback restores them byte for byte.
const BINARY = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x00, 0x00, 0xff, 0xfe, 0x00, 0x0a]);

describe('rollback over a file that is not text', () => {
  let api: any;
  before(async () => {
    api = await activateExtension();
  });
  afterEach(closeAllEditors);

  /** The agent creates a file and rewrites it; returns its paths. */
  async function agentEdited(label: string) {
    const d = freshDir(label);
    const rel = `${d.rel}/notes.txt`;
    const abs = path.join(d.abs, 'notes.txt');
    assert.equal((await invoke('write_file', { path: rel, content: 'one\n' })).success, true);
    const r = await invoke('safe_read_file', { path: rel });
    const w = await invoke('write_file', { path: rel, base_sha256: r.sha256, content: 'two\n' });
    assert.equal(w.success, true, JSON.stringify(w));
    return { rel, abs };
  }

  it('binary bytes: refused without force (file untouched); forced it restores the text, and rolling that back restores the bytes exactly', async () => {
    const { rel, abs } = await agentEdited('unreadable-binary');
    fs.writeFileSync(abs, BINARY);

    const refused = await invoke('rollback_file', { path: rel });
    assert.equal(refused.error_type, 'HASH_MISMATCH', JSON.stringify(refused));
    assert.deepEqual(fs.readFileSync(abs), BINARY);

    const forced = await invoke('rollback_file', { path: rel, force: true });
    assert.equal(forced.success, true, JSON.stringify(forced));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'one\n');
    assert.match(forced.message, /not readable as text \((BINARY_FILE|the editor's copy differs from the disk)/);
    const newest = api.services.store.list(rel)[0];
    assert.equal(newest.tool, 'rollback_file');
    assert.equal(newest.bytes, BINARY.length, 'the bytes it replaced were backed up as they were');

    const undo = await invoke('rollback_file', { path: rel });
    assert.equal(undo.success, true, JSON.stringify(undo));
    assert.match(undo.message, /byte for byte/);
    assert.deepEqual(fs.readFileSync(abs), BINARY);

    // and back once more: the hash protocol holds on the bytes (no force needed)
    const again = await invoke('rollback_file', { path: rel });
    assert.equal(again.success, true, JSON.stringify(again));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'one\n');
  });

  it('bytes that are not UTF-8: forced rollback restores the text', async () => {
    const { rel, abs } = await agentEdited('unreadable-latin1');
    const latin1 = Buffer.from('caf\xe9 cr\xe8me\n', 'latin1');
    fs.writeFileSync(abs, latin1);
    const forced = await invoke('rollback_file', { path: rel, force: true });
    assert.equal(forced.success, true, JSON.stringify(forced));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'one\n');
    const undo = await invoke('rollback_file', { path: rel });
    assert.equal(undo.success, true, JSON.stringify(undo));
    assert.deepEqual(fs.readFileSync(abs), latin1);
  });

  it('a file grown past maxFileSizeMB: forced rollback restores the text without reading it as text', async () => {
    const { rel, abs } = await agentEdited('unreadable-large');
    const maxBytes = api.services.settings().maxFileBytes as number;
    const big = Buffer.alloc(maxBytes + 1024, 'x\n');
    fs.writeFileSync(abs, big);
    const forced = await invoke('rollback_file', { path: rel, force: true });
    assert.equal(forced.success, true, JSON.stringify(forced));
    assert.equal(fs.readFileSync(abs, 'utf8'), 'one\n');
    assert.equal(api.services.store.list(rel)[0].bytes, big.length);
  });

  it('a file the agent created and another program made binary: forced rollback deletes it after backing its bytes up; rolling back re-creates them', async () => {
    const d = freshDir('unreadable-created');
    const rel = `${d.rel}/made.txt`;
    const abs = path.join(d.abs, 'made.txt');
    assert.equal((await invoke('write_file', { path: rel, content: 'agent\n' })).success, true);
    fs.writeFileSync(abs, BINARY);
    const forced = await invoke('rollback_file', { path: rel, force: true });
    assert.equal(forced.deleted, true, JSON.stringify(forced));
    assert.equal(fs.existsSync(abs), false);
    const back = await invoke('rollback_file', { path: rel });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.deepEqual(fs.readFileSync(abs), BINARY);
  });
});
