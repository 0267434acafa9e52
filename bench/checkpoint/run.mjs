// Benchmark of workspace checkpoints (issue 27, "Measured"): a generated workspace of 20,000
// text files / ~200 MB in nested folders, committed to its own git repository; a cold
// checkpoint and incremental ones after 10 files changed, side by side in one run with the
// shadow git that Cline and Roo Code use (a separate git dir over the same tree: `add -A` and
// `commit`); store growth of both; and the event-loop delay of the calling thread while our
// checkpoint runs on its worker (perf_hooks.monitorEventLoopDelay).
//
// Run:  npm run build && npx tsc -p tsconfig.test.json && node bench/checkpoint/run.mjs [--files N] [--rounds R] [--dir D] [--bytes MIN-MAX] [--out NAME.md]
// --bytes: each file's size is drawn from MIN..MAX (default 6000-14000, ~10 kB). --out: the results
// file under bench/results/ (default checkpoint.md).
// Writes bench/results/checkpoint.md (and prints it). The workspace is generated once under
// D (default: a temp dir) and removed at the end unless --keep.
import { createRequire } from 'node:module';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { execFileSync } from 'node:child_process';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const require = createRequire(import.meta.url);
const { BackupStore } = require(path.join(repo, 'out/src/history/backupStore.js'));
const { Checkpoints } = require(path.join(repo, 'out/src/history/checkpoints/checkpoints.js'));
const WORKER = path.join(repo, 'dist/checkpoint-worker.js');
if (!fs.existsSync(WORKER)) throw new Error('dist/checkpoint-worker.js is missing: run npm run build first');

const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const FILES = Number(arg('files', 20000));
const ROUNDS = Number(arg('rounds', 3));
const CHANGED = 10;
const [MIN_BYTES, MAX_BYTES] = String(arg('bytes', '6000-14000')).split('-').map(Number);
const OUT = arg('out', 'checkpoint.md');
const loadAtStart = os.loadavg().map((l) => l.toFixed(2)).join(' / ');
const base = arg('dir', undefined) ?? fs.mkdtempSync(path.join(os.tmpdir(), 'ase-bench-ckpt-'));
const ws = path.join(base, 'ws');
const shadow = path.join(base, 'shadow.git');
const storeRoot = path.join(base, 'store');

/** Deterministic PRNG (every run generates the same workspace). */
function prng(seed) {
  let s = seed >>> 0;
  return () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}
const WORDS = ['const', 'value', 'return', 'function', 'if', 'else', 'await', 'result', 'items', 'map', 'filter', 'export', 'import', 'from', 'type', 'interface', 'string', 'number', '=>', '{', '}', '(', ')', ';', 'this', 'new', 'for', 'of', 'let'];

/** ~10 kB of source-like text, different for every file. */
function fileText(random, bytes) {
  const lines = [];
  let size = 0;
  while (size < bytes) {
    const parts = [];
    const n = 3 + Math.floor(random() * 9);
    for (let i = 0; i < n; i++) parts.push(random() < 0.15 ? `id${Math.floor(random() * 100000)}` : WORDS[Math.floor(random() * WORDS.length)]);
    const line = '  '.repeat(Math.floor(random() * 4)) + parts.join(' ') + '\n';
    lines.push(line);
    size += line.length;
  }
  return lines.join('');
}

function pathOf(i) {
  // 20 top folders × 10 × 10 folders, 10 files each (at 20,000 files): nested three deep
  return `pkg${i % 20}/mod${Math.floor(i / 20) % 10}/part${Math.floor(i / 200) % 10}/file${i}.ts`;
}

function git(args, opts = {}) {
  return execFileSync('git', args, { encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, GIT_AUTHOR_NAME: 'bench', GIT_AUTHOR_EMAIL: 'b@x', GIT_COMMITTER_NAME: 'bench', GIT_COMMITTER_EMAIL: 'b@x', HOME: base }, ...opts });
}

function du(dir) {
  let sum = 0;
  const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else sum += fs.lstatSync(p).size; } };
  if (fs.existsSync(dir)) walk(dir);
  return sum;
}

/** Waits for a background `git gc --auto` (detached by default after a commit) to end, so it does not load the next measurement. */
async function waitForGitGc() {
  for (let i = 0; i < 600 && fs.existsSync(path.join(shadow, 'gc.pid')); i++) await new Promise((r) => setTimeout(r, 500));
}

function shadowGit(...args) {
  return git([`--git-dir=${shadow}`, `--work-tree=${ws}`, ...args]);
}

async function timed(fn) {
  const t = performance.now();
  const r = await fn();
  return { ms: performance.now() - t, r };
}

