import assert from 'node:assert/strict';
import { BackupStore } from '../../../src/history/backupStore';
import { sha256Bytes, sha256Text } from '../../../src/core/hash';
import { tempRoot } from './helpers';

// Issue 19, item 7: a rollback never needs to decode the file it replaces, so the store keeps
// a file that is not text (binary, not UTF-8, too large) as its bytes.
async function openStore(root: string): Promise<BackupStore> {
  const store = new BackupStore(root);
  const opened = await store.open();
  assert.ok(opened.ok, JSON.stringify(opened));
  return store;
}

const BINARY = Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x00, 0x01, 0xff, 0xfe, 0x00, 0x0a]);

describe('BackupStore raw snapshots', () => {
  it('begin with bytes stores them raw under their sha256; readSnapshot gives them back byte for byte, readText refuses them as BINARY_FILE', async () => {
    const root = tempRoot();
    const store = await openStore(root);
    const begun = await store.begin({ tool: 'rollback_file', path: 'a.bin', beforeText: '', beforeBytes: BINARY });
    assert.ok(begun.ok, JSON.stringify(begun));
    assert.equal(begun.before_sha256, sha256Bytes(BINARY));
    const done = await store.finish(begun.id, { afterText: 'text\n', outcome: 'applied' });
    assert.ok(done.ok, JSON.stringify(done));
    assert.equal(done.entry.bytes, BINARY.length);
    assert.equal(done.entry.has_snapshot, true);

    const snap = await store.readSnapshot(begun.before_sha256);
    assert.ok(snap.ok && 'bytes' in snap.snapshot, JSON.stringify(snap));
    if (snap.ok && 'bytes' in snap.snapshot) assert.deepEqual(snap.snapshot.bytes, BINARY);
    const asText = await store.readText(begun.before_sha256);
    assert.equal(asText.ok, false);
    if (!asText.ok) assert.equal(asText.failure.error_type, 'BINARY_FILE');
    // a text snapshot reads back as text through readSnapshot too
    const after = await store.readSnapshot(sha256Text('text\n'));
    assert.deepEqual(after.ok && after.snapshot, { text: 'text\n' });
    await store.close();
  });

  it('a raw blob survives a reopen and a later begin of the same bytes (it is verified as bytes, never dropped as a broken text)', async () => {
    const root = tempRoot();
    let store = await openStore(root);
    const first = await store.begin({ tool: 'rollback_file', path: 'a.bin', beforeText: '', beforeBytes: BINARY });
    assert.ok(first.ok);
    assert.ok((await store.finish(first.id, { afterText: 'x\n', outcome: 'applied' })).ok);
    await store.close();

    store = await openStore(root);
    const again = await store.begin({ tool: 'rollback_file', path: 'a.bin', beforeText: '', beforeBytes: BINARY });
    assert.ok(again.ok, JSON.stringify(again));
    const snap = await store.readSnapshot(sha256Bytes(BINARY));
    assert.ok(snap.ok && 'bytes' in snap.snapshot, JSON.stringify(snap));
    await store.close();
  });

  it('bytes that are valid UTF-8 (a file over the size limit) read back as text', async () => {
    const root = tempRoot();
    const store = await openStore(root);
    const bytes = Buffer.from('big file\n'.repeat(100), 'utf8');
    const begun = await store.begin({ tool: 'rollback_file', path: 'big.txt', beforeText: '', beforeBytes: bytes });
    assert.ok(begun.ok);
    assert.equal(begun.before_sha256, sha256Text(bytes.toString('utf8')));
    const text = await store.readText(begun.before_sha256);
    assert.deepEqual(text.ok && text.text, bytes.toString('utf8'));
    // readSnapshot says they were the disk's bytes, so a restore writes them as they are.
    const snap = await store.readSnapshot(begun.before_sha256);
    assert.deepEqual(snap.ok && snap.snapshot, { text: bytes.toString('utf8'), raw: true });
    await store.close();
  });
});
