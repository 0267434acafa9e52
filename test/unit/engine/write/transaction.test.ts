import { strict as assert } from 'node:assert';
import { writeGroupTransaction, writeTransaction } from '../../../../src/engine/write/transaction';
import { FakeHost } from '../fake-host';

// The write transaction's branches, in plain Node on a host whose files live in memory:
// every outcome leaves the journal finished (never pending) and the files as the result says.

async function textOf(fake: FakeHost, p: string) {
  const r = await fake.host.files.readText(fake.target(p), 1e9);
  return r.ok ? r.current : undefined;
}

describe('engine/write/transaction: one file', () => {
  let fake: FakeHost;
  beforeEach(async () => { fake = await new FakeHost().open(); });
  afterEach(() => fake.close());

  it('snapshots, writes and finishes the entry as applied', async () => {
    fake.put('a.txt', 'one\n');
    const current = await textOf(fake, 'a.txt');
    const done = await writeTransaction(fake.host, { tool: 'write_file', target: fake.target('a.txt'), current, newText: 'two\n' });
    assert.ok(done.ok, JSON.stringify(done));
    assert.equal(fake.shown('a.txt'), 'two\n');
    const [entry] = fake.store.list('a.txt');
    assert.equal(entry.outcome, 'applied');
    const before = await fake.store.readText(entry.before_sha256);
    assert.equal(before.ok && before.text, 'one\n');
  });

  it('a save the disk refuses is a failed write: the editor copy is put back and the entry says failed', async () => {
    fake.put('a.txt', 'one\n');
    fake.refuseSave.add('a.txt');
    const current = await textOf(fake, 'a.txt');
    const done = await writeTransaction(fake.host, { tool: 'write_file', target: fake.target('a.txt'), current, newText: 'two\n' });
    assert.equal(done.ok, false);
    assert.equal(!done.ok && done.failure.reason, 'save_refused');
    assert.equal(fake.store.list('a.txt')[0].outcome, 'failed');
  });

  it('a write the host refuses finishes the entry as failed, the file untouched', async () => {
    fake.put('a.txt', 'one\n');
    fake.failWrite.add('a.txt');
    const done = await writeTransaction(fake.host, { tool: 'write_file', target: fake.target('a.txt'), current: await textOf(fake, 'a.txt'), newText: 'two\n' });
    assert.equal(done.ok, false);
    assert.equal(fake.shown('a.txt'), 'one\n');
    assert.equal(fake.store.list('a.txt')[0].outcome, 'failed');
  });

  it('a delete re-checks what it deletes: another program\'s change made meanwhile stays, and the entry says failed', async () => {
    fake.put('a.txt', 'one\n');
    const current = await textOf(fake, 'a.txt');
    fake.beforeChange.set('a.txt', () => fake.put('a.txt', 'written by someone else\n'));
    const done = await writeTransaction(fake.host, { tool: 'rollback_file', target: fake.target('a.txt'), current, newText: null });
    assert.equal(done.ok, false);
    assert.equal(!done.ok && done.failure.error_type, 'HASH_MISMATCH');
    assert.equal(fake.shown('a.txt'), 'written by someone else\n');
    assert.equal(fake.store.list('a.txt')[0].outcome, 'failed');
  });

  it('a follow-up that throws after the write does not turn a landed change into "nothing was changed"', async () => {
    fake.put('a.txt', 'one\n');
    const done = await writeTransaction(fake.host, { tool: 'write_file', target: fake.target('a.txt'), current: await textOf(fake, 'a.txt'), newText: 'two\n', afterWrite: async () => { throw new Error('diagnostics broke'); } });
    assert.ok(done.ok);
    assert.equal(fake.store.list('a.txt')[0].outcome, 'applied');
  });
});

describe('engine/write/transaction: a group of files, all or nothing', () => {
  let fake: FakeHost;
  beforeEach(async () => { fake = await new FakeHost().open(); });
  afterEach(() => fake.close());

  const change = async (p: string, newText: string | null) => ({ tool: 'safe_patch', target: fake.target(p), current: await textOf(fake, p), newText, createDirs: true });

  it('writes every file and finishes every entry of one group as applied', async () => {
    fake.put('a', 'A\n');
    fake.put('b', 'B\n');
    const done = await writeGroupTransaction(fake.host, [await change('a', 'A2\n'), await change('b', null), await change('c', 'C\n')]);
    assert.ok(done.ok, JSON.stringify(done));
    assert.deepEqual([fake.shown('a'), fake.shown('b'), fake.shown('c')], ['A2\n', undefined, 'C\n']);
    const group = fake.store.listGroup(done.groupId);
    assert.deepEqual(group.map((e) => e.outcome).sort(), ['applied', 'applied', 'applied']);
  });

  it('file k failing puts back files 0..k-1 (newest first) and finishes every entry: nothing was changed', async () => {
    fake.put('a', 'A\n');
    fake.put('b', 'B\n');
    fake.put('c', 'C\n');
    fake.failWrite.add('c');
    const done = await writeGroupTransaction(fake.host, [await change('a', 'A2\n'), await change('b', null), await change('c', 'C2\n'), await change('d', 'D\n')]);
    assert.equal(done.ok, false);
    assert.match(!done.ok ? done.failure.message : '', /nothing was changed/);
    assert.deepEqual([fake.shown('a'), fake.shown('b'), fake.shown('c'), fake.shown('d')], ['A\n', 'B\n', 'C\n', undefined]);
    assert.deepEqual(fake.log, ['write a', 'delete b', 'write b', 'write a']);
    const outcomes = ['a', 'b', 'c', 'd'].map((p) => fake.store.list(p)[0]?.outcome);
    assert.deepEqual(outcomes, ['rolled_back', 'rolled_back', 'failed', 'failed']);
  });

  it('a save refused at file k counts as a failure of the group', async () => {
    fake.put('a', 'A\n');
    fake.put('b', 'B\n');
    fake.refuseSave.add('b');
    const done = await writeGroupTransaction(fake.host, [await change('a', 'A2\n'), await change('b', 'B2\n')]);
    assert.equal(done.ok, false);
    assert.equal(fake.shown('a'), 'A\n');
  });

  it('a file that cannot be put back is named, its entry finished as applied so rollback_file can restore it', async () => {
    fake.put('a', 'A\n');
    fake.put('b', 'B\n');
    fake.failWrite.add('b');
    // a's write lands; then its undo is refused too
    fake.beforeChange.set('a', () => { if (fake.shown('a') === 'A2\n') fake.failWrite.add('a'); });
    const done = await writeGroupTransaction(fake.host, [await change('a', 'A2\n'), await change('b', 'B2\n')]);
    assert.equal(done.ok, false);
    assert.deepEqual(!done.ok && done.failure.not_restored, ['a']);
    assert.equal(fake.shown('a'), 'A2\n');
    assert.equal(fake.store.list('a')[0].outcome, 'applied');
  });

  it('refuses to delete a file that does not exist, before any backup', async () => {
    const done = await writeGroupTransaction(fake.host, [await change('nope', null)]);
    assert.equal(done.ok, false);
    assert.equal(!done.ok && done.failure.error_type, 'FILE_NOT_FOUND');
    assert.deepEqual(fake.store.listAll(), []);
  });
});
