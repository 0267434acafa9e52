import { strict as assert } from 'node:assert';
import { effectiveSettings, ScopedValues, toSafeEditSettings } from '../../../../src/core/settings';
import { BackupStore } from '../../../../src/history/backupStore';
import { Checkpoints } from '../../../../src/history/checkpoints/checkpoints';
import { readCheckpoint } from '../../../../src/history/checkpoints/readManifest';
import { takeOptionsFromSettings } from '../../../../src/history/checkpoints/takeOptionsFromSettings';
import { randomBytes } from 'node:crypto';
import { tempWorkspace, writeTree } from './helpers';

const MB = 1024 * 1024;

/** The typed settings from values in one scope. */
function settingsFrom(scope: keyof ScopedValues, values: Record<string, unknown>, trusted = false) {
  return toSafeEditSettings(effectiveSettings((key) => (key in values ? { [scope]: values[key] } : undefined), trusted).values);
}

describe('history/checkpoints: the caps from the settings', () => {
  it('defaults: 16 MB per file, 100 MB in all (1 GB, within half of the 200 MB store); the other options pass through, the caps always come from the settings', () => {
    const options = takeOptionsFromSettings(settingsFrom('globalValue', {}), { excludes: ['**/node_modules'], changedPaths: ['a.ts'] });
    assert.deepEqual(options, { excludes: ['**/node_modules'], changedPaths: ['a.ts'], maxFileBytes: 16 * MB, maxTotalBytes: 100 * MB });
    const sneaky = { maxFileBytes: 1e15 } as unknown as Parameters<typeof takeOptionsFromSettings>[1];
    assert.equal(takeOptionsFromSettings(settingsFrom('globalValue', {}), sneaky).maxFileBytes, 16 * MB);
  });

  it("the user's values are used, clamped to the ranges; an untrusted workspace may only raise them", () => {
    const user = settingsFrom('globalValue', { 'checkpoints.maxFileBytes': 2 * MB, 'checkpoints.maxTotalBytes': 64 * MB });
    assert.deepEqual(takeOptionsFromSettings(user), { maxFileBytes: 2 * MB, maxTotalBytes: 64 * MB });
    // a store of 100,000 MB (the largest) leaves the checkpoints' own cap in charge up to 50,000 MB
    const outOfRange = settingsFrom('globalValue', { 'checkpoints.maxFileBytes': 1, 'checkpoints.maxTotalBytes': 1e18, 'backups.maxTotalMB': 1e9 });
    assert.deepEqual(takeOptionsFromSettings(outOfRange), { maxFileBytes: 64 * 1024, maxTotalBytes: 50_000 * MB });
    const lowered = settingsFrom('workspaceValue', { 'checkpoints.maxFileBytes': 1 * MB, 'checkpoints.maxTotalBytes': 32 * MB });
    assert.deepEqual(takeOptionsFromSettings(lowered), { maxFileBytes: 16 * MB, maxTotalBytes: 100 * MB }, 'a repository cannot shrink what is recorded');
    const raised = settingsFrom('workspaceValue', { 'checkpoints.maxFileBytes': 32 * MB });
    assert.equal(takeOptionsFromSettings(raised).maxFileBytes, 32 * MB);
    assert.equal(takeOptionsFromSettings(settingsFrom('workspaceValue', { 'checkpoints.maxFileBytes': 1 * MB }, true)).maxFileBytes, 1 * MB, 'trusted: as set');
  });

  it('take() honours the caps the settings give: a file over the per-file cap and the files past the total are left out, listed, unknown', async () => {
    const t = tempWorkspace();
    try {
      // at the settings' minimums: 64 kB per file, 16 MB in all
      writeTree(t.ws, { 'a/big.log': Buffer.alloc(70 * 1024, 0x61), 'b/one.bin': Buffer.alloc(7 * MB, 1), 'b/two.bin': Buffer.alloc(7 * MB, 2), 'c/three.bin': Buffer.alloc(7 * MB, 3), 'd/small.txt': 'small\n' });
      const settings = settingsFrom('globalValue', { 'checkpoints.maxFileBytes': 1, 'checkpoints.maxTotalBytes': 1 });
      const backups = new BackupStore(t.store);
      assert.ok((await backups.open()).ok);
      const checkpoints = new Checkpoints(backups, { workerScript: null });
      // b/*.bin are 7 MB each: over the 64 kB file cap too. The total cap is shown with a file cap the settings allow at most.
      const byFileCap = await checkpoints.take(t.ws, takeOptionsFromSettings(settings));
      assert.ok(byFileCap.ok);
      assert.deepEqual(byFileCap.checkpoint.left_out.map((l) => [l.path, l.reason, l.size]),
        [['a/big.log', 'too_large', 70 * 1024], ['b/one.bin', 'too_large', 7 * MB], ['b/two.bin', 'too_large', 7 * MB], ['c/three.bin', 'too_large', 7 * MB]]);
      const wide = settingsFrom('globalValue', { 'checkpoints.maxFileBytes': 8 * MB, 'checkpoints.maxTotalBytes': 1 });
      const byTotal = await checkpoints.take(t.ws, takeOptionsFromSettings(wide));
      assert.ok(byTotal.ok);
      // path order: a/big.log (70 kB) and b/one.bin, b/two.bin fit in 16 MB; c/three.bin does not; d/small.txt (6 bytes) still does
      assert.deepEqual(byTotal.checkpoint.left_out.map((l) => [l.path, l.reason]), [['c/three.bin', 'total_cap']]);
      assert.equal(byTotal.checkpoint.files, 4);
      const { manifest } = await readCheckpoint(t.store, byTotal.checkpoint.id);
      assert.equal(manifest.stateOf('c/three.bin').state, 'unknown', 'over a cap: unknown, never absent');
      assert.equal(manifest.stateOf('d/small.txt').state, 'file');
      await backups.close();
    } finally { t.cleanup(); }
  });

  it("the take's total cap follows the store's cap: at most half of it, from the settings and from the store itself", async () => {
    // the settings: half of backups.maxTotalMB when that is less than checkpoints.maxTotalBytes
    assert.equal(takeOptionsFromSettings(settingsFrom('globalValue', { 'backups.maxTotalMB': 50 })).maxTotalBytes, 25 * MB);
    assert.equal(takeOptionsFromSettings(settingsFrom('globalValue', { 'backups.maxTotalMB': 1000, 'checkpoints.maxTotalBytes': 64 * MB })).maxTotalBytes, 64 * MB);
    const t = tempWorkspace();
    try {
      // the store: one capped at 1000 kB records at most 500 kB of files, whatever the caller asks
      writeTree(t.ws, { 'a.bin': randomBytes(300 * 1024), 'b.bin': randomBytes(300 * 1024), 'c.txt': 'small\n' });
      const backups = new BackupStore(t.store, { maxTotalBytes: 1000 * 1024 });
      const checkpoints = new Checkpoints(backups, { workerScript: null });
      for (const options of [{}, { maxTotalBytes: 1024 * MB }]) {
        const taken = await checkpoints.take(t.ws, options);
        assert.ok(taken.ok);
        assert.deepEqual(taken.checkpoint.left_out.map((l) => [l.path, l.reason]), [['b.bin', 'total_cap']], JSON.stringify(options));
        const { manifest } = await readCheckpoint(t.store, taken.checkpoint.id);
        assert.equal(manifest.stateOf('b.bin').state, 'unknown', 'left out by the cap: unknown, never absent');
        assert.equal(manifest.stateOf('c.txt').state, 'file');
      }
      await checkpoints.close();
      await backups.close();
    } finally { t.cleanup(); }
  });
});
