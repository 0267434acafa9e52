import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../../src/history/backupStore';
import { Checkpoints } from '../../../../src/history/checkpoints/checkpoints';
import { readCheckpoint } from '../../../../src/history/checkpoints/readManifest';
import { planPrune } from '../../../../src/history/checkpoints/pruneCheckpoints';
import { CheckpointRecord } from '../../../../src/history/checkpoints/checkpointRecord';
import { blobFiles, tempWorkspace, writeTree } from './helpers';

describe('history/checkpoints: retention and garbage collection', () => {
  it("the store's garbage collection keeps every blob a checkpoint needs, across a reopen and a retention round", async () => {
    const t = tempWorkspace();
    try {
      writeTree(t.ws, { 'a.txt': 'checkpointed only\n', 'b.bin': Buffer.from([1, 2, 3]) });
      let backups = new BackupStore(t.store, { maxEntriesPerFile: 1 });
      const checkpoints = new Checkpoints(backups, { workerScript: null });
      const taken = await checkpoints.take(t.ws);
      assert.ok(taken.ok);
      // edits of another file: retention drops entries and collects garbage each time
      for (let i = 0; i < 4; i++) {
        const begun = await backups.begin({ tool: 'edit_lines', path: 'c.ts', beforeText: `c ${i}\n` });
        assert.ok(begun.ok);
        assert.ok((await backups.finish(begun.id, { afterText: `c ${i + 1}\n`, outcome: 'applied' })).ok);
      }
      await backups.close();
      backups = new BackupStore(t.store, { maxEntriesPerFile: 1 });
      assert.ok((await backups.open()).ok); // open collects garbage
      const { manifest } = await readCheckpoint(t.store, taken.checkpoint.id);
      for (const p of ['a.txt', 'b.bin']) {
        const s = manifest.stateOf(p);
        assert.ok(s.state === 'file');
        const read = await backups.readSnapshot(s.entry.sha256);
        assert.ok(read.ok, `${p}'s blob survives`);
      }
      await backups.close();
    } finally { t.cleanup(); }
  });

  it('while a checkpoint is being taken no blob is collected; the deferred collection runs after it', async () => {
    const t = tempWorkspace();
    try {
      const backups = new BackupStore(t.store);
      const snap = await backups.snapshot('x.ts', 'pinned for this session\n');
      assert.ok(snap.ok);
      const held = await backups.holdCollection();
      assert.ok(held.ok);
      assert.ok((await backups.clear()).ok); // clear collects: deferred while held
      assert.ok(fs.existsSync(path.join(t.store, 'blobs', snap.sha256.slice(0, 2), snap.sha256)), 'nothing collected while held');
      await held.release();
      assert.equal(fs.existsSync(path.join(t.store, 'blobs', snap.sha256.slice(0, 2), snap.sha256)), false, 'the deferred collection ran at release');
      await backups.close();
    } finally { t.cleanup(); }
  });

  it('prune drops checkpoints older than the oldest live entry (keeping each folder\'s newest), then their blobs go', async () => {
    const t = tempWorkspace();
    try {
      const backups = new BackupStore(t.store);
      const checkpoints = new Checkpoints(backups, { workerScript: null });
      writeTree(t.ws, { 'a.txt': 'first version\n' });
      const first = await checkpoints.take(t.ws);
      assert.ok(first.ok);
      writeTree(t.ws, { 'a.txt': 'second version\n' });
      await new Promise((r) => setTimeout(r, 5));
      const second = await checkpoints.take(t.ws);
      assert.ok(second.ok);
      const blobsBefore = blobFiles(t.store).length;
      // a journal entry newer than both: the store's retention starts after them
      const begun = await backups.begin({ tool: 'edit_lines', path: 'z.ts', beforeText: 'z\n' });
      assert.ok(begun.ok);
      const pruned = await checkpoints.prune();
      assert.ok(pruned.ok);
      assert.deepEqual(pruned.removed, [first.checkpoint.id]);
      assert.deepEqual((await checkpoints.list()).map((c) => c.id), [second.checkpoint.id]);
      const blobsAfter = blobFiles(t.store).length;
      assert.ok(blobsAfter < blobsBefore, `${blobsBefore} → ${blobsAfter}`);
      const { manifest } = await readCheckpoint(t.store, second.checkpoint.id);
      const s = manifest.stateOf('a.txt');
      assert.ok(s.state === 'file' && (await backups.readSnapshot(s.entry.sha256)).ok, 'the kept checkpoint still restores');
      await backups.close();
    } finally { t.cleanup(); }
  });

  it('planPrune: horizon, per-folder count, kept ids, the newest of each folder always stays', () => {
    const rec = (id: string, root: string, time: number) => ({ id, root, time } as CheckpointRecord);
    const records = [rec('1', '/a', 1), rec('2', '/b', 2), rec('3', '/a', 3), rec('4', '/a', 4), rec('5', '/a', 5)];
    assert.deepEqual(planPrune(records, { horizon: 100, maxPerRoot: 10 }), ['1', '3', '4']);
    assert.deepEqual(planPrune(records, { horizon: 100, maxPerRoot: 10, keep: new Set(['3']) }), ['1', '4']);
    assert.deepEqual(planPrune(records, { horizon: 0, maxPerRoot: 2 }), ['1', '3']);
    assert.deepEqual(planPrune(records, { horizon: 0, maxPerRoot: 10 }), []);
  });
});
