import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import { sha256Bytes, sha256Text } from '../../../../src/core/hash';
import type { FileText } from '../../../../src/engine/host';
import { holdsAfterState, rollbackHashCheck } from '../../../../src/engine/restore/restorable';
import { writeTransaction } from '../../../../src/engine/write/transaction';
import { BackupStore } from '../../../../src/history/backupStore';
import { tempRoot } from '../../history/helpers';
import { FakeHost } from '../fake-host';

// A file an editor holds in another encoding (latin1 here): its text is not its bytes. The
// backup must be the bytes, and the journal must know the bytes the save left, so a rollback
// that reads the file as bytes later (no editor decodes it then) restores it exactly and does
// not claim someone edited it.
const LATIN1_BEFORE = Buffer.from('caf\xe9\n', 'latin1');
const LATIN1_AFTER = Buffer.from('caf\xe9 cr\xe8me\n', 'latin1');

describe('engine/write/transaction: a text held in another encoding', () => {
  let fake: FakeHost;
  beforeEach(async () => {
    fake = await new FakeHost().open();
  });
  afterEach(() => fake.close());

  function latin1Current(): FileText {
    fake.put('l.txt', 'café\n');
    return { text: 'café\n', sha256: sha256Text('café\n'), eol: 'LF', bom: false, isOpen: true, isDirty: false, diskBytes: LATIN1_BEFORE };
  }

  it("backs up the disk's bytes, not the text's UTF-8, and still counts the lines it changed", async () => {
    const done = await writeTransaction(fake.host, { tool: 'write_file', target: fake.target('l.txt'), current: latin1Current(), newText: 'café crème\n' });
    assert.ok(done.ok, JSON.stringify(done));
    const [entry] = fake.store.list('l.txt');
    assert.equal(entry.before_sha256, sha256Bytes(LATIN1_BEFORE));
    assert.equal(entry.bytes, LATIN1_BEFORE.length);
    const stored = await fake.store.readSnapshot(entry.before_sha256);
    assert.ok(stored.ok && 'bytes' in stored.snapshot && stored.snapshot.bytes.equals(LATIN1_BEFORE));
    assert.deepEqual([entry.lines_added, entry.lines_removed], [1, 1]);
  });

  it("journals the hash of the bytes the save left beside the text's hash", async () => {
    const writeText = fake.host.files.writeText;
    (fake.host.files as { writeText: typeof writeText }).writeText = async (...args) => {
      const r = await writeText(...args);
      return r.ok ? { ok: true, applied: { ...r.applied, diskSha256: sha256Bytes(LATIN1_AFTER) } } : r;
    };
    const done = await writeTransaction(fake.host, { tool: 'write_file', target: fake.target('l.txt'), current: latin1Current(), newText: 'café crème\n' });
    assert.ok(done.ok, JSON.stringify(done));
    const [entry] = fake.store.list('l.txt');
    assert.equal(entry.after_sha256, sha256Text('café crème\n'));
    assert.equal(entry.after_disk_sha256, sha256Bytes(LATIN1_AFTER));
  });

  it('a UTF-8 text (no diskBytes) is backed up as text, with no second hash', async () => {
    fake.put('u.txt', 'one\n');
    const current: FileText = { text: 'one\n', sha256: sha256Text('one\n'), eol: 'LF', bom: false };
    assert.ok((await writeTransaction(fake.host, { tool: 'write_file', target: fake.target('u.txt'), current, newText: 'two\n' })).ok);
    const [entry] = fake.store.list('u.txt');
    const stored = await fake.store.readSnapshot(entry.before_sha256);
    assert.ok(stored.ok && 'text' in stored.snapshot && stored.snapshot.text === 'one\n');
    assert.equal(entry.after_disk_sha256, undefined);
  });
});

describe("the rollback's hash check on a file saved in another encoding", () => {
  let root: string;
  let store: BackupStore;
  beforeEach(async () => {
    root = tempRoot();
    store = new BackupStore(root);
    assert.ok((await store.open()).ok);
  });
  afterEach(async () => {
    await store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  async function savedInLatin1(): Promise<void> {
    const begun = await store.begin({ tool: 'write_file', path: 'l.txt', beforeText: 'café\n', beforeBytes: LATIN1_BEFORE });
    assert.ok(begun.ok);
    assert.ok((await store.finish(begun.id, { afterText: 'café crème\n', after_disk_sha256: sha256Bytes(LATIN1_AFTER), outcome: 'applied' })).ok);
  }

  it('knows the file unchanged read as text (an editor decodes it) or as bytes (none does)', async () => {
    await savedInLatin1();
    assert.ok(rollbackHashCheck(store, 'l.txt', { sha256: sha256Text('café crème\n') }, false).ok);
    assert.ok(rollbackHashCheck(store, 'l.txt', { sha256: sha256Bytes(LATIN1_AFTER) }, false).ok);
  });

  it('still refuses, without force, a file someone changed since', async () => {
    await savedInLatin1();
    const changed = rollbackHashCheck(store, 'l.txt', { sha256: sha256Bytes(Buffer.from('caf\xe9 au lait\n', 'latin1')) }, false);
    assert.equal(!changed.ok && changed.failure.error_type, 'HASH_MISMATCH');
  });

  it('keeps the second hash across a reopen of the store (the journal accepts the field)', async () => {
    await savedInLatin1();
    await store.close();
    store = new BackupStore(root);
    assert.ok((await store.open()).ok);
    assert.equal(store.list('l.txt')[0].after_disk_sha256, sha256Bytes(LATIN1_AFTER));
  });

  it("records no second hash when the bytes are the text's UTF-8", async () => {
    const begun = await store.begin({ tool: 'write_file', path: 'u.txt', beforeText: 'a\n' });
    assert.ok(begun.ok);
    const done = await store.finish(begun.id, { afterText: 'b\n', after_disk_sha256: sha256Text('b\n'), outcome: 'applied' });
    assert.ok(done.ok);
    assert.equal(done.entry.after_disk_sha256, undefined);
  });

  it('rejects a second hash that is not a sha256', async () => {
    const begun = await store.begin({ tool: 'write_file', path: 'u.txt', beforeText: 'a\n' });
    assert.ok(begun.ok);
    const done = await store.finish(begun.id, { afterText: 'b\n', after_disk_sha256: 'not-a-hash', outcome: 'applied' });
    assert.equal(!done.ok && done.failure.error_type, 'INVALID_INPUT');
  });
});

describe('holdsAfterState', () => {
  const entry = { after_sha256: 'a'.repeat(64), after_disk_sha256: 'b'.repeat(64) };
  it('matches either hash of the file against either hash the entry recorded', () => {
    assert.equal(holdsAfterState({ sha256: 'a'.repeat(64) }, entry), true);
    assert.equal(holdsAfterState({ sha256: 'b'.repeat(64) }, entry), true);
    assert.equal(holdsAfterState({ sha256: 'c'.repeat(64), diskSha256: 'b'.repeat(64) }, entry), true);
    assert.equal(holdsAfterState({ sha256: 'c'.repeat(64), diskSha256: 'd'.repeat(64) }, entry), false);
    assert.equal(holdsAfterState({ sha256: 'c'.repeat(64) }, { after_sha256: 'a'.repeat(64) }), false);
  });
});
