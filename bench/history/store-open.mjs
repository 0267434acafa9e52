// Benchmark of the backup store's open (issue 35): a store holding 2,000, 10,000 and 100,000
// blobs (a workspace checkpoint of that many small files, plus a few journal edits), opened and
// closed again and again by this build and by a baseline build (the same script, the baseline's
// compiled store), alternating, each on its own copy of the same store.
//
// Run (the baseline: the commit before issue 35, built in a directory of its own):
//   git archive fc4d45f | (mkdir -p /tmp/storeopen-base && tar -x -C /tmp/storeopen-base)
//   ln -s "$PWD/node_modules" /tmp/storeopen-base/node_modules
//   (cd /tmp/storeopen-base && npx tsc -p tsconfig.test.json)
//   npx tsc -p tsconfig.test.json
//   node bench/history/store-open.mjs --base /tmp/storeopen-base --base-name fc4d45f [--sizes 2000,10000,100000] [--rounds 5]
// Writes bench/results/store-open.md (and prints it).
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);

const args = process.argv.slice(2);
const arg = (name, fallback) => {
  const at = args.indexOf(`--${name}`);
  return at >= 0 ? args[at + 1] : fallback;
};
const base = arg('base');
if (!base) throw new Error('--base <directory of the baseline build> is required (see the header of this file)');
const sizes = arg('sizes', '2000,10000,100000').split(',').map(Number);
const rounds = Number(arg('rounds', '5'));

const load = (root) => ({
  BackupStore: require(path.join(root, 'out/src/history/backupStore.js')).BackupStore,
  Checkpoints: require(path.join(root, 'out/src/history/checkpoints/checkpoints.js')).Checkpoints,
});
const ours = load(repo);
const baseline = load(path.resolve(base));
// `git archive` leaves no repository to ask: the caller names the baseline.
const baselineCommit = arg('base-name', path.basename(base));

const now = () => process.hrtime.bigint();
const since = (t) => Number(process.hrtime.bigint() - t) / 1e6;
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const fmt = (v) => (v >= 100 ? v.toFixed(0) : v.toFixed(1));

/** A workspace of `files` small, distinct source files, 100 per folder. */
function makeWorkspace(dir, files) {
  for (let i = 0; i < files; i++) {
    const folder = path.join(dir, `d${i % 100}`, `e${Math.floor(i / 10_000)}`);
    if (i < 100 || i % 10_000 < 100) fs.mkdirSync(folder, { recursive: true });
    fs.writeFileSync(path.join(folder, `f${i}.ts`), `// file ${i}\nexport const value${i} = ${i * 7919};\n`);
  }
}

function blobCount(store) {
  const dir = path.join(store, 'blobs');
  return fs.readdirSync(dir).reduce((n, f) => n + fs.readdirSync(path.join(dir, f)).length, 0);
}

/** The store: one checkpoint of the workspace (written by this build: the format is the baseline's) and 20 edits. */
async function makeStore(work, files) {
  const ws = path.join(work, 'ws');
  const store = path.join(work, 'store-new');
  makeWorkspace(ws, files);
  const backups = new ours.BackupStore(store);
  const checkpoints = new ours.Checkpoints(backups, { workerScript: null });
  const taken = await checkpoints.take(ws);
  if (!taken.ok) throw new Error(taken.failure.message);
  for (let i = 0; i < 20; i++) {
    const begun = await backups.begin({ tool: 'write_file', path: `src/edited${i % 4}.ts`, beforeText: `export const v = ${i};\n` });
    if (!begun.ok) throw new Error(begun.failure.message);
    await backups.finish(begun.id, { afterText: `export const v = ${i + 1};\n`, outcome: 'applied' });
  }
  await checkpoints.close();
  await backups.close();
  fs.rmSync(ws, { recursive: true, force: true });
  const old = path.join(work, 'store-old');
  execSync(`cp -a ${JSON.stringify(store)} ${JSON.stringify(old)}`);
  fs.rmSync(path.join(old, 'blob-index.log'), { force: true }); // the baseline keeps none
  return { store, old, blobs: blobCount(store) };
}

/** One open (timed) and close (not timed) of `root` by a build. */
async function openOnce(build, root) {
  const store = new build.BackupStore(root, { log: () => undefined });
  const t = now();
  const opened = await store.open();
  const ms = since(t);
  if (!opened.ok) throw new Error(opened.failure.message);
  await store.close();
  return ms;
}

/**
 * What a short-lived process (an agent's hook without an owner) pays: open, then one edit
 * (begin + finish of a small file), timed together.
 */
let editCounter = 0;
async function openAndEdit(build, root) {
  const store = new build.BackupStore(root, { log: () => undefined });
  const t = now();
  const n = editCounter++;
  const begun = await store.begin({ tool: 'write_file', path: 'src/hooked.ts', beforeText: `export const hooked = ${n};\n` });
  if (!begun.ok) throw new Error(begun.failure.message);
  const finished = await store.finish(begun.id, { afterText: `export const hooked = ${n + 0.5};\n`, outcome: 'applied' });
  const ms = since(t);
  if (!finished.ok) throw new Error(finished.failure.message);
  await store.close();
  return ms;
}

