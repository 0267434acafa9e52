// Benchmark of the agent hook command (`node dist/cli.js hook claude-code`, payload on stdin):
// what one hook process costs, spawn to exit, side by side in one run with an empty hook
// command (`node -e ""` fed the same stdin), on a generated workspace: pre + post of an Edit of
// one file, pre + post of a shell command (the whole root checkpointed each time). The first
// hook on a root takes a cold checkpoint: it runs first and is reported on its own. A ladder of
// cheaper processes (the bundle loaded only; the hook with a payload it ignores) and a phase
// probe (phase-probe.mjs) say where the time goes.
//
// With an owner: the same calls while an agent-safe-edit-mcp server runs on the root (it holds the
// store; the hooks hand it their events, as they would a VS Code window with the folder open).
//
// Run:  npm run build && npx tsc -p tsconfig.test.json && node bench/hooks/run.mjs [--files 2000,20000] [--calls 50]
// Writes bench/results/hooks.md (and prints it). Workspaces and stores live in a temp dir, removed at the end.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(repo, 'dist/cli.js');
const PROBE = path.join(repo, 'bench/hooks/phase-probe.mjs');
const FIXTURES = path.join(repo, 'test/fixtures/hooks/claude-code');
for (const f of [CLI, path.join(repo, 'dist/checkpoint-worker.js')]) if (!fs.existsSync(f)) throw new Error(`${f} is missing: run npm run build first`);
if (!fs.existsSync(path.join(repo, 'out/src/history/backupStore.js'))) throw new Error('out/ is missing: run npx tsc -p tsconfig.test.json first');

const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const SIZES = String(arg('files', '2000')).split(',').map(Number);
const CALLS = Number(arg('calls', 50));
const PROBES = Math.max(10, Math.round(CALLS / 3));
const GOAL_MS = 50;
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-bench-hooks-'));

/** Deterministic PRNG (every run generates the same workspace). */
function prng(seed) {
  let s = seed >>> 0;
  return () => { s = (s + 0x6d2b79f5) >>> 0; let t = s; t = Math.imul(t ^ (t >>> 15), t | 1); t ^= t + Math.imul(t ^ (t >>> 7), t | 61); return ((t ^ (t >>> 14)) >>> 0) / 4294967296; };
}
const WORDS = ['const', 'value', 'return', 'function', 'if', 'else', 'await', 'result', 'items', 'map', 'export', 'import', 'type', 'string', '=>', '{', '}', ';', 'let'];
function fileText(random, bytes) {
  let text = '';
  while (text.length < bytes) {
    const n = 3 + Math.floor(random() * 9);
    const parts = [];
    for (let i = 0; i < n; i++) parts.push(random() < 0.15 ? `id${Math.floor(random() * 100000)}` : WORDS[Math.floor(random() * WORDS.length)]);
    text += '  '.repeat(Math.floor(random() * 4)) + parts.join(' ') + '\n';
  }
  return text;
}
const pathOf = (i) => `pkg${i % 20}/mod${Math.floor(i / 20) % 10}/part${Math.floor(i / 200) % 10}/file${i}.ts`;

function generate(root, files) {
  const random = prng(28);
  let bytes = 0;
  for (let i = 0; i < files; i++) {
    const p = path.join(root, pathOf(i));
    fs.mkdirSync(path.dirname(p), { recursive: true });
    const text = fileText(random, 2000 + Math.floor(random() * 6000));
    fs.writeFileSync(p, text);
    bytes += text.length;
  }
  return bytes;
}

/** A claude-code fixture payload for this root, with its own call id and (Edit) file. */
function payload(name, root, callId, file) {
  const p = JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8').split('__ROOT__').join(root));
  p.tool_use_id = callId;
  if (file) p.tool_input.file_path = file;
  return JSON.stringify(p);
}

/** Spawn to exit of one process, stdin fed; the hook must answer "go on" and complain of nothing. */
function timedRun(args, stdin, { expectQuiet = true, env = process.env } = {}) {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { input: stdin, encoding: 'utf8', env });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  if (expectQuiet && r.stderr) throw new Error(`${args.join(' ')} said on stderr: ${r.stderr}`);
  return ms;
}

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };
const fmt = (ms) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;

/**
 * One call: two empty hooks, our Edit pair and our shell pair, interleaved so that all of them
 * run under the same load; the times pushed into `s`. Returns the Edit's pre payload.
 */
function round(id, { root, hook, empty, touch, editOf }, s) {
  const rel = editOf();
  const pre = payload('edit.pre', root, `edit-${id}`, path.join(root, rel));
  const e1 = empty(pre);
  const e2 = empty(pre);
  s.emptyOne.push(e1, e2);
  s.emptyPair.push(e1 + e2);
  const a = hook(pre);
  touch(rel);
  const b = hook(payload('edit.post', root, `edit-${id}`, path.join(root, rel)));
  s.editPre.push(a); s.editPost.push(b); s.editPair.push(a + b);
  const c = hook(payload('shell.pre', root, `shell-${id}`));
  touch(editOf());
  const d = hook(payload('shell.post', root, `shell-${id}`));
  s.shellPre.push(c); s.shellPost.push(d); s.shellPair.push(c + d);
  return pre;
}

