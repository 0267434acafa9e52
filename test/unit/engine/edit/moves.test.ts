import { strict as assert } from 'node:assert';
import { sha256Text } from '../../../../src/core/hash';
import { FakeHost } from '../fake-host';

// Moves and re-created files on the in-memory host: a file keeps its identity (one file under
// two spellings is never deleted as "the other one"), and a file that moves or comes back keeps
// its BOM and permission bits. Case-only renames: case-rename.test.ts.

const patch = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');

describe('engine/edit: moves, case-only renames and re-created files on a fake host', () => {
  let fake: FakeHost;
  let call: (tool: string, input: Record<string, unknown>) => Promise<Record<string, any>>;
  beforeEach(async () => {
    fake = await new FakeHost().open();
    call = (tool, input) => fake.call(tool, input);
  });
  afterEach(() => fake.close());

  describe('on a case-insensitive file system', () => {
    beforeEach(() => {
      fake.caseInsensitive = true;
      fake.put('readme.md', 'hello\n');
    });

    it('two files whose names differ by more than case are still moved as before', async () => {
      const r = await call('safe_patch', { unified_diff: patch('*** Update File: readme.md', '*** Move to: docs/intro.md', '@@', '-hello', '+hello there'), base_hashes: { 'readme.md': sha256Text('hello\n') } });
      assert.equal(r.success, true, JSON.stringify(r));
      assert.equal(fake.shown('readme.md'), undefined);
      assert.equal(fake.shown('docs/intro.md'), 'hello there\n');
    });
  });

  it('on a case-sensitive file system the same Delete + Add is two files and goes through', async () => {
    fake.put('readme.md', 'hello\n');
    const r = await call('safe_patch', { unified_diff: patch('*** Delete File: readme.md', '*** Add File: README.md', '+hello'), base_hashes: { 'readme.md': sha256Text('hello\n') } });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(fake.shown('readme.md'), undefined);
    assert.equal(fake.shown('README.md'), 'hello\n');
  });

  it('a moved file keeps its BOM and permission bits', async () => {
    fake.put('run.sh', 'echo hi\n', { bom: true, mode: 0o755 });
    const r = await call('safe_patch', { unified_diff: patch('*** Update File: run.sh', '*** Move to: bin/run.sh', '@@', '-echo hi', '+echo hello'), base_hashes: { 'run.sh': sha256Text('echo hi\n') } });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(fake.files.has('run.sh'), false);
    assert.deepEqual(fake.files.get('bin/run.sh'), { text: 'echo hello\n', bom: true, mode: 0o755 });
  });

  it('a failed group puts a deleted file back with its BOM and permission bits, and says nothing changed', async () => {
    fake.put('run.sh', 'echo hi\n', { bom: true, mode: 0o750 });
    fake.put('b.txt', 'beta\n');
    fake.failWrite.add('b.txt');
    const r = await call('safe_patch', {
      unified_diff: patch('*** Delete File: run.sh', '*** Update File: b.txt', '@@', '-beta', '+BETA'),
      base_hashes: { 'run.sh': sha256Text('echo hi\n'), 'b.txt': sha256Text('beta\n') },
    });
    assert.equal(r.success, false, JSON.stringify(r));
    assert.match(r.message, /nothing was changed/);
    assert.deepEqual(fake.log, ['delete run.sh', 'write run.sh']);
    assert.deepEqual(fake.files.get('run.sh'), { text: 'echo hi\n', bom: true, mode: 0o750 });
  });

  it('a group rollback re-creates a deleted file with the BOM and mode the journal recorded', async () => {
    fake.put('run.sh', 'echo hi\n', { bom: true, mode: 0o700 });
    fake.put('b.txt', 'beta\n');
    const r = await call('safe_patch', {
      unified_diff: patch('*** Delete File: run.sh', '*** Update File: b.txt', '@@', '-beta', '+BETA'),
      base_hashes: { 'run.sh': sha256Text('echo hi\n'), 'b.txt': sha256Text('beta\n') },
    });
    assert.equal(r.success, true, JSON.stringify(r));
    const entry = fake.store.list('run.sh')[0];
    assert.equal(entry.before_bom, true);
    assert.equal(entry.before_mode, 0o700);
    const back = await call('rollback_file', { path: 'b.txt' });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.deepEqual(fake.files.get('run.sh'), { text: 'echo hi\n', bom: true, mode: 0o700 });
    assert.equal(fake.shown('b.txt'), 'beta\n');
  });

  it('rolling back only the deleted file of a group (group: false) re-creates it with its BOM and mode too', async () => {
    fake.put('run.sh', 'echo hi\n', { bom: true, mode: 0o711 });
    fake.put('b.txt', 'beta\n');
    const r = await call('safe_patch', {
      unified_diff: patch('*** Delete File: run.sh', '*** Update File: b.txt', '@@', '-beta', '+BETA'),
      base_hashes: { 'run.sh': sha256Text('echo hi\n'), 'b.txt': sha256Text('beta\n') },
    });
    assert.equal(r.success, true, JSON.stringify(r));
    const back = await call('rollback_file', { path: 'run.sh', group: false });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.deepEqual(fake.files.get('run.sh'), { text: 'echo hi\n', bom: true, mode: 0o711 });
    assert.equal(fake.shown('b.txt'), 'BETA\n');
  });
});