async function measure(files) {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-bench-open-'));
  try {
    const t = now();
    const { store, old, blobs } = await makeStore(work, files);
    const setupMs = since(t);
    // one open each first: the page cache warm for both, the baseline's first open collects nothing new
    await openOnce(baseline, old);
    await openOnce(ours, store);
    const times = { baseline: [], ours: [] };
    for (let r = 0; r < rounds; r++) {
      const order = r % 2 === 0 ? [['baseline', baseline, old], ['ours', ours, store]] : [['ours', ours, store], ['baseline', baseline, old]];
      for (const [name, build, root] of order) times[name].push(await openOnce(build, root));
    }
    // open + the first edit (the index's lines are applied by then)
    const edits = { baseline: [], ours: [] };
    for (let r = 0; r < Math.min(rounds, 3); r++) {
      const order = r % 2 === 0 ? [['baseline', baseline, old], ['ours', ours, store]] : [['ours', ours, store], ['baseline', baseline, old]];
      for (const [name, build, root] of order) edits[name].push(await openAndEdit(build, root));
    }
    // ours when the index cannot be trusted (a crash): the scan, and the index written anew
    const rescans = [];
    for (let r = 0; r < Math.min(rounds, 3); r++) {
      fs.rmSync(path.join(store, 'blob-index.log'));
      rescans.push(await openOnce(ours, store));
    }
    // ours: the collection open no longer runs, timed where it runs now (after open, off its path)
    const collections = [];
    for (let r = 0; r < Math.min(rounds, 3); r++) {
      const s = new ours.BackupStore(store, { log: () => undefined });
      if (!(await s.open()).ok) throw new Error('open failed');
      const c = now();
      const done = await s.applyCap({ collect: true });
      collections.push(since(c));
      if (!done.ok) throw new Error(done.failure.message);
      await s.close();
    }
    const indexBytes = fs.statSync(path.join(store, 'blob-index.log')).size;
    return { files, blobs, setupMs, baseline: times.baseline, ours: times.ours, edits, rescans, collections, indexBytes };
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function run() {
  const results = [];
  for (const files of sizes) {
    process.stderr.write(`${files} files…\n`);
    results.push(await measure(files));
  }
  const cpu = (fs.readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/) ?? [])[1] ?? os.cpus()[0]?.model ?? 'unknown';
  let disk = 'unknown';
  try { disk = execSync(`df -T ${os.tmpdir()} | tail -1`).toString().trim().split(/\s+/)[1]; } catch { /* not essential */ }
  const rows = results.map((r) => {
    const b = median(r.baseline);
    const o = median(r.ours);
    return `| ${r.blobs.toLocaleString('en')} (${r.files.toLocaleString('en')} files) | ${fmt(b)} (${fmt(Math.min(...r.baseline))}–${fmt(Math.max(...r.baseline))}) | **${fmt(o)}** (${fmt(Math.min(...r.ours))}–${fmt(Math.max(...r.ours))}) | ${(o / b).toFixed(3)} | ${fmt(median(r.edits.baseline))} | ${fmt(median(r.edits.ours))} | ${fmt(median(r.rescans))} | ${fmt(median(r.collections))} | ${(r.indexBytes / 1024).toFixed(0)} kB |`;
  });
  const md = `# Store open benchmark (issue 35)

Command: \`node bench/history/store-open.mjs --base <baseline build> --base-name ${baselineCommit} --sizes ${sizes.join(',')} --rounds ${rounds}\` (writes this file)

Machine: ${os.cpus().length} CPUs (\`nproc\` ${os.availableParallelism?.() ?? os.cpus().length}), ${cpu}, Node ${process.version}, ${os.platform()} ${os.release()}, temp dir on ${disk}; load average ${os.loadavg().map((l) => l.toFixed(1)).join(' ')} at the end.
Run at ${new Date().toISOString()}. Baseline: ${baselineCommit}.

A store holding one workspace checkpoint of N small files (N file blobs and their manifest
chunks) and 20 journal edits, in two copies: one opened by the baseline's build, one by this
build, alternating, ${rounds} rounds after one warm-up open each (page cache warm). Each open
is timed up to its result; the store is closed (untimed) after each. "Open + first edit": open
and one begin + finish of a small file, timed together, ${Math.min(rounds, 3)} rounds each (what
a short-lived process such as an agent's hook pays; this build applies the index's lines by
then). "Index untrusted": this build's open after the index was removed (a crash): the scan and
the index written anew. "Collection": this build's first collection after open (the timer's;
here \`applyCap({ collect: true })\`), off the open path; the baseline ran it inside open.

| blobs | baseline open ms, median (min–max) | this build ms, median (min–max) | ratio | open + first edit: baseline ms | this build ms | this build, index untrusted ms | collection after open ms | index file |
|---|---:|---:|---:|---:|---:|---:|---:|---:|
${rows.join('\n')}
`;
  fs.mkdirSync(path.join(repo, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(repo, 'bench/results/store-open.md'), md);
  process.stdout.write(md);
}

run().catch((error) => { console.error(error); process.exit(1); });