async function ourCheckpoint(checkpoints, changedPaths) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const { ms, r } = await timed(() => checkpoints.take(ws, changedPaths ? { changedPaths } : {}));
  h.disable();
  if (!r.ok) throw new Error(JSON.stringify(r));
  return { ms, record: r.checkpoint, delayMaxMs: h.max / 1e6, delayP99Ms: h.percentile(99) / 1e6 };
}

/** The same measure over an idle wait of the same length: what the machine's own load does to the calling thread's timers. */
async function idleDelay(ms) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  await new Promise((r) => setTimeout(r, ms));
  h.disable();
  return { delayMaxMs: h.max / 1e6, delayP99Ms: h.percentile(99) / 1e6 };
}

async function gitCheckpoint(n) {
  const { ms } = await timed(() => { shadowGit('add', '-A'); shadowGit('commit', '-q', '--no-verify', '--allow-empty', '-m', `checkpoint ${n}`); });
  await waitForGitGc();
  return { ms };
}

const fmt = (ms) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
const mb = (b) => `${(b / 1e6).toFixed(1)} MB`;
const kb = (b) => `${(b / 1e3).toFixed(1)} kB`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function main() {
  // 1. The workspace, committed to its own repository.
  if (!fs.existsSync(ws)) {
    const random = prng(27);
    for (let i = 0; i < FILES; i++) {
      const p = path.join(ws, pathOf(i));
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, fileText(random, MIN_BYTES + Math.floor(random() * (MAX_BYTES - MIN_BYTES))));
    }
    git(['init', '-q', ws]);
    git(['-C', ws, 'add', '-A']);
    git(['-C', ws, 'commit', '-q', '-m', 'generated']);
  }
  const wsBytes = du(ws) - du(path.join(ws, '.git'));
  git(['init', '-q', '--bare', shadow]);
  git([`--git-dir=${shadow}`, 'config', 'core.bare', 'false']);
  await new Promise((r) => setTimeout(r, 500)); // past the racy margin of the generation's last writes

  const backups = new BackupStore(storeRoot);
  if (!(await backups.open()).ok) throw new Error('store did not open');
  const checkpoints = new Checkpoints(backups, { workerScript: WORKER });
  const storeBefore = du(storeRoot);

  // 2. Cold: ours, then the shadow git.
  const coldOurs = await ourCheckpoint(checkpoints);
  const coldIdle = await idleDelay(coldOurs.ms);
  const storeCold = du(storeRoot);
  const coldGit = await gitCheckpoint(0);
  const gitCold = du(shadow);

  // 3. Incremental rounds: change 10 files, then ours and the shadow git (alternating who goes first).
  const random = prng(99);
  const rounds = [];
  for (let round = 0; round < ROUNDS; round++) {
    // Two batches of 10 changes per round: one for the full walk, one for the walk of the changed paths only.
    const change = (tag) => {
      const paths = [];
      for (let k = 0; k < CHANGED; k++) {
        const rel = pathOf(Math.floor(random() * FILES));
        fs.appendFileSync(path.join(ws, rel), `// round ${round} ${tag} change ${k}\n`);
        paths.push(rel);
      }
      return paths;
    };
    change('full');
    await new Promise((r) => setTimeout(r, 300)); // the changes are settled, as an agent's turn would leave them
    const sOurs0 = du(storeRoot);
    const sGit0 = du(shadow);
    let ours, theirs;
    if (round % 2 === 0) { ours = await ourCheckpoint(checkpoints); theirs = await gitCheckpoint(round + 1); }
    else { theirs = await gitCheckpoint(round + 1); ours = await ourCheckpoint(checkpoints); }
    const oursGrowth = du(storeRoot) - sOurs0;
    const gitGrowth = du(shadow) - sGit0;
    const hint = change('hinted');
    await new Promise((r) => setTimeout(r, 300));
    const sHinted0 = du(storeRoot);
    const hinted = await ourCheckpoint(checkpoints, hint);
    const idle = await idleDelay(ours.ms);
    rounds.push({ ours, theirs, hinted, idle, oursGrowth, gitGrowth, hintedGrowth: du(storeRoot) - sHinted0 });
    shadowGit('add', '-A'); shadowGit('commit', '-q', '--no-verify', '-m', `catch up ${round}`); // the hinted batch, so git's next round sees 10 changes too
    await waitForGitGc();
  }
  await checkpoints.close();
  await backups.close();
  const storeEnd = du(storeRoot) - storeBefore;
  const gitEnd = du(shadow);

  const incOurs = median(rounds.map((r) => r.ours.ms));
  const incGit = median(rounds.map((r) => r.theirs.ms));
  const incHinted = median(rounds.map((r) => r.hinted.ms));
  const cpu = os.cpus();
  const load = os.loadavg().map((l) => l.toFixed(2)).join(' / ');
  const lines = [
    '# Checkpoint benchmark (issue 27)',
    '',
    `Command: \`node bench/checkpoint/run.mjs --files ${FILES} --rounds ${ROUNDS} --bytes ${MIN_BYTES}-${MAX_BYTES}\` (after \`npm run build && npx tsc -p tsconfig.test.json\`).`,
    `Machine: ${cpu.length} cores (${cpu[0]?.model ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${git(['--version']).trim()}; shared with other jobs while measuring (load average 1 / 5 / 15 min at the start: ${loadAtStart}; at the end: ${load}).`,
    `Workspace: ${FILES} text files of ${MIN_BYTES}–${MAX_BYTES} bytes, ${mb(wsBytes)}, in ${20}×10×10 nested folders, committed to its own .git (${mb(du(path.join(ws, '.git')))}). Page cache warm for both (the tree was just written).`,
    '',
    '| | ours (worker) | shadow git (`add -A` + `commit`) | ratio ours / git |',
    '|---|---|---|---|',
    `| cold checkpoint, time | ${fmt(coldOurs.ms)} | ${fmt(coldGit.ms)} | ${(coldOurs.ms / coldGit.ms).toFixed(2)} |`,
    `| store after the cold checkpoint | ${mb(storeCold - storeBefore)} | ${mb(gitCold)} (after its auto gc) | ${((storeCold - storeBefore) / gitCold).toFixed(2)} |`,
    `| incremental after ${CHANGED} changed files, time (median of ${ROUNDS}) | ${fmt(incOurs)} | ${fmt(incGit)} | ${(incOurs / incGit).toFixed(2)} |`,
    `| incremental, the 10 changed paths given (a watcher's events), time (median of ${ROUNDS}) | ${fmt(incHinted)} | ${fmt(incGit)} (git has no such input) | ${(incHinted / incGit).toFixed(2)} |`,
    `| incremental, store growth (median) | ${kb(median(rounds.map((r) => r.oursGrowth)))} | ${kb(median(rounds.map((r) => r.gitGrowth)))} | ${(median(rounds.map((r) => r.oursGrowth)) / median(rounds.map((r) => r.gitGrowth))).toFixed(2)} |`,
    `| store after the cold and every incremental checkpoint | ${mb(storeEnd)} | ${mb(gitEnd)} | ${(storeEnd / gitEnd).toFixed(2)} |`,
    `| calling thread's event-loop delay during the cold checkpoint (max / p99) | ${fmt(coldOurs.delayMaxMs)} / ${fmt(coldOurs.delayP99Ms)} | (a child process) | baseline, the same thread idle as long: ${fmt(coldIdle.delayMaxMs)} / ${fmt(coldIdle.delayP99Ms)} |`,
    `| … during the incremental ones (median of the max, worst max) | ${fmt(median(rounds.flatMap((r) => [r.ours.delayMaxMs, r.hinted.delayMaxMs])))}, ${fmt(Math.max(...rounds.flatMap((r) => [r.ours.delayMaxMs, r.hinted.delayMaxMs])))} | | baseline idle: ${fmt(median(rounds.map((r) => r.idle.delayMaxMs)))}, ${fmt(Math.max(...rounds.map((r) => r.idle.delayMaxMs)))} |`,
    '',
    'Per round (ours: wall time on the calling thread / the record\'s took_ms, the worker\'s time before the final fsyncs; files read and hashed, blobs written):',
    '',
    ...rounds.map((r, i) => `- round ${i + 1}: ours ${fmt(r.ours.ms)} / ${fmt(r.ours.record.took_ms)}, ${r.ours.record.hashed_files} hashed, ${r.ours.record.new_blobs} blobs (${kb(r.oursGrowth)}); changed paths given: ${fmt(r.hinted.ms)} / ${fmt(r.hinted.record.took_ms)}, ${r.hinted.record.hashed_files} hashed, ${r.hinted.record.new_blobs} blobs (${kb(r.hintedGrowth)}); git ${fmt(r.theirs.ms)} (${kb(r.gitGrowth)})`),
    `- cold: ours ${fmt(coldOurs.ms)} / ${fmt(coldOurs.record.took_ms)} in the worker, ${coldOurs.record.hashed_files} hashed, ${coldOurs.record.new_blobs} blobs, ${coldOurs.record.chunks.length} manifest chunks`,
  ];
  const out = lines.join('\n') + '\n';
  fs.mkdirSync(path.join(repo, 'bench/results'), { recursive: true });
  fs.writeFileSync(path.join(repo, 'bench/results', OUT), out);
  process.stdout.write(out);
  if (!process.argv.includes('--keep')) fs.rmSync(base, { recursive: true, force: true });
}

main().catch((e) => { console.error(e); process.exit(1); });