function measure(files) {
  const dir = path.join(base, `w${files}`);
  const root = path.join(dir, 'ws');
  const store = path.join(dir, 'store');
  const bytes = generate(root, files);
  const hook = (stdin) => timedRun([CLI, 'hook', 'claude-code', '--store', store], stdin);
  const empty = (stdin) => timedRun(['-e', ''], stdin);
  const random = prng(files);
  const touch = (rel) => fs.appendFileSync(path.join(root, rel), `// changed ${random()}\n`);
  const editOf = () => pathOf(Math.floor(random() * files));

  // Cold: the first hook on the root (an Edit's pre + post), then the first shell pair.
  const coldFile = editOf();
  const cold = { editPre: hook(payload('edit.pre', root, 'cold-edit', path.join(root, coldFile))) };
  touch(coldFile);
  cold.editPost = hook(payload('edit.post', root, 'cold-edit', path.join(root, coldFile)));
  cold.shellPre = hook(payload('shell.pre', root, 'cold-shell'));
  touch(editOf());
  cold.shellPost = hook(payload('shell.post', root, 'cold-shell'));

  // Warm: each call's empty hooks, our Edit pair and our shell pair, interleaved (the same load on all).
  const s = { emptyPair: [], editPre: [], editPost: [], editPair: [], shellPre: [], shellPost: [], shellPair: [], bundle: [], ignored: [], emptyOne: [] };
  const read = JSON.stringify({ session_id: 's', cwd: root, hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: path.join(root, pathOf(0)) }, tool_use_id: 'r' });
  for (let i = 0; i < CALLS; i++) {
    const pre = round(`${i}`, { root, hook, empty, touch, editOf }, s);
    s.bundle.push(timedRun([CLI, '--version'], pre));
    s.ignored.push(hook(read));
  }
  // Where the time goes: the record step's phases, each sample a fresh process.
  const probe = (extra) => {
    const r = spawnSync(process.execPath, [PROBE, root, store, ...extra], { encoding: 'utf8' });
    if (r.status !== 0) throw new Error(`phase probe: ${r.stderr}`);
    return JSON.parse(r.stdout);
  };
  const phases = { edit: [], shell: [] };
  for (let i = 0; i < PROBES; i++) {
    phases.edit.push(probe([path.join(root, editOf())]));
    phases.shell.push(probe([]));
  }
  return { files, bytes, cold, s, phases, owner: measureOwner(dir, root, files, touch, editOf, empty) };
}

const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** The same Edit and shell pairs while a headless server owns the root's history (its hook endpoint takes the events). */
function measureOwner(dir, root, files, touch, editOf, empty) {
  const state = path.join(dir, 'state');
  const env = { ...process.env, XDG_STATE_HOME: state };
  const server = spawn(process.execPath, [path.join(repo, 'dist/mcp-stdio.js'), '--root', root, '--store', path.join(dir, 'store-owner')], { env, stdio: ['pipe', 'ignore', 'pipe'] });
  let said = '';
  server.stderr.on('data', (d) => { said += d; });
  const records = path.join(state, 'agent-safe-edit', 'connections');
  for (let waited = 0; !(fs.existsSync(records) && fs.readdirSync(records).length > 0); waited += 50) {
    if (waited > 30_000) throw new Error(`the server published no hook endpoint: ${said}`);
    sleepSync(50);
  }
  const hook = (stdin) => timedRun([CLI, 'hook', 'claude-code'], stdin, { env });
  try {
    const coldFile = editOf();
    const cold = { editPre: hook(payload('edit.pre', root, 'o-cold-edit', path.join(root, coldFile))) };
    touch(coldFile);
    cold.editPost = hook(payload('edit.post', root, 'o-cold-edit', path.join(root, coldFile)));
    const o = { emptyPair: [], emptyOne: [], editPre: [], editPost: [], editPair: [], shellPre: [], shellPost: [], shellPair: [] };
    for (let i = 0; i < CALLS; i++) round(`o${i}`, { root, hook, empty, touch, editOf }, o);
    return { cold, o };
  } finally {
    server.stdin.end();
  }
}

