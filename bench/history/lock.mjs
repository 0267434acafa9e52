// Benchmark of the store lock: what the fencing check (confirm the lock before every backup,
// garbage collection and compaction) adds to an edit's begin + finish, and what taking and
// releasing the lock costs, each against a baseline run side by side in the same process.
//
// Run:  npx tsc -p tsconfig.test.json && node bench/history/lock.mjs
// Writes bench/results/lock.md (and prints it).
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const { BackupStore } = require(path.join(repo, 'out/src/history/backupStore.js'));
const { acquireStoreLock, releaseStoreLock } = require(path.join(repo, 'out/src/history/storeLock.js'));

const pct = (values, p) => {
  const s = [...values].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(p * s.length))];
};
const ms = (v) => v.toFixed(3);
const now = () => process.hrtime.bigint();
const since = (t) => Number(process.hrtime.bigint() - t) / 1e6;

/** A source-like text of about `bytes` bytes; `i` changes one line of it. */
function textOf(bytes, i) {
  const lines = [];
  for (let n = 0, size = 0; size < bytes; n++) {
    const line = n === 7 ? `  const edited = ${i}; // the line the agent changes\n` : `  const value${n} = compute(${n}, ${(n * 7) % 13}); // line ${n}\n`;
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
}

/**
 * Edits of one file, alternating between the store as shipped (fencing check before each
 * backup) and a store whose check is switched off (the baseline), each on its own root.
 */
async function editCost(work, bytes, edits) {
  const fenced = new BackupStore(path.join(work, `fenced-${bytes}`), { maxEntriesPerFile: 1000 });
  const unfenced = new BackupStore(path.join(work, `unfenced-${bytes}`), { maxEntriesPerFile: 1000 });
  // The baseline: the private check answers "still the owner" without looking at the disk.
  unfenced.ownsRoot = async () => true;
  for (const s of [fenced, unfenced]) {
    const o = await s.open();
    if (!o.ok) throw new Error(o.failure.message);
  }
  const times = { fenced: [], unfenced: [] };
  for (let i = 0; i < edits; i++) {
    for (const [name, store] of i % 2 === 0
      ? [
          ['fenced', fenced],
          ['unfenced', unfenced],
        ]
      : [
          ['unfenced', unfenced],
          ['fenced', fenced],
        ]) {
      const t = now();
      const begun = await store.begin({ tool: 'edit_lines', path: 'src/file.ts', beforeText: textOf(bytes, i) });
      if (!begun.ok) throw new Error(begun.failure.message);
      const finished = await store.finish(begun.id, { afterText: textOf(bytes, i + 1), outcome: 'applied' });
      if (!finished.ok) throw new Error(finished.failure.message);
      times[name].push(since(t));
    }
  }
  await fenced.close();
  await unfenced.close();
  return times;
}

/** Taking and releasing the lock, against the earlier lock's primitive (exclusive create of store.lock, read, remove). */
async function lockCost(work, rounds) {
  const root = path.join(work, 'lock');
  fs.mkdirSync(root);
  const times = { generations: [], legacy: [] };
  for (let i = 0; i < rounds; i++) {
    let t = now();
    const got = await acquireStoreLock(root);
    if (!got.ok) throw new Error(got.failure.message);
    await releaseStoreLock(got.lock);
    times.generations.push(since(t));
    t = now();
    const file = path.join(root, 'legacy.lock');
    await fs.promises.writeFile(file, JSON.stringify({ pid: process.pid, time: Date.now() }), { flag: 'wx' });
    JSON.parse(await fs.promises.readFile(file, 'utf8'));
    await fs.promises.rm(file);
    times.legacy.push(since(t));
  }
  return times;
}

function row(label, values) {
  return `| ${label} | ${ms(pct(values, 0.5))} | ${ms(pct(values, 0.95))} |`;
}

async function run() {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-bench-lock-'));
  const small = await editCost(work, 3400, 400);
  const large = await editCost(work, 1024 * 1024, 60);
  const lock = await lockCost(work, 200);
  fs.rmSync(work, { recursive: true, force: true });

  const cpu = (fs.readFileSync('/proc/cpuinfo', 'utf8').match(/model name\s*:\s*(.*)/) ?? [])[1] ?? os.cpus()[0]?.model ?? 'unknown';
  let disk = 'unknown';
  try {
    disk = execSync(`df -T ${os.tmpdir()} | tail -1`).toString().trim().split(/\s+/)[1];
  } catch {
    /* not essential */
  }
  const ratio = (a, b, p) => (pct(a, p) / pct(b, p)).toFixed(2);
  const md = `# Store lock benchmark (issue 24)

Command: \`npx tsc -p tsconfig.test.json && node bench/history/lock.mjs\` (writes this file)

Machine: ${os.cpus().length} CPUs, ${cpu}, Node ${process.version}, ${os.platform()} ${os.release()}, temp dir on ${disk}.
Run at ${new Date().toISOString()}.

## Time per edit (begin + finish, everything fsynced), fencing check on vs off

Each edit snapshots the text before and after and appends two journal lines; the shipped store
first confirms that it still holds the lock (a listing of the store folder, one read of its
lock file). The baseline is the same store with that check switched off; the two alternate
edit by edit, each on its own store.

| | p50 ms | p95 ms |
|---|---:|---:|
${row('3.4 KB file, 400 edits: **with the check**', small.fenced)}
${row('3.4 KB file: without (baseline)', small.unfenced)}
${row('1 MB file, 60 edits: **with the check**', large.fenced)}
${row('1 MB file: without (baseline)', large.unfenced)}

Ratio with / without: 3.4 KB p50 **${ratio(small.fenced, small.unfenced, 0.5)}×** (p95 ${ratio(small.fenced, small.unfenced, 0.95)}×); 1 MB p50 **${ratio(large.fenced, large.unfenced, 0.5)}×** (p95 ${ratio(large.fenced, large.unfenced, 0.95)}×).

## Taking and releasing the lock (once per store open and close), 200 times

| | p50 ms | p95 ms |
|---|---:|---:|
${row('generations: read the highest, create the next by hard link, list again, copy to store.lock; release', lock.generations)}
${row('earlier lock (baseline): exclusive create of store.lock, read, remove', lock.legacy)}

Ratio p50: ${ratio(lock.generations, lock.legacy, 0.5)}×.
`;
  fs.mkdirSync(path.join(repo, 'bench', 'results'), { recursive: true });
  fs.writeFileSync(path.join(repo, 'bench', 'results', 'lock.md'), md);
  process.stdout.write(md);
}

run().catch((error) => {
  console.error(error);
  process.exit(1);
});
