import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../../src/history/backupStore';
import { Checkpoints } from '../../../../src/history/checkpoints/checkpoints';
import { recordFile } from '../../../../src/history/checkpoints/checkpointRecord';
import { blobPath } from '../helpers';
import { journalVersion, KB, storeBytesOnDisk, takeWith } from './capHelpers';
import { tempWorkspace } from './helpers';

/**
 * The backup store's cap counts the workspace checkpoints it keeps as well as the history's
 * snapshots: old checkpoints go first, then journal entries by the history's own policy, and
 * the store ends within its cap (or says why not).
 */
describe('history/checkpoints: the store cap counts checkpoints', () => {
  const CAP = 1000 * KB;

  it('a checkpoint that pushes the store past its cap: the oldest checkpoint goes, the journal is untouched, the store ends within the cap', async () => {
    const t = tempWorkspace();
    try {
      const store = new BackupStore(t.store, { maxTotalBytes: CAP });
      assert.ok((await store.open()).ok);
      await journalVersion(store, 'j.bin', 100 * KB);
      await journalVersion(store, 'j.bin', 100 * KB);
      const checkpoints = new Checkpoints(store, { workerScript: null });
      const first = await takeWith(checkpoints, t.ws, 'data.bin', 300 * KB);
      const second = await takeWith(checkpoints, t.ws, 'data.bin', 300 * KB);
      assert.ok((await checkpoints.prune()).ok); // the caller keeps none of them: only each folder's newest is safe
      const third = await takeWith(checkpoints, t.ws, 'data.bin', 300 * KB); // 3 × 300 kB + 200 kB: over 1000 kB

      assert.deepEqual(
        (await checkpoints.list()).map((c) => c.id),
        [second.id, third.id],
        'the oldest checkpoint went, and only it',
      );
      assert.equal(store.listAll().length, 2, 'no journal entry was evicted: pruning a checkpoint sufficed');
      const evicted = store.evictions();
      assert.deepEqual(
        evicted.map((r) => [r.path, r.reason, r.checkpoints, r.versions]),
        [[fs.realpathSync(t.ws), 'size_budget', 1, 0]],
      );
      const stats = await store.stats();
      assert.ok(stats.bytes <= CAP, `${stats.bytes} bytes held, cap ${CAP}`);
      assert.equal(stats.over_cap, undefined);
      assert.equal(fs.existsSync(recordFile(t.store, first.id)), false);
      await checkpoints.close();
      await store.close();
    } finally {
      t.cleanup();
    }
  });

  it('when pruning old checkpoints is not enough, journal entries are evicted next (oldest versions), down to the cap and no further', async () => {
    const t = tempWorkspace();
    try {
      // Built under the default cap, then opened with a small one: open's retention fits it.
      let store = new BackupStore(t.store);
      const checkpoints = new Checkpoints(store, { workerScript: null });
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) ids.push(await journalVersion(store, 'j.bin', 120 * KB));
      const taken = [];
      for (let i = 0; i < 3; i++) taken.push(await takeWith(checkpoints, t.ws, 'data.bin', 300 * KB));
      await checkpoints.close();
      await store.close();
      assert.ok(storeBytesOnDisk(t.store) > 1600 * KB, 'the store is well over the cap to come');

      store = new BackupStore(t.store, { maxTotalBytes: CAP });
      assert.ok((await store.open()).ok);
      // the round open puts off (its timer's), run now
      assert.ok((await store.applyCap()).ok);
      const reopened = new Checkpoints(store, { workerScript: null });
      assert.deepEqual(
        (await reopened.list()).map((c) => c.id),
        [taken[2].id],
        "every checkpoint but the folder's newest went first",
      );
      const left = store.listAll().map((e) => e.id);
      assert.ok(left.includes(ids[5]), 'the newest version stays');
      assert.ok(left.length < 6, 'then journal entries were evicted');
      assert.ok(left.length >= 4, `only as many as the cap needs (${6 - left.length} evicted)`);
      const reasons = store.evictions().map((r) => [r.path, r.reason, r.checkpoints ?? 0, r.versions]);
      assert.deepEqual(reasons, [
        [fs.realpathSync(t.ws), 'size_budget', 2, 0],
        ['j.bin', 'size_budget', 0, 6 - left.length],
      ]);
      const stats = await store.stats();
      assert.ok(stats.bytes <= CAP && storeBytesOnDisk(t.store) <= CAP, `${stats.bytes} bytes held (${storeBytesOnDisk(t.store)} on disk), cap ${CAP}`);
      assert.equal(stats.over_cap, undefined);
      await reopened.close();
      await store.close();
    } finally {
      t.cleanup();
    }
  });

  it("stats count every blob the store keeps — the history's and the checkpoints' — with the journal and the checkpoint records", async () => {
    const t = tempWorkspace();
    try {
      const store = new BackupStore(t.store, { maxTotalBytes: CAP });
      const checkpoints = new Checkpoints(store, { workerScript: null });
      const versions = [await journalVersion(store, 'j.bin', 50 * KB), await journalVersion(store, 'j.bin', 50 * KB)];
      await takeWith(checkpoints, t.ws, 'data.bin', 200 * KB);
      await takeWith(checkpoints, t.ws, 'data.bin', 100 * KB);
      const stats = await store.stats();
      assert.equal(stats.bytes, storeBytesOnDisk(t.store), 'every blob, the journal and the records');
      const historyBlobs = versions.map((id) => fs.statSync(blobPath(t.store, store.get(id)!.before_sha256)).size).reduce((a, b) => a + b, 0);
      const journal = fs.statSync(path.join(t.store, 'journal.jsonl')).size;
      assert.equal(stats.checkpoint_bytes, stats.bytes - historyBlobs - journal, "the checkpoints' part: their chunks, files and records");
      assert.ok(stats.checkpoint_bytes > 300 * KB);
      assert.deepEqual([stats.checkpoints, stats.max_bytes, stats.entries], [2, CAP, 2]);
      await checkpoints.close();
      await store.close();
    } finally {
      t.cleanup();
    }
  });
});
