import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sha256Bytes } from '../../../../src/core/hash';
import { BackupStore } from '../../../../src/history/backupStore';
import { Checkpoints } from '../../../../src/history/checkpoints/checkpoints';
import { readCheckpoint } from '../../../../src/history/checkpoints/readManifest';
import { blobFiles, tempWorkspace, writeTree } from './helpers';

async function open(store: string, workerScript: string | null = null): Promise<{ backups: BackupStore; checkpoints: Checkpoints }> {
  const backups = new BackupStore(store);
  assert.ok((await backups.open()).ok);
  return { backups, checkpoints: new Checkpoints(backups, { workerScript }) };
}

describe('history/checkpoints: take', () => {
  it('records every file with its blob, size and mode; one blob per distinct content; skips .git and the store', async () => {
    const t = tempWorkspace();
    try {
      writeTree(t.ws, { 'a.txt': 'same\n', 'src/b.txt': 'same\n', 'src/c.ts': 'other', '.git/HEAD': 'ref: x\n' });
      fs.chmodSync(path.join(t.ws, 'src/c.ts'), 0o755);
      const inside = path.join(t.ws, '.ase-store'); // a store inside the folder is never recorded
      const { backups, checkpoints } = await open(inside);
      const taken = await checkpoints.take(t.ws);
      assert.ok(taken.ok, JSON.stringify(taken));
      const c = taken.checkpoint;
      assert.equal(c.files, 3);
      assert.equal(c.bytes, 5 + 5 + 5);
      assert.equal(c.hashed_files, 3);
      const { manifest } = await readCheckpoint(inside, c.id);
      const state = manifest.stateOf('src/c.ts');
      assert.ok(state.state === 'file' && state.entry.mode === 0o755 && state.entry.sha256 === sha256Bytes(Buffer.from('other')));
      assert.deepEqual(manifest.stateOf('.git/HEAD'), { state: 'unknown', reason: 'git_dir', under: '.git' });
      assert.equal(manifest.stateOf('.ase-store').state, 'unknown');
      assert.equal(manifest.stateOf('nothing.txt').state, 'absent');
      // two files with the same bytes share one blob; plus one chunk
      assert.equal(blobFiles(inside).length, 2 + c.chunks.length);
      await backups.close();
    } finally { t.cleanup(); }
  });

  it('an incremental checkpoint reads only the changed files and writes only the chunks they fall in', async () => {
    const t = tempWorkspace();
    try {
      const files: Record<string, string> = {};
      for (let i = 0; i < 2000; i++) files[`d${i % 20}/f${i}.txt`] = `file ${i}\n`;
      writeTree(t.ws, files);
      const { backups, checkpoints } = await open(t.store);
      await new Promise((r) => setTimeout(r, 150)); // past the racy margin
      const cold = await checkpoints.take(t.ws);
      assert.ok(cold.ok);
      assert.equal(cold.checkpoint.hashed_files, 2000);
      assert.ok(cold.checkpoint.chunks.length > 10, `chunks: ${cold.checkpoint.chunks.length}`);
      await new Promise((r) => setTimeout(r, 150));
      for (let i = 0; i < 3; i++) fs.writeFileSync(path.join(t.ws, `d${i}/f${i}.txt`), `changed ${i}\n`);
      const warm = await checkpoints.take(t.ws);
      assert.ok(warm.ok);
      assert.equal(warm.checkpoint.hashed_files, 3);
      assert.equal(warm.checkpoint.files, 2000);
      const newChunks = warm.checkpoint.chunks.filter((c) => !cold.checkpoint.chunks.includes(c)).length;
      assert.ok(newChunks >= 1 && newChunks <= 3, `new chunks: ${newChunks}`);
      assert.equal(warm.checkpoint.new_blobs, 3 + newChunks);
      // The 3 files changed just before `warm` started are racy there: read once more, nothing new stored.
      await new Promise((r) => setTimeout(r, 150));
      const same = await checkpoints.take(t.ws);
      assert.ok(same.ok);
      assert.equal(same.checkpoint.hashed_files, 3);
      assert.equal(same.checkpoint.new_blobs, 0);
      assert.deepEqual(same.checkpoint.chunks, warm.checkpoint.chunks);
      const settled = await checkpoints.take(t.ws);
      assert.ok(settled.ok);
      assert.equal(settled.checkpoint.hashed_files, 0);
      await backups.close();
    } finally { t.cleanup(); }
  });

  it('a file changed in the same clock tick as the previous checkpoint is read again (racy stat values)', async () => {
    const t = tempWorkspace();
    try {
      writeTree(t.ws, { 'a.txt': 'one\n' });
      const { backups, checkpoints } = await open(t.store);
      const first = await checkpoints.take(t.ws);
      assert.ok(first.ok);
      // same size, and mtime restored: only the racy rule can see the change
      const st = fs.statSync(path.join(t.ws, 'a.txt'));
      fs.writeFileSync(path.join(t.ws, 'a.txt'), 'two\n');
      fs.utimesSync(path.join(t.ws, 'a.txt'), st.atime, st.mtime);
      const second = await checkpoints.take(t.ws);
      assert.ok(second.ok);
      const { manifest } = await readCheckpoint(t.store, second.checkpoint.id);
      const s = manifest.stateOf('a.txt');
      assert.ok(s.state === 'file' && s.entry.sha256 === sha256Bytes(Buffer.from('two\n')));
      await backups.close();
    } finally { t.cleanup(); }
  });

  it('caps: a file over the per-file cap and the files past the total cap are left out and listed with sizes', async () => {
    const t = tempWorkspace();
    try {
      writeTree(t.ws, { 'big.bin': Buffer.alloc(3000, 1), 'a.txt': 'x'.repeat(600), 'b.txt': 'y'.repeat(600), 'c.txt': 'z'.repeat(600) });
      const { backups, checkpoints } = await open(t.store);
      const taken = await checkpoints.take(t.ws, { maxFileBytes: 2000, maxTotalBytes: 1300 });
      assert.ok(taken.ok);
      assert.deepEqual(taken.checkpoint.left_out, [{ path: 'big.bin', reason: 'too_large', size: 3000 }, { path: 'c.txt', reason: 'total_cap', size: 600 }]);
      assert.equal(taken.checkpoint.files, 2);
      const { manifest } = await readCheckpoint(t.store, taken.checkpoint.id);
      assert.equal(manifest.stateOf('c.txt').state, 'unknown', 'a file over a cap is unknown, never absent');
      await backups.close();
    } finally { t.cleanup(); }
  });

  it('diff: a file over the cap in both checkpoints is listed as unknown on both sides, one created over it as unknown after', async () => {
    const t = tempWorkspace();
    try {
      writeTree(t.ws, { 'big.log': Buffer.alloc(3000, 1), 'a.txt': 'a\n' });
      const { backups, checkpoints } = await open(t.store);
      const first = await checkpoints.take(t.ws, { maxFileBytes: 2000 });
      assert.ok(first.ok);
      writeTree(t.ws, { 'big.log': Buffer.alloc(4000, 2), 'new.log': Buffer.alloc(5000, 3), 'a.txt': 'A\n' });
      const second = await checkpoints.take(t.ws, { maxFileBytes: 2000 });
      assert.ok(second.ok);
      const diff = await checkpoints.diff(first.checkpoint.id, second.checkpoint.id);
      assert.ok(diff.ok);
      assert.deepEqual(diff.diff.changed.map((c) => c.path), ['a.txt']);
      assert.deepEqual(diff.diff.unknown.map((u) => [u.path, u.side, u.reason]), [['big.log', 'both', 'too_large'], ['new.log', 'after', 'too_large']]);
      await backups.close();
    } finally { t.cleanup(); }
  });

  it('a symbolic link is recorded as a link, never followed (a link out of the folder reads nothing outside)', async () => {
    const t = tempWorkspace();
    try {
      const outside = path.join(path.dirname(t.ws), 'outside');
      writeTree(outside, { 'secret.txt': 'not ours\n' });
      fs.symlinkSync(outside, path.join(t.ws, 'out-dir'));
      fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(t.ws, 'out-file'));
      const { backups, checkpoints } = await open(t.store);
      const taken = await checkpoints.take(t.ws);
      assert.ok(taken.ok);
      assert.equal(taken.checkpoint.bytes, 0);
      const { manifest } = await readCheckpoint(t.store, taken.checkpoint.id);
      const link = manifest.stateOf('out-dir');
      assert.ok(link.state === 'link' && link.entry.target === outside);
      assert.equal(manifest.stateOf('out-dir/secret.txt').state, 'absent');
      assert.equal(blobFiles(t.store).length, taken.checkpoint.chunks.length, 'no file blob: nothing outside was read');
      await backups.close();
    } finally { t.cleanup(); }
  });

  it('special files are left out as not_regular; excludes and .gitignore leave paths out as unknown', async () => {
    const t = tempWorkspace();
    try {
      writeTree(t.ws, { 'keep.txt': 'k', 'node_modules/x/index.js': 'x', 'build/out.o': 'o', '.gitignore': 'build/\n', 'logs/a.log': 'l' });
      const { execFileSync } = await import('node:child_process');
      execFileSync('mkfifo', [path.join(t.ws, 'pipe')]);
      const { backups, checkpoints } = await open(t.store);
      const taken = await checkpoints.take(t.ws, { excludes: ['**/node_modules', '**/*.{log,tmp}'] });
      assert.ok(taken.ok);
      assert.deepEqual(taken.checkpoint.left_out, [{ path: 'pipe', reason: 'not_regular' }]);
      assert.deepEqual(taken.checkpoint.left_out_counts, { excluded: 2, gitignore: 1, not_regular: 1 });
      assert.equal(taken.checkpoint.files, 2);
      await backups.close();
    } finally { t.cleanup(); }
  });

  it('the worker thread (with its compression helper, from three cores) takes the same checkpoint as this thread', async () => {
    const t = tempWorkspace();
    try {
      // enough new files for several batches to go to the helper thread where there is one
      const many = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`src/m${i}.ts`, `export const v${i} = ${i};\n`.repeat(200)]));
      writeTree(t.ws, { 'a.txt': 'a\r\nb', 'd/b.bin': Buffer.from([0, 1, 2, 255]), ...many });
      const script = path.join(__dirname, '../../../../src/history/checkpoints/checkpoint-worker.js');
      assert.ok(fs.existsSync(script), script);
      const { backups, checkpoints } = await open(t.store, script);
      const viaWorker = await checkpoints.take(t.ws);
      assert.ok(viaWorker.ok, JSON.stringify(viaWorker));
      const here = new Checkpoints(backups, { workerScript: null });
      const onThread = await here.take(t.ws);
      assert.ok(onThread.ok);
      assert.deepEqual(onThread.checkpoint.chunks, viaWorker.checkpoint.chunks);
      assert.equal(viaWorker.checkpoint.new_blobs, 122 + viaWorker.checkpoint.chunks.length);
      // blobs the helper compressed read back: two files deleted, then restored from them
      for (const p of ['src/m7.ts', 'src/m119.ts']) fs.rmSync(path.join(t.ws, p));
      const restored = await checkpoints.restore({ root: t.ws, paths: ['src/m7.ts', 'src/m119.ts'], from: viaWorker.checkpoint.id, expected: viaWorker.checkpoint.id, overwriteChanged: true });
      assert.ok(restored.ok);
      assert.deepEqual(restored.outcomes.map((o) => o.outcome), ['recreated', 'recreated']);
      for (const p of ['src/m7.ts', 'src/m119.ts']) assert.equal(fs.readFileSync(path.join(t.ws, p), 'utf8'), many[p]);
      await checkpoints.close();
      await backups.close();
    } finally { t.cleanup(); }
  });

  it('with the paths a watcher saw change, only they are examined; the rest is the previous manifest', async () => {
    const t = tempWorkspace();
    try {
      writeTree(t.ws, { 'a/one.txt': '1', 'a/two.txt': '2', 'b/three.txt': '3', 'ignored/x.txt': 'x', '.gitignore': 'ignored/\n' });
      const { backups, checkpoints } = await open(t.store);
      await new Promise((r) => setTimeout(r, 150));
      const cold = await checkpoints.take(t.ws);
      assert.ok(cold.ok);
      fs.writeFileSync(path.join(t.ws, 'a/one.txt'), 'one changed');
      fs.rmSync(path.join(t.ws, 'b'), { recursive: true });
      writeTree(t.ws, { 'c/new/deep.txt': 'new', 'ignored/y.txt': 'y' });
      fs.writeFileSync(path.join(t.ws, 'a/two.txt'), 'changed, but the hint does not say so');
      const hinted = await checkpoints.take(t.ws, { changedPaths: ['a/one.txt', 'b/three.txt', 'c', 'ignored/y.txt'] });
      assert.ok(hinted.ok);
      assert.equal(hinted.checkpoint.walk, 'changed_paths');
      assert.equal(hinted.checkpoint.hashed_files, 2);
      const diff = await checkpoints.diff(cold.checkpoint.id, hinted.checkpoint.id);
      assert.ok(diff.ok);
      assert.deepEqual([diff.diff.created.map((c) => c.path), diff.diff.changed.map((c) => c.path), diff.diff.deleted.map((c) => c.path)],
        [['c/new/deep.txt'], ['a/one.txt'], ['b/three.txt']]);
      assert.deepEqual(hinted.checkpoint.left_out_counts, { gitignore: 1 });
      // a full walk sees what the hint missed
      const full = await checkpoints.take(t.ws);
      assert.ok(full.ok);
      assert.equal(full.checkpoint.walk, 'full');
      const missed = await checkpoints.diff(hinted.checkpoint.id, full.checkpoint.id);
      assert.ok(missed.ok);
      assert.deepEqual(missed.diff.changed.map((c) => c.path), ['a/two.txt']);
      // a .gitignore among the changed paths means a full walk (the rules changed)
      const rules = await checkpoints.take(t.ws, { changedPaths: ['.gitignore'] });
      assert.ok(rules.ok);
      assert.equal(rules.checkpoint.walk, 'full');
      await backups.close();
    } finally { t.cleanup(); }
  });
});
