import { strict as assert } from 'node:assert';
import { sha256Text } from '../../../../src/core/hash';
import { recoverInterruptedGroups } from '../../../../src/engine/restore/recover-groups';
import { FakeHost } from '../fake-host';

// A case-only rename (readme.md → README.md) on a case-insensitive file system, where the two
// names are one file: performed as a rename of that file (with the new text), journaled as a
// move, rolled back as one, and never a delete of the only copy — at any step, a crash included.

const patch = (...lines: string[]) => ['*** Begin Patch', ...lines, '*** End Patch', ''].join('\n');
const OLD = 'hello\n';
const base = { 'readme.md': sha256Text(OLD) };

describe('engine/edit: case-only renames on a case-insensitive fake host', () => {
  let fake: FakeHost;
  beforeEach(async () => {
    fake = await new FakeHost().open();
    fake.caseInsensitive = true;
    fake.put('readme.md', OLD, { bom: true, mode: 0o640 });
  });
  afterEach(() => fake.close());

  const only = (name: string, text: string) => {
    assert.deepEqual([...fake.files.keys()].filter((k) => k.toLowerCase().endsWith('readme.md')), [name]);
    assert.equal(fake.shown(name), text);
  };

  it('Delete + Add with the same text renames the one file, keeping its BOM and mode', async () => {
    const r = await fake.call('safe_patch', { unified_diff: patch('*** Delete File: readme.md', '*** Add File: README.md', '+hello'), base_hashes: base });
    assert.equal(r.success, true, JSON.stringify(r));
    only('README.md', OLD);
    assert.deepEqual(fake.files.get('README.md'), { text: OLD, bom: true, mode: 0o640 });
    assert.deepEqual(fake.log, ['rename readme.md README.md']);
    assert.deepEqual(r.files[0].case_only_rename, { from: 'readme.md', to: 'README.md' });
  });

  it('Delete + Add with a new text is a rename with that text, not a delete', async () => {
    const r = await fake.call('safe_patch', { unified_diff: patch('*** Delete File: readme.md', '*** Add File: README.md', '+hello there'), base_hashes: base });
    assert.equal(r.success, true, JSON.stringify(r));
    only('README.md', 'hello there\n');
    assert.deepEqual(fake.log, ['rename readme.md README.md', 'write README.md']);
  });

  it('Add before Delete is the same rename', async () => {
    const r = await fake.call('safe_patch', { unified_diff: patch('*** Add File: README.md', '+hello 2', '*** Delete File: readme.md'), base_hashes: base });
    assert.equal(r.success, true, JSON.stringify(r));
    only('README.md', 'hello 2\n');
  });

  it('Update + Move to another case renames and applies the hunk', async () => {
    const r = await fake.call('safe_patch', { unified_diff: patch('*** Update File: readme.md', '*** Move to: README.md', '@@', '-hello', '+hello moved'), base_hashes: base });
    assert.equal(r.success, true, JSON.stringify(r));
    only('README.md', 'hello moved\n');
  });

  it('a multi-file unified diff renaming readme.md to README.md (with a second file) renames it', async () => {
    fake.put('b.txt', 'beta\n');
    const diff = ['--- a/readme.md', '+++ b/README.md', '@@ -1 +1 @@', '-hello', '+HELLO', '--- a/b.txt', '+++ b/b.txt', '@@ -1 +1 @@', '-beta', '+BETA', ''].join('\n');
    const r = await fake.call('safe_patch', { unified_diff: diff, base_hashes: { ...base, 'b.txt': sha256Text('beta\n') } });
    assert.equal(r.success, true, JSON.stringify(r));
    only('README.md', 'HELLO\n');
    assert.equal(fake.shown('b.txt'), 'BETA\n');
  });

  it('where rename(2) ignores a case change (Linux), the file goes through a temporary name in its folder', async () => {
    fake.renameIgnoresCase = true;
    const r = await fake.call('safe_patch', { unified_diff: patch('*** Delete File: readme.md', '*** Add File: README.md', '+hello'), base_hashes: base });
    assert.equal(r.success, true, JSON.stringify(r));
    only('README.md', OLD);
    assert.equal(fake.log.length, 2, fake.log.join('; '));
    assert.match(fake.log[0], /^rename readme\.md \.README\.md\.case-rename-[0-9a-f]{8}$/);
    assert.match(fake.log[1], /^rename \.README\.md\.case-rename-[0-9a-f]{8} README\.md$/);
    const entry = fake.store.list('README.md')[0];
    assert.equal(entry.renamed_from, 'readme.md');
    assert.equal(entry.rename_via, fake.log[1].split(' ')[1]);
  });

  it('is journaled as a move and a group rollback puts the old name and text back, itself undoable', async () => {
    const r = await fake.call('safe_patch', { unified_diff: patch('*** Delete File: readme.md', '*** Add File: README.md', '+new'), base_hashes: base });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(fake.store.list('readme.md')[0].kind, 'delete');
    assert.equal(fake.store.list('README.md')[0].kind, 'create');
    const back = await fake.call('rollback_file', { path: 'README.md' });
    assert.equal(back.success, true, JSON.stringify(back));
    only('readme.md', OLD);
    assert.deepEqual(fake.files.get('readme.md'), { text: OLD, bom: true, mode: 0o640 });
    const again = await fake.call('rollback_file', { path: 'readme.md' });
    assert.equal(again.success, true, JSON.stringify(again));
    only('README.md', 'new\n');
  });

  it('a group rollback whose backup of the old name the store also holds as bytes (a workspace checkpoint stored the same content first) still renames the file back', async () => {
    // The same bytes as a raw blob first, as a checkpoint's take stores a file: the text backup then shares it.
    assert.ok((await fake.store.begin({ tool: 'outside', path: 'elsewhere.txt', beforeText: '', beforeBytes: Buffer.from(OLD, 'utf8'), writer: { kind: 'outside' } })).ok);
    const r = await fake.call('safe_patch', { unified_diff: patch('*** Delete File: readme.md', '*** Add File: README.md', '+new'), base_hashes: base });
    assert.equal(r.success, true, JSON.stringify(r));
    const stored = await fake.store.readSnapshot(fake.store.list('readme.md')[0].before_sha256);
    assert.ok(stored.ok && 'text' in stored.snapshot && stored.snapshot.raw, 'the backup reads as a raw blob');
    const back = await fake.call('rollback_file', { path: 'README.md' });
    assert.equal(back.success, true, JSON.stringify(back));
    only('readme.md', OLD);
  });

  it('rolling back one name alone (group: false) is refused, either side: the two names are one file', async () => {
    const r = await fake.call('safe_patch', { unified_diff: patch('*** Delete File: readme.md', '*** Add File: README.md', '+new'), base_hashes: base });
    assert.equal(r.success, true, JSON.stringify(r));
    for (const name of ['README.md', 'readme.md']) {
      const one = await fake.call('rollback_file', { path: name, group: false });
      assert.equal(one.error_type, 'INVALID_INPUT', JSON.stringify(one));
      assert.equal(one.reason, 'case_only_rename');
      only('README.md', 'new\n');
    }
  });

  it('a later file that fails puts the rename back: old name, old text', async () => {
    fake.put('b.txt', 'beta\n');
    fake.failWrite.add('b.txt');
    const r = await fake.call('safe_patch', {
      unified_diff: patch('*** Delete File: readme.md', '*** Add File: README.md', '+new', '*** Update File: b.txt', '@@', '-beta', '+BETA'),
      base_hashes: { ...base, 'b.txt': sha256Text('beta\n') },
    });
    assert.equal(r.success, false, JSON.stringify(r));
    assert.match(r.message, /nothing was changed/);
    only('readme.md', OLD);
  });

  it('a failed second rename step puts the file back under its old name', async () => {
    fake.renameIgnoresCase = true;
    fake.failRename.add('README.md');
    const r = await fake.call('safe_patch', { unified_diff: patch('*** Delete File: readme.md', '*** Add File: README.md', '+hello'), base_hashes: base });
    assert.equal(r.success, false, JSON.stringify(r));
    only('readme.md', OLD);
  });

  it('a change under both names (two updates) is refused, nothing written', async () => {
    const r = await fake.call('safe_patch', {
      unified_diff: patch('*** Update File: readme.md', '@@', '-hello', '+a', '*** Update File: README.md', '@@', '-hello', '+b'),
      base_hashes: { ...base, 'README.md': sha256Text(OLD) },
    });
    assert.equal(r.success, false, JSON.stringify(r));
    assert.equal(r.reason, 'case_only_rename');
    assert.equal(r.nothing_written, true);
    only('readme.md', OLD);
    assert.deepEqual(fake.log, []);
  });

  it('the rename is guarded like an edit of the file: a large file renamed to "}" is blocked', async () => {
    const big = 'line of text\n'.repeat(300);
    fake.put('readme.md', big);
    const r = await fake.call('safe_patch', { unified_diff: patch('*** Delete File: readme.md', '*** Add File: README.md', '+}'), base_hashes: { 'readme.md': sha256Text(big) } });
    assert.equal(r.success, false, JSON.stringify(r));
    assert.equal(r.error_type, 'SIZE_REDUCTION_BLOCKED');
    only('readme.md', big);
  });

  describe('crash recovery', () => {
    /** Journals the rename as the transaction does, then "crashes" with the file where `place` leaves it. */
    async function crashAt(place: (via: string) => void, newText = 'new\n') {
      const via = '.README.md.case-rename-0badc0de';
      const begun = await fake.store.beginGroup([
        { tool: 'safe_patch', path: 'readme.md', beforeText: OLD, kind: 'delete', intendedSha256: null },
        { tool: 'safe_patch', path: 'README.md', beforeText: '', kind: 'create', intendedSha256: sha256Text(newText), renamedFrom: 'readme.md', renameVia: via },
      ]);
      assert.ok(begun.ok);
      place(via);
      const report = await fake.restartStore();
      assert.equal(report.interruptedGroups.length, 1);
      return recoverInterruptedGroups(fake.host, report.interruptedGroups);
    }
    const move = (from: string, to: string) => { const f = fake.files.get(from)!; fake.files.delete(from); fake.files.set(to, f); };

    it('under the temporary name: renamed back to its old name', async () => {
      const [r] = await crashAt((via) => move('readme.md', via));
      assert.equal(r.ok, true, r.message);
      only('readme.md', OLD);
      assert.equal([...fake.files.keys()].length, 1);
    });

    it('renamed with its new text: put back (old name, old text), the new text backed up', async () => {
      const [r] = await crashAt(() => { move('readme.md', 'README.md'); fake.files.get('README.md')!.text = 'new\n'; });
      assert.equal(r.ok, true, r.message);
      assert.deepEqual(r.restored.sort(), ['README.md', 'readme.md']);
      only('readme.md', OLD);
    });

    it('a pure case rename that had completed is put back too, never deleted', async () => {
      const [r] = await crashAt(() => move('readme.md', 'README.md'), OLD);
      assert.equal(r.ok, true, r.message);
      only('readme.md', OLD);
    });

    it('not reached: nothing to do, the file stays', async () => {
      const [r] = await crashAt(() => undefined);
      assert.deepEqual(r.restored, []);
      only('readme.md', OLD);
    });
  });
});

describe('engine/edit: names that differ in case on a case-sensitive fake host', () => {
  it('stay two files: Delete readme.md + Add README.md deletes one and creates the other', async () => {
    const fake = await new FakeHost().open();
    try {
      fake.put('readme.md', OLD);
      fake.put('README.md', 'other\n');
      const r = await fake.call('safe_patch', {
        unified_diff: patch('*** Delete File: readme.md', '*** Update File: README.md', '@@', '-other', '+other 2'),
        base_hashes: { ...base, 'README.md': sha256Text('other\n') },
      });
      assert.equal(r.success, true, JSON.stringify(r));
      assert.equal(fake.files.has('readme.md'), false);
      assert.equal(fake.shown('README.md'), 'other 2\n');
      assert.equal(r.files[0].case_only_rename, undefined);
    } finally {
      await fake.close();
    }
  });
});
