import { strict as assert } from 'node:assert';
import { sha256Text } from '../../../../src/core/hash';
import { FakeHost } from '../fake-host';

// The edit pipelines' branches through the engine's runner, in plain Node on the in-memory
// host: what each refusal leaves (nothing written, an attempt journaled) and what lands.

describe('engine/edit: the single- and multi-file pipelines on a fake host', () => {
  let fake: FakeHost;
  let call: (tool: string, input: Record<string, unknown>) => Promise<Record<string, any>>;
  beforeEach(async () => {
    fake = await new FakeHost().open();
    call = (tool, input) => fake.call(tool, input);
  });
  afterEach(() => fake.close());

  it('a stale base_sha256 is HASH_MISMATCH with nothing written', async () => {
    fake.put('a.txt', 'one\n');
    const r = await call('write_file', { path: 'a.txt', content: 'two\n', base_sha256: sha256Text('zero\n') });
    assert.equal(r.error_type, 'HASH_MISMATCH');
    assert.equal(fake.shown('a.txt'), 'one\n');
    assert.deepEqual(fake.log, []);
  });

  it('an edit sent again is already applied, with or without base_sha256, and a stale base whose version the store knows too', async () => {
    const before = 'def load_config(path):\n    pass\n';
    fake.put('c.py', before);
    const edit = { path: 'c.py', old_text: 'def load_config', new_text: 'def load_config_file' };
    const first = await call('replace_in_file', { ...edit, base_sha256: sha256Text(before) });
    assert.equal(first.success, true, JSON.stringify(first));
    const after = fake.shown('c.py');
    assert.equal(after, 'def load_config_file(path):\n    pass\n');
    const entries = fake.store.list('c.py').length;
    for (const input of [edit, { ...edit, base_sha256: sha256Text(after) }, { ...edit, base_sha256: sha256Text(before) }]) {
      const again = await call('replace_in_file', input);
      assert.equal(again.success, true, JSON.stringify(again));
      assert.equal(again.already_applied, true, JSON.stringify(again));
      assert.equal(again.sha256, sha256Text(after));
      assert.equal(fake.shown('c.py'), after);
    }
    assert.equal(fake.store.list('c.py').length, entries, 'nothing journaled as a change');
    // a stale base whose edit does not give the current text stays HASH_MISMATCH
    const other = await call('replace_in_file', { path: 'c.py', old_text: 'pass', new_text: 'return 1', base_sha256: sha256Text(before) });
    assert.equal(other.error_type, 'HASH_MISMATCH');
  });

  it('edit_lines and safe_patch re-sent with the base they were made on are already applied', async () => {
    const before = 'a\nb\n';
    fake.put('l.txt', before);
    const ins = { path: 'l.txt', base_sha256: sha256Text(before), mode: 'insert', start_line: 2, new_lines: ['x'] };
    assert.equal((await call('edit_lines', ins)).success, true);
    const again = await call('edit_lines', ins);
    assert.equal(again.already_applied, true, JSON.stringify(again));
    assert.equal(fake.shown('l.txt'), 'a\nx\nb\n');
    fake.put('p.txt', 'one\ntwo\n');
    const patch = { path: 'p.txt', base_sha256: sha256Text('one\ntwo\n'), unified_diff: '@@ -1,2 +1,2 @@\n one\n-two\n+three\n' };
    assert.equal((await call('safe_patch', patch)).success, true);
    const repeat = await call('safe_patch', patch);
    assert.equal(repeat.already_applied, true, JSON.stringify(repeat));
    const current = await call('safe_patch', { ...patch, base_sha256: sha256Text('one\nthree\n') });
    assert.equal(current.already_applied, true, JSON.stringify(current));
    assert.equal(fake.shown('p.txt'), 'one\nthree\n');
  });

  it('multi-file base_hashes: a stale hash whose version the store knows, where the file\'s part gives its current text, is already applied for that file', async () => {
    const a0 = 'one\ntwo\n';
    const b0 = 'red\ngreen\n';
    fake.put('a.txt', a0);
    fake.put('b.txt', b0);
    const diff = '--- a/a.txt\n+++ b/a.txt\n@@ -1,2 +1,2 @@\n one\n-two\n+three\n--- a/b.txt\n+++ b/b.txt\n@@ -1,2 +1,2 @@\n red\n-green\n+blue\n';
    const hashes = { 'a.txt': sha256Text(a0), 'b.txt': sha256Text(b0) };
    const first = await call('safe_patch', { unified_diff: diff, base_hashes: hashes });
    assert.equal(first.success, true, JSON.stringify(first));
    const entries = fake.store.list('a.txt').length + fake.store.list('b.txt').length;
    // the same call again (its result was lost): both hashes are stale, both parts landed
    const again = await call('safe_patch', { unified_diff: diff, base_hashes: hashes });
    assert.equal(again.success, true, JSON.stringify(again));
    assert.equal(again.already_applied, true, JSON.stringify(again));
    const files = again.files as Array<Record<string, unknown>>;
    assert.deepEqual(files.map((f) => [f.path, f.action, f.already_applied]), [['a.txt', 'unchanged', true], ['b.txt', 'unchanged', true]]);
    assert.equal(fake.shown('a.txt'), 'one\nthree\n');
    assert.equal(fake.shown('b.txt'), 'red\nblue\n');
    assert.equal(fake.store.list('a.txt').length + fake.store.list('b.txt').length, entries, 'nothing journaled as a change');

    // one file's part landed before, the other's not: the first is left as it is, the second changed
    fake.put('c.txt', 'x\ny\n');
    const mixed = await call('replace_in_file', {
      edits: [{ path: 'a.txt', old_text: 'two', new_text: 'three' }, { path: 'c.txt', old_text: 'y', new_text: 'z' }],
      base_hashes: { 'a.txt': sha256Text(a0), 'c.txt': sha256Text('x\ny\n') },
    });
    assert.equal(mixed.success, true, JSON.stringify(mixed));
    assert.deepEqual((mixed.files as Array<Record<string, unknown>>).map((f) => [f.path, f.action]), [['a.txt', 'unchanged'], ['c.txt', 'modified']]);
    assert.equal(fake.shown('a.txt'), 'one\nthree\n');
    assert.equal(fake.shown('c.txt'), 'x\nz\n');

    // a stale hash whose part gives another text stays HASH_MISMATCH, and nothing is written
    const other = await call('replace_in_file', {
      edits: [{ path: 'a.txt', old_text: 'one', new_text: 'uno' }, { path: 'c.txt', old_text: 'x', new_text: 'w' }],
      base_hashes: { 'a.txt': sha256Text(a0), 'c.txt': sha256Text('x\nz\n') },
    });
    assert.equal(other.error_type, 'HASH_MISMATCH', JSON.stringify(other));
    assert.equal(fake.shown('c.txt'), 'x\nz\n');
    // a hash of a version the store never held is HASH_MISMATCH too
    const unknown = await call('safe_patch', { unified_diff: diff, base_hashes: { 'a.txt': sha256Text('never\n'), 'b.txt': sha256Text(b0) } });
    assert.equal(unknown.error_type, 'HASH_MISMATCH', JSON.stringify(unknown));
  });

  it('a declined consent is journaled as a blocked attempt and writes nothing', async () => {
    fake.put('a.txt', 'one\n');
    fake.consent = 'deny';
    const r = await call('write_file', { path: 'a.txt', content: 'two\n', base_sha256: sha256Text('one\n') });
    assert.equal(r.error_type, 'PERMISSION_DENIED');
    assert.equal(fake.shown('a.txt'), 'one\n');
    assert.equal(fake.store.list('a.txt')[0].outcome, 'blocked');
  });

  it('an edit lands, and rollback_file restores it as a change of its own', async () => {
    fake.put('a.txt', 'one\ntwo\n');
    const r = await call('replace_in_file', { path: 'a.txt', old_text: 'two', new_text: 'three', base_sha256: sha256Text('one\ntwo\n') });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(fake.shown('a.txt'), 'one\nthree\n');
    const back = await call('rollback_file', { path: 'a.txt' });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(fake.shown('a.txt'), 'one\ntwo\n');
    assert.deepEqual(fake.store.list('a.txt').map((e) => e.tool), ['rollback_file', 'replace_in_file']);
  });

  it('a multi-file change whose second file does not match writes nothing and journals the failure against that file', async () => {
    fake.put('a.txt', 'alpha\n');
    fake.put('b.txt', 'beta\n');
    const r = await call('replace_in_file', { edits: [{ path: 'a.txt', old_text: 'alpha', new_text: 'ALPHA' }, { path: 'b.txt', old_text: 'gamma', new_text: 'GAMMA' }] });
    assert.equal(r.success, false);
    assert.equal(r.nothing_written, true);
    assert.equal(r.path, 'b.txt');
    assert.deepEqual([fake.shown('a.txt'), fake.shown('b.txt')], ['alpha\n', 'beta\n']);
    assert.deepEqual(fake.log, []);
  });

  it('a multi-file change whose write fails at the second file leaves the first as it was', async () => {
    fake.put('a.txt', 'alpha\n');
    fake.put('b.txt', 'beta\n');
    fake.failWrite.add('b.txt');
    const r = await call('replace_in_file', { edits: [{ path: 'a.txt', old_text: 'alpha', new_text: 'ALPHA' }, { path: 'b.txt', old_text: 'beta', new_text: 'BETA' }] });
    assert.equal(r.success, false, JSON.stringify(r));
    assert.deepEqual([fake.shown('a.txt'), fake.shown('b.txt')], ['alpha\n', 'beta\n']);
    assert.deepEqual(fake.log, ['write a.txt', 'write a.txt']);
  });

  it('a file another program rewrote between the read and the write is not overwritten', async () => {
    fake.put('a.txt', 'one\n');
    fake.beforeChange.set('a.txt', () => fake.put('a.txt', 'theirs\n'));
    const r = await call('write_file', { path: 'a.txt', content: 'mine\n', base_sha256: sha256Text('one\n') });
    assert.equal(r.success, false);
    assert.equal(r.error_type, 'HASH_MISMATCH');
    assert.equal(fake.shown('a.txt'), 'theirs\n');
  });

  it('deleting a file the shrink guard protects needs allow_size_reduce, as a shrink does; a move of it does not', async () => {
    const big = 'x'.repeat(5000) + '\n';
    fake.put('big.txt', big);
    fake.put('small.txt', 'tiny\n');
    const patch = '*** Begin Patch\n*** Delete File: big.txt\n*** End Patch\n';
    const refused = await call('safe_patch', { unified_diff: patch, base_hashes: { 'big.txt': sha256Text(big) } });
    assert.equal(refused.error_type, 'SIZE_REDUCTION_BLOCKED', JSON.stringify(refused));
    assert.equal(refused.nothing_written, true);
    assert.equal(fake.shown('big.txt'), big);
    assert.equal(fake.store.list('big.txt')[0].outcome, 'blocked');
    const small = await call('safe_patch', { unified_diff: '*** Begin Patch\n*** Delete File: small.txt\n*** End Patch\n', base_hashes: { 'small.txt': sha256Text('tiny\n') } });
    assert.equal(small.success, true, JSON.stringify(small));
    const moved = await call('safe_patch', { unified_diff: '*** Begin Patch\n*** Update File: big.txt\n*** Move to: moved.txt\n@@\n-' + 'x'.repeat(5000) + '\n+y\n*** End Patch\n', base_hashes: { 'big.txt': sha256Text(big) } });
    assert.equal(moved.success, true, JSON.stringify(moved));
    fake.put('big2.txt', big);
    const allowed = await call('safe_patch', { unified_diff: '*** Begin Patch\n*** Delete File: big2.txt\n*** End Patch\n', base_hashes: { 'big2.txt': sha256Text(big) }, allow_size_reduce: true });
    assert.equal(allowed.success, true, JSON.stringify(allowed));
    assert.equal(fake.shown('big2.txt'), undefined);
  });
});