function section(m) {
  const { s } = m;
  const row = (label, ours, baseline) => {
    const p50 = pct(ours, 50), p95 = pct(ours, 95), b50 = pct(baseline, 50), b95 = pct(baseline, 95);
    return `| ${label} | ${fmt(p50)} / ${fmt(p95)} | ${fmt(b50)} / ${fmt(b95)} | **${fmt(p50 - b50)}** / ${fmt(p95 - b95)} | ${(p50 / b50).toFixed(2)} / ${(p95 / b95).toFixed(2)} |`;
  };
  const ph = (xs, k) => fmt(pct(xs.map((x) => x[k]), 50));
  const editAdded = pct(s.editPair, 50) - pct(s.emptyPair, 50);
  return [
    `## ${m.files} files (${(m.bytes / 1e6).toFixed(1)} MB)`,
    '',
    `p50 / p95 over ${CALLS} calls, each process timed spawn to exit; a pair = pre + post of one call, its baseline two empty hooks.`,
    '',
    '| hook process | ours p50 / p95 | empty hook (`node -e ""`) p50 / p95 | added = ours − empty, p50 / p95 | ratio ours / empty, p50 / p95 |',
    '|---|---|---|---|---|',
    row('Edit of one file: pre + post', s.editPair, s.emptyPair),
    row('… pre alone', s.editPre, s.emptyOne),
    row('… post alone', s.editPost, s.emptyOne),
    row('shell command (whole root): pre + post', s.shellPair, s.emptyPair),
    row('… pre alone', s.shellPre, s.emptyOne),
    row('… post alone', s.shellPost, s.emptyOne),
    row('ladder: `cli.js --version` (node + bundle load only)', s.bundle, s.emptyOne),
    row('ladder: the hook with a payload it ignores (Read: bundle + parse, no store)', s.ignored, s.emptyOne),
    '',
    `Cold (the first hook on this root, once): Edit pre ${fmt(m.cold.editPre)}, post ${fmt(m.cold.editPost)}; then the first shell pre ${fmt(m.cold.shellPre)}, post ${fmt(m.cold.shellPost)}.`,
    '',
    `Goal without an owner (added ≤ ${GOAL_MS} ms p50 for an Edit's pre + post): ${editAdded <= GOAL_MS ? 'met' : 'NOT met'} (${fmt(editAdded)}); per hook process ${fmt(pct(s.editPre, 50) - pct(s.emptyOne, 50))} (pre) and ${fmt(pct(s.editPost, 50) - pct(s.emptyOne, 50))} (post).`,
    '',
    `### With an owner (an agent-safe-edit-mcp server on the root: the hook hands its events to it)`,
    '',
    '| hook process | ours p50 / p95 | empty hook (`node -e ""`) p50 / p95 | added = ours − empty, p50 / p95 | ratio ours / empty, p50 / p95 |',
    '|---|---|---|---|---|',
    row('Edit of one file: pre + post', m.owner.o.editPair, m.owner.o.emptyPair),
    row('… pre alone', m.owner.o.editPre, m.owner.o.emptyOne),
    row('… post alone', m.owner.o.editPost, m.owner.o.emptyOne),
    row('shell command (whole root): pre + post', m.owner.o.shellPair, m.owner.o.emptyPair),
    row('… pre alone', m.owner.o.shellPre, m.owner.o.emptyOne),
    row('… post alone', m.owner.o.shellPost, m.owner.o.emptyOne),
    '',
    `Cold (the first hook the server gets: its turn starts with a walk of the root): Edit pre ${fmt(m.owner.cold.editPre)}, post ${fmt(m.owner.cold.editPost)}.`,
    '',
    `Goal with an owner: ${pct(m.owner.o.editPair, 50) - pct(m.owner.o.emptyPair, 50) <= GOAL_MS ? 'met' : 'NOT met'} (${fmt(pct(m.owner.o.editPair, 50) - pct(m.owner.o.emptyPair, 50))} added p50 for an Edit's pre + post).`,
    '',
    `Phases of the record step (phase-probe.mjs, a fresh process each, p50 of ${PROBES}; \`out/\` modules, so the load time is not the bundle's):`,
    '',
    '| | load store code | open store (lock) | checkpoint (worker) | close | files hashed |',
    '|---|---|---|---|---|---|',
    `| one named file (Edit) | ${ph(m.phases.edit, 'load')} | ${ph(m.phases.edit, 'open')} | ${ph(m.phases.edit, 'checkpoint')} | ${ph(m.phases.edit, 'close')} | ${pct(m.phases.edit.map((x) => x.hashed), 50)} |`,
    `| whole root (shell) | ${ph(m.phases.shell, 'load')} | ${ph(m.phases.shell, 'open')} | ${ph(m.phases.shell, 'checkpoint')} | ${ph(m.phases.shell, 'close')} | ${pct(m.phases.shell.map((x) => x.hashed), 50)} |`,
    '',
  ];
}

const results = SIZES.map(measure);
const cpu = os.cpus();
const load = os.loadavg().map((l) => l.toFixed(2)).join(' / ');
const lines = [
  '# Agent hook benchmark',
  '',
  `Command: \`node bench/hooks/run.mjs --files ${SIZES.join(',')} --calls ${CALLS}\` (after \`npm run build && npx tsc -p tsconfig.test.json\`).`,
  `Machine: nproc ${cpu.length} (${cpu[0]?.model ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}; shared with other jobs (load average at the end, 1 / 5 / 15 min: ${load}).`,
  'Workspace: generated text files in 20×10×10 nested folders (no .git), store given with `--store` (outside the root), page cache warm.',
  '',
  ...results.flatMap(section),
];
const out = lines.join('\n');
fs.mkdirSync(path.join(repo, 'bench/results'), { recursive: true });
fs.writeFileSync(path.join(repo, 'bench/results/hooks.md'), out);
process.stdout.write(out);
fs.rmSync(base, { recursive: true, force: true });
