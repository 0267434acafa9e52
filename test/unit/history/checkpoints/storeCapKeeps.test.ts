import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { sha256Text } from '../../../../src/core/hash';
import { BackupStore } from '../../../../src/history/backupStore';
import { Checkpoints } from '../../../../src/history/checkpoints/checkpoints';
import { readCheckpoint } from '../../../../src/history/checkpoints/readManifest';
import { blobPath } from '../helpers';
import { journalVersion, KB, takeWith } from './capHelpers';
import { tempWorkspace, writeTree } from './helpers';

/**
 * What the store's cap must never take: a blob a live checkpoint or entry needs, a checkpoint its
 * caller keeps, each folder's newest; and when what it must keep is larger than the cap, the
 * store says so instead of pruning it, and checkpoints still in use never take the history's half.
 */
describe('history/checkpoints: what the store cap keeps', () => {
  const CAP = 1000 * KB;

  it("under the cap's pressure only blobs no live checkpoint or entry needs go; kept checkpoints restore whole", async () => {
    const t = tempWorkspace();
    try {
      const logged: string[] = [];
      const store = new BackupStore(t.store, { maxTotalBytes: CAP, log: (line) => logged.push(line) });
      const checkpoints = new Checkpoints(store, { workerScript: null });
      // A text the journal backs up and the first checkpoint holds too: one blob, two owners.
      const shared = 'export const shared = 1;\n'.repeat(200);
      const begun = await store.begin({ tool: 'write_file', path: 'old.ts', beforeText: shared });
      assert.ok(begun.ok && (await store.finish(begun.id, { outcome: 'applied', afterText: '' })).ok);
      await journalVersion(store, 'j.bin', 150 * KB);
      writeTree(t.ws, { 'old.ts': shared, 'same.txt': 'unchanged in every checkpoint\n' });
      const cps = [await takeWith(checkpoints, t.ws, 'big.bin', 300 * KB)];
      fs.rmSync(path.join(t.ws, 'old.ts'));
      for (let i = 0; i < 3; i++) cps.push(await takeWith(checkpoints, t.ws, 'big.bin', 300 * KB));

      // All four were taken since the caller last said what it keeps: it may still use any of them.
      assert.equal((await checkpoints.list()).length, 4, 'no checkpoint a caller may still use is pruned');
      assert.equal(store.listAll().length, 2, 'nor does the history pay for them: its half stays');
      const over = (await store.stats()).over_cap;
      assert.ok(over && /more than their half/.test(over.why), JSON.stringify(over));
      assert.equal(logged.filter((l) => /over its cap/.test(l)).length, 1, 'said once, in the log');
      const bigBlob = async (id: string) => {
        const s = (await readCheckpoint(t.store, id)).manifest.stateOf('big.bin');
        assert.ok(s.state === 'file');
        return s.entry.sha256;
      };
      const prunedBlobs = [await bigBlob(cps[0].id), await bigBlob(cps[2].id)];

      // The caller now keeps the second one (a recorder's base): the first and the third go.
      const pruned = await checkpoints.prune([cps[1].id]);
      assert.ok(pruned.ok);
      assert.deepEqual(pruned.removed, [cps[0].id, cps[2].id]);
      assert.deepEqual(
        (await checkpoints.list()).map((c) => c.id),
        [cps[1].id, cps[3].id],
      );
      const stats = await store.stats();
      assert.ok(stats.bytes <= CAP && stats.over_cap === undefined, JSON.stringify(stats));
      for (const sha of prunedBlobs) assert.equal(fs.existsSync(blobPath(t.store, sha)), false, 'what only pruned checkpoints held is collected');
      // Everything the live ones need is there and reads back; so does the journal's text the pruned one shared.
      for (const c of [cps[1], cps[3]]) {
        const { manifest, record } = await readCheckpoint(t.store, c.id);
        for (const p of ['big.bin', 'same.txt']) {
          const s = manifest.stateOf(p);
          assert.ok(s.state === 'file' && (await store.readSnapshot(s.entry.sha256)).ok, `${p} of ${record.id}`);
        }
      }
      assert.equal((await store.readText(sha256Text(shared))).ok, true, 'the journal still restores the text a pruned checkpoint shared');
      const restored = await checkpoints.restore({ root: t.ws, paths: ['big.bin'], from: cps[1].id, expected: cps[3].id });
      assert.ok(restored.ok && restored.outcomes[0].outcome === 'restored', JSON.stringify(restored));
      await checkpoints.close();
      await store.close();
    } finally {
      t.cleanup();
    }
  });

  it('when what retention never drops is larger than the cap, the store keeps it and says why in its stats', async () => {
    const t = tempWorkspace();
    try {
      const store = new BackupStore(t.store, { maxTotalBytes: CAP, log: () => undefined });
      for (const f of ['a.bin', 'b.bin', 'c.bin', 'd.bin']) await journalVersion(store, f, 300 * KB);
      assert.equal(store.listAll().length, 4, "each file's newest version stays");
      const stats = await store.stats();
      assert.ok(stats.over_cap && stats.over_cap.bytes === stats.bytes - CAP, JSON.stringify(stats));
      assert.match(stats.over_cap.why, /never drops/);
      await store.close();
    } finally {
      t.cleanup();
    }
  });
});
