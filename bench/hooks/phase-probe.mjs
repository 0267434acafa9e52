// One fresh process that does what the hook's record step does, timed per phase, so the runner
// can say where a hook's time goes: loading the store code, opening the store (its lock),
// the checkpoint (on the same worker thread as the hook: dist/checkpoint-worker.js), closing.
// The compiled sources (out/, `npx tsc -p tsconfig.test.json`) are used because the bundle
// exports none of these. Prints one JSON line of milliseconds.
//
// Usage: node phase-probe.mjs ROOT STORE [PATH...]   (no PATH: the whole root, as for a shell command)
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const t0 = performance.now();
const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const { BackupStore } = require(path.join(repo, 'out/src/history/backupStore.js'));
const { Checkpoints } = require(path.join(repo, 'out/src/history/checkpoints/checkpoints.js'));
const { effectiveSettings, toSafeEditSettings } = require(path.join(repo, 'out/src/core/settings/index.js'));
const { takeOptionsFromSettings } = require(path.join(repo, 'out/src/history/checkpoints/takeOptionsFromSettings.js'));
const t1 = performance.now();

const [root, storeDir, ...paths] = process.argv.slice(2);
const realRoot = fs.realpathSync(root);
const settings = toSafeEditSettings(effectiveSettings(() => undefined, true).values);
const store = new BackupStore(storeDir, { maxEntriesPerFile: settings.backupsMaxEntriesPerFile, maxTotalBytes: settings.backupsMaxTotalBytes, log: () => {} });
const opened = await store.open();
if (!opened.ok) throw new Error(`store did not open: ${opened.failure.message}`);
const t2 = performance.now();
const checkpoints = new Checkpoints(store, { workerScript: path.join(repo, 'dist/checkpoint-worker.js') });
const changed = paths.length ? paths.map((p) => path.relative(realRoot, p).split(path.sep).join('/')) : undefined;
const taken = await checkpoints.take(realRoot, takeOptionsFromSettings(settings, changed ? { changedPaths: changed } : {}));
if (!taken.ok) throw new Error(`checkpoint failed: ${taken.failure.message}`);
const t3 = performance.now();
await checkpoints.close();
await store.close();
const t4 = performance.now();
process.stdout.write(JSON.stringify({ load: t1 - t0, open: t2 - t1, checkpoint: t3 - t2, close: t4 - t3, hashed: taken.checkpoint.hashed_files }) + '\n');
