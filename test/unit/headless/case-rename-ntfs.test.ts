import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { listsExactName, renameChecked, renameTargetState } from '../../../src/files/rename-checked';
import { CaseInsensitiveMount, mountCaseInsensitive } from '../../support/case-insensitive-mount';
import { Running, startServer, tempDir } from './harness';

// Case-only renames on a real case-insensitive file system (NTFS through ntfs-3g's
// ignore_case, which lists every name in lower case): the disk's file operations, then the
// headless server (the disk host) renaming, rolling back, and never losing the one file.

describe('case-only renames on a real case-insensitive mount (ntfs-3g ignore_case)', function () {
  this.timeout(60000);
  let mount: CaseInsensitiveMount | undefined;
  let root: string;
  before(function () {
    mount = mountCaseInsensitive(this);
  });
  after(() => mount?.unmount());
  beforeEach(() => {
    root = fs.mkdtempSync(path.join(mount!.dir, 'ws-'));
  });

  const entries = () => fs.readdirSync(root).sort();

  describe('the disk file operations', () => {
    it('README.md and readme.md are one file, and rename(2) between them changes nothing', async () => {
      const a = path.join(root, 'readme.md');
      const b = path.join(root, 'README.md');
      fs.writeFileSync(a, 'hello\n');
      assert.equal(await renameTargetState(a, b), 'same-file');
      const r = await renameChecked(a, b, { text: 'hello\n', bom: false }, 'readme.md', 'README.md');
      assert.equal(r.ok, true);
      assert.deepEqual(entries(), ['readme.md']);
      assert.equal(await listsExactName(b), false);
      assert.equal(fs.readFileSync(b, 'utf8'), 'hello\n');
    });

    it('never renames onto another file', async () => {
      fs.writeFileSync(path.join(root, 'a.txt'), 'a\n');
      fs.writeFileSync(path.join(root, 'b.txt'), 'b\n');
      const r = await renameChecked(path.join(root, 'a.txt'), path.join(root, 'B.TXT'), { text: 'a\n', bom: false }, 'a.txt', 'B.TXT');
      assert.equal(r.ok, false);
      assert.deepEqual(entries(), ['a.txt', 'b.txt']);
      assert.equal(fs.readFileSync(path.join(root, 'b.txt'), 'utf8'), 'b\n');
    });
  });

  describe('the headless server', () => {
    let server: Running;
    beforeEach(async () => {
      server = await startServer(root, tempDir('store'));
    });
    afterEach(() => server?.close());

    const sha = async (p: string) => (await server.call('safe_read_file', { path: p })).sha256 as string;

    it('Delete readme.md + Add README.md with a new text renames the file (not a delete), and the group rollback puts it back', async () => {
      fs.writeFileSync(path.join(root, 'readme.md'), 'hello\n');
      fs.writeFileSync(path.join(root, 'b.txt'), 'beta\n');
      const r = await server.call('safe_patch', {
        unified_diff: '*** Begin Patch\n*** Delete File: readme.md\n*** Add File: README.md\n+hello there\n*** Update File: b.txt\n@@\n-beta\n+BETA\n*** End Patch\n',
        base_hashes: { 'readme.md': await sha('readme.md'), 'b.txt': await sha('b.txt') },
      });
      assert.equal(r.success, true, JSON.stringify(r));
      assert.deepEqual(entries(), ['b.txt', 'readme.md']);
      assert.equal(fs.readFileSync(path.join(root, 'README.md'), 'utf8'), 'hello there\n');
      const back = await server.call('rollback_file', { path: 'README.md' });
      assert.equal(back.success, true, JSON.stringify(back));
      assert.deepEqual(entries(), ['b.txt', 'readme.md']);
      assert.equal(fs.readFileSync(path.join(root, 'readme.md'), 'utf8'), 'hello\n');
      assert.equal(fs.readFileSync(path.join(root, 'b.txt'), 'utf8'), 'beta\n');
    });

    it('Update + Move to another case, and a multi-file unified diff renaming it, keep the one file with the new text', async () => {
      fs.writeFileSync(path.join(root, 'notes.md'), 'one\n');
      const moved = await server.call('safe_patch', { unified_diff: '*** Begin Patch\n*** Update File: notes.md\n*** Move to: NOTES.md\n@@\n-one\n+two\n*** End Patch\n', base_hashes: { 'notes.md': await sha('notes.md') } });
      assert.equal(moved.success, true, JSON.stringify(moved));
      assert.deepEqual(entries(), ['notes.md']);
      assert.equal(fs.readFileSync(path.join(root, 'notes.md'), 'utf8'), 'two\n');
      fs.writeFileSync(path.join(root, 'c.txt'), 'c\n');
      const diff = '--- a/NOTES.md\n+++ b/Notes.md\n@@ -1 +1 @@\n-two\n+three\n--- a/c.txt\n+++ b/c.txt\n@@ -1 +1 @@\n-c\n+C\n';
      const again = await server.call('safe_patch', { unified_diff: diff, base_hashes: { 'NOTES.md': await sha('NOTES.md'), 'c.txt': await sha('c.txt') } });
      assert.equal(again.success, true, JSON.stringify(again));
      assert.deepEqual(entries(), ['c.txt', 'notes.md']);
      assert.equal(fs.readFileSync(path.join(root, 'notes.md'), 'utf8'), 'three\n');
    });
  });
});
