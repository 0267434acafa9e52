// Benchmark of the agent hook command (`node dist/cli.js hook claude-code`, payload on stdin) in the
// "one owner per folder" world (issue 35): the hook never opens the store; it hands each event
// to the folder's owner, and when none runs it starts the background owner (dist/owner.js,
// detached) and hands the event to that. Per workspace size:
//
// 1. The first call of a session with no owner running: the first Edit's pre (which starts the
//    background owner) and its post; then the first shell command's pre + post. Done twice:
//    on a folder with no history yet, and again after `owner stop` (the store exists: the owner
//    opens it, with its recovery scan).
// 2. Warm: once the background owner runs, each process timed spawn to exit and interleaved per
//    call with an empty hook (`node -e ""` fed the same stdin): pre + post of an Edit of one file,
//    pre + post of a shell command (the owner compares the folder whole); a ladder rung (the
//    hook with a payload it ignores: node + hook bundle + parse, no owner).
// 3. Where a hook's time goes: the same hooks with bench/hooks/hook-phases.cjs preloaded (in-process
//    timestamps: node start, bundle load, record lookup, connect, owner's answer, exit), and the
//    HTTP round trip alone (a fresh process posting to the owner with a wrong token: refused
//    before any work).
// 4. The background owner's memory: VmRSS and VmHWM from /proc/<pid>/status after the warm runs.
//
// Run:  npm run build && npx tsc -p tsconfig.test.json && node bench/hooks/run.mjs [--files 2000,10000,100000] [--calls 50,50,20] [--bytes 2000-8000,2000-8000,500-1500]
// Writes bench/results/hooks-owner.md (and prints it). Workspaces, stores and the state directory
// (XDG_STATE_HOME) live in a temp dir, removed at the end; every owner started is stopped.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(repo, 'dist/cli.js');
const PHASES = path.join(repo, 'bench/hooks/hook-phases.cjs');
const FIXTURES = path.join(repo, 'test/fixtures/hooks/claude-code');
for (const f of [CLI, path.join(repo, 'dist/hook.js'), path.join(repo, 'dist/owner.js'), path.join(repo, 'dist/checkpoint-worker.js')]) if (!fs.existsSync(f)) throw new Error(`${f} is missing: run npm run build first`);

const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const SIZES = String(arg('files', '2000,10000,100000')).split(',').map(Number);
const perSize = (name, fallback) => { const v = String(arg(name, fallback)).split(','); return SIZES.map((_, i) => v[Math.min(i, v.length - 1)]); };
const CALLS = perSize('calls', '50,50,20').map(Number);
const BYTES = perSize('bytes', '2000-8000,2000-8000,500-1500').map((r) => r.split('-').map(Number));
const PROBES = Number(arg('probes', 10));
const GOAL = { p50: 50, p95: 100, first: 1500 };
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
// 20 × 10 × 10 folders; at 100,000 files a fourth level of 10 keeps folders at ≤ 50 files.
const pathOf = (i, files) => files > 20000
  ? `pkg${i % 20}/mod${Math.floor(i / 20) % 10}/part${Math.floor(i / 200) % 10}/sub${Math.floor(i / 2000) % 10}/file${i}.ts`
  : `pkg${i % 20}/mod${Math.floor(i / 20) % 10}/part${Math.floor(i / 200) % 10}/file${i}.ts`;

function generate(root, files, [min, max]) {
  const random = prng(28);
  let bytes = 0;
  const made = new Set();
  for (let i = 0; i < files; i++) {
    const p = path.join(root, pathOf(i, files));
    const d = path.dirname(p);
    if (!made.has(d)) { fs.mkdirSync(d, { recursive: true }); made.add(d); }
    const text = fileText(random, min + Math.floor(random() * (max - min)));
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
function timedRun(args, stdin, { expectQuiet = true, env = process.env, said } = {}) {
  const t = performance.now();
  const r = spawnSync(process.execPath, args, { input: stdin, encoding: 'utf8', env });
  const ms = performance.now() - t;
  if (r.status !== 0) throw new Error(`${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  if (expectQuiet && r.stderr) throw new Error(`${args.join(' ')} said on stderr: ${r.stderr}`);
  if (said && r.stderr) said(r.stderr.trim());
  return ms;
}

const pct = (xs, p) => { const s = [...xs].sort((a, b) => a - b); return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]; };
const fmt = (ms) => `${ms.toFixed(ms < 10 ? 1 : 0)} ms`;
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');
const sleepSync = (ms) => Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);

/** `owner status --json`: the folder's owner record, or null. */
function ownerOf(root, env) {
  const r = spawnSync(process.execPath, [CLI, 'owner', 'status', '--root', root, '--json'], { encoding: 'utf8', env });
  return r.stdout ? JSON.parse(r.stdout).owner : null;
}
function stopOwner(root, env) {
  const o = ownerOf(root, env);
  if (!o) return;
  spawnSync(process.execPath, [CLI, 'owner', 'stop', '--root', root, '--json'], { encoding: 'utf8', env });
  for (let i = 0; i < 100 && alive(o.pid); i++) sleepSync(50);
  if (alive(o.pid)) { process.kill(o.pid, 'SIGTERM'); sleepSync(500); }
}
function alive(pid) { try { process.kill(pid, 0); return true; } catch { return false; } }
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k) => Number(new RegExp(`^${k}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN);
  return { rss: kb('VmRSS') / 1024, hwm: kb('VmHWM') / 1024 };
}

/** One call: two empty hooks, our Edit pair and our shell pair, interleaved so that all of them run under the same load. */
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
}

/** The first Edit (pre, post) and shell command (pre, post) of a session: no owner runs, the first pre starts one. */
function firstCalls(tag, { root, touch, editOf, hookWithPhases }) {
  const f = editOf();
  const said = [];
  const note = (which) => (text) => said.push(`${which}: ${text}`);
  const [editPre, preP] = hookWithPhases(payload('edit.pre', root, `${tag}-edit`, path.join(root, f)), note('Edit pre'));
  touch(f);
  const [editPost, postP] = hookWithPhases(payload('edit.post', root, `${tag}-edit`, path.join(root, f)), note('Edit post'));
  const [shellPre] = hookWithPhases(payload('shell.pre', root, `${tag}-shell`), note('shell pre'));
  touch(editOf());
  const [shellPost] = hookWithPhases(payload('shell.post', root, `${tag}-shell`), note('shell post'));
  return { editPre, editPost, shellPre, shellPost, preP, postP, said, load: load() };
}

/** A fresh process posting a hook event to the owner with a wrong token: the HTTP round trip with no owner work (in-process, ms). */
const WRONG_TOKEN = `
const http = require('node:http'); const { performance } = require('node:perf_hooks');
const rec = JSON.parse(process.argv[1]); const body = Buffer.from(process.argv[2]);
const t = performance.now();
const req = http.request(rec.url, { method: 'POST', agent: false, headers: { authorization: 'Bearer wrong', 'content-type': 'application/json', 'content-length': body.length } }, (res) => {
  res.resume(); res.on('end', () => { process.stdout.write(JSON.stringify({ ms: performance.now() - t, status: res.statusCode })); });
});
req.end(body);`;

function measure(files, calls, bytesRange) {
  const dir = path.join(base, `w${files}`);
  const root = path.join(dir, 'ws');
  const env = { ...process.env, XDG_STATE_HOME: path.join(dir, 'state'), AGENT_SAFE_EDIT_OWNER_IDLE_MINUTES: '15' };
  const tGen = performance.now();
  const bytes = generate(root, files, bytesRange);
  const genMs = performance.now() - tGen;
  sleepSync(500); // past the racy margin of the generation's last writes
  const hook = (stdin, extraEnv) => timedRun([CLI, 'hook', 'claude-code'], stdin, { env: extraEnv ? { ...env, ...extraEnv } : env });
  const empty = (stdin) => timedRun(['-e', ''], stdin);
  const random = prng(files);
  const touch = (rel) => fs.appendFileSync(path.join(root, rel), `// changed ${random()}\n`);
  const editOf = () => pathOf(Math.floor(random() * files), files);
  const phaseFile = path.join(dir, 'phases.jsonl');
  /** The real hook with hook-phases.cjs preloaded: [spawn to exit, its phases]. */
  const hookWithPhases = (stdin, said) => {
    fs.rmSync(phaseFile, { force: true });
    const ms = timedRun(['-r', PHASES, CLI, 'hook', 'claude-code'], stdin, { env: { ...env, BENCH_HOOK_PHASES: phaseFile }, expectQuiet: !said, said });
    return [ms, { ...JSON.parse(fs.readFileSync(phaseFile, 'utf8')), total: ms }];
  };
  const ctx = { root, hook, empty, touch, editOf, hookWithPhases };
  try {
    // 1. No owner, no history yet: the first pre starts the background owner.
    if (ownerOf(root, env)) throw new Error('an owner runs before the first hook');
    const first = firstCalls('first', ctx);
    const owner = ownerOf(root, env);
    if (!owner || owner.role !== 'background') throw new Error(`no background owner after the first hook: ${JSON.stringify(owner)}`);
    const memFirst = memoryOf(owner.pid);

    // 2. Warm, interleaved with the empty hook.
    const s = { emptyPair: [], emptyOne: [], editPre: [], editPost: [], editPair: [], shellPre: [], shellPost: [], shellPair: [], ignored: [] };
    const read = JSON.stringify({ session_id: 's', cwd: root, hook_event_name: 'PreToolUse', tool_name: 'Read', tool_input: { file_path: path.join(root, pathOf(0, files)) }, tool_use_id: 'r' });
    const loadBefore = load();
    for (let i = 0; i < calls; i++) {
      round(`${i}`, ctx, s);
      s.ignored.push(hook(read));
    }
    const loadAfter = load();

    // 3. Phases: the same hooks with the preload, and the wrong-token round trip.
    const phases = { editPre: [], editPost: [], shellPre: [], shellPost: [], wrongToken: [] };
    const withPhases = (kind, stdin) => phases[kind].push(hookWithPhases(stdin)[1]);
    const record = fs.readdirSync(path.join(env.XDG_STATE_HOME, 'agent-safe-edit', 'connections')).map((n) => JSON.parse(fs.readFileSync(path.join(env.XDG_STATE_HOME, 'agent-safe-edit', 'connections', n), 'utf8'))).find((r) => r.pid === owner.pid);
    for (let i = 0; i < PROBES; i++) {
      const rel = editOf();
      withPhases('editPre', payload('edit.pre', root, `ph-edit-${i}`, path.join(root, rel)));
      touch(rel);
      withPhases('editPost', payload('edit.post', root, `ph-edit-${i}`, path.join(root, rel)));
      withPhases('shellPre', payload('shell.pre', root, `ph-shell-${i}`));
      touch(editOf());
      withPhases('shellPost', payload('shell.post', root, `ph-shell-${i}`));
      if (record) {
        const r = spawnSync(process.execPath, ['-e', WRONG_TOKEN, JSON.stringify(record), payload('edit.pre', root, 'wrong', path.join(root, rel))], { encoding: 'utf8' });
        const w = JSON.parse(r.stdout);
        if (w.status !== 401) throw new Error(`the wrong token was answered ${w.status}`);
        phases.wrongToken.push(w.ms);
      }
    }

    // 4. The owner's memory after the runs.
    const mem = memoryOf(owner.pid);

    // 1 again: the owner stopped, the store exists (the owner opens it, with its recovery scan).
    stopOwner(root, env);
    if (alive(owner.pid)) throw new Error(`the owner ${owner.pid} did not stop`);
    const restart = firstCalls('restart', ctx);
    const owner2 = ownerOf(root, env);
    const memRestart = owner2 ? memoryOf(owner2.pid) : undefined;
    stopOwner(root, env);
    const storeBytes = du(path.join(env.XDG_STATE_HOME, 'agent-safe-edit', owner.store ? path.basename(owner.store) : ''));
    return { files, calls, bytes, bytesRange, genMs, first, restart, s, phases, mem, memFirst, memRestart, loadBefore, loadAfter, storeBytes, ownerPid: owner.pid };
  } finally {
    try { stopOwner(root, env); } catch (e) { process.stderr.write(`owner stop: ${e.message}\n`); }
    killOwnersOf(dir);
    fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
  }
}

/** Any background owner this run started under `dir` that is still running (one not yet published, say): ended by its pid. */
function killOwnersOf(dir) {
  for (const pid of fs.readdirSync('/proc').filter((n) => /^\d+$/.test(n))) {
    let cmd;
    try { cmd = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8'); } catch { continue; }
    if (cmd.includes('owner.js') && cmd.includes(`${dir}/`)) {
      process.stderr.write(`ending owner ${pid} left running\n`);
      try { process.kill(Number(pid), 'SIGTERM'); } catch { /* gone */ }
      for (let i = 0; i < 100 && alive(Number(pid)); i++) sleepSync(100);
      if (alive(Number(pid))) process.kill(Number(pid), 'SIGKILL');
    }
  }
}

function du(dir) {
  let sum = 0;
  const walk = (d) => { for (const e of fs.readdirSync(d, { withFileTypes: true })) { const p = path.join(d, e.name); if (e.isDirectory()) walk(p); else sum += fs.lstatSync(p).size; } };
  if (fs.existsSync(dir)) walk(dir);
  return sum;
}

function section(m) {
  const { s } = m;
  const row = (label, ours, baseline) => {
    const p50 = pct(ours, 50), p95 = pct(ours, 95), b50 = pct(baseline, 50), b95 = pct(baseline, 95);
    return `| ${label} | ${fmt(p50)} / ${fmt(p95)} | ${fmt(b50)} / ${fmt(b95)} | **${fmt(p50 - b50)}** / ${fmt(p95 - b95)} | ${(p50 / b50).toFixed(2)} / ${(p95 / b95).toFixed(2)} |`;
  };
  const added = (ours, baseline, p) => pct(ours, p) - pct(baseline, p);
  const goal = (ours, baseline) => {
    const a50 = added(ours, baseline, 50), a95 = added(ours, baseline, 95);
    return `p50 ${fmt(a50)} (${a50 <= GOAL.p50 ? 'met' : 'NOT met'}), p95 ${fmt(a95)} (${a95 <= GOAL.p95 ? 'met' : 'NOT met'})`;
  };
  const ph = (kind, from, to) => fmt(pct(m.phases[kind].filter((x) => x[from] !== undefined && x[to] !== undefined).map((x) => x[to] - x[from]), 50));
  const phaseRow = (label, kind) => `| ${label} | ${fmt(pct(m.phases[kind].map((x) => x.total), 50))} | ${fmt(pct(m.phases[kind].map((x) => x.start), 50))} | ${ph(kind, 'mainStart', 'mainEnd')} | ${ph(kind, 'mainEnd', 'request')} | ${ph(kind, 'request', 'connected')} | ${ph(kind, 'connected', 'answered')} | ${ph(kind, 'answered', 'exit')} | ${fmt(pct(m.phases[kind].map((x) => x.total - x.exit), 50))} |`;
  const firstPh = (x) => `node start ${fmt(x.start)}, bundle + parse ${fmt(x.mainEnd - x.mainStart)}, lookup + owner start ${fmt(x.request - x.mainEnd)}, connect ${fmt(x.connected - x.request)}, owner's answer ${fmt(x.answered - x.connected)}, to exit ${fmt(x.exit - x.answered)}`;
  const firstLine = (f) => `${f.said.length ? `(the hooks said: ${f.said.map((x) => `"${x.replace(/\/tmp\/ase-bench-hooks-[^/]+/g, '…')}"`).join('; ')}) ` : ''}Edit pre **${fmt(f.editPre)}**, pre + post **${fmt(f.editPre + f.editPost)}** (${f.editPre + f.editPost <= GOAL.first ? 'met' : 'NOT met'}); then the first shell command's pre ${fmt(f.shellPre)}, post ${fmt(f.shellPost)} (load average ${f.load}). The pre's phases: ${firstPh(f.preP)}; the post's: ${firstPh(f.postP)}`;
  const mb = (x) => `${x.toFixed(0)} MB`;
  return [
    `## ${m.files.toLocaleString('en')} files (${(m.bytes / 1e6).toFixed(1)} MB; files of ${m.bytesRange[0]}–${m.bytesRange[1]} bytes)`,
    '',
    `Generated in ${(m.genMs / 1000).toFixed(1)} s. Load average (1 / 5 / 15 min) before the warm calls ${m.loadBefore}, after ${m.loadAfter}.`,
    '',
    '**The first call of a session, no owner running** (the first pre starts the background owner):',
    '',
    `- no history yet: ${firstLine(m.first)}`,
    `- after \`owner stop\` (the store exists): ${firstLine(m.restart)}`,
    '',
    `**Warm**, the background owner running: p50 / p95 over ${m.calls} calls, each process timed spawn to exit; a pair = pre + post of one call, its baseline two empty hooks.`,
    '',
    '| hook process | ours p50 / p95 | empty hook (`node -e ""`) p50 / p95 | added = ours − empty, p50 / p95 | ratio ours / empty, p50 / p95 |',
    '|---|---|---|---|---|',
    row('Edit of one file: pre + post', s.editPair, s.emptyPair),
    row('… pre alone', s.editPre, s.emptyOne),
    row('… post alone', s.editPost, s.emptyOne),
    row('shell command (whole folder compared): pre + post', s.shellPair, s.emptyPair),
    row('… pre alone', s.shellPre, s.emptyOne),
    row('… post alone', s.shellPost, s.emptyOne),
    row('ladder: the hook with a payload it ignores (Read: node + hook bundle + parse, no owner)', s.ignored, s.emptyOne),
    '',
    `Goal (added ≤ ${GOAL.p50} ms p50, ≤ ${GOAL.p95} ms p95 per tool call): Edit ${goal(s.editPair, s.emptyPair)}; shell command ${goal(s.shellPair, s.emptyPair)}.`,
    '',
    `Where a hook's time goes (bench/hooks/hook-phases.cjs preloaded into the real hook, p50 of ${PROBES} each; in-process timestamps):`,
    '',
    '| hook | spawn to exit | node start (to the preload) | cli.js + hook bundle load, stdin, parse | realpath + owner record lookup | connect | owner\'s answer (HTTP + its work) | answer to exit | exit to reaped |',
    '|---|---|---|---|---|---|---|---|---|',
    phaseRow('Edit pre', 'editPre'),
    phaseRow('Edit post', 'editPost'),
    phaseRow('shell pre', 'shellPre'),
    phaseRow('shell post', 'shellPost'),
    '',
    m.phases.wrongToken.length ? `HTTP round trip with no owner work (a fresh process posting with a wrong token, refused 401; request to answer, in-process): p50 ${fmt(pct(m.phases.wrongToken, 50))}, p95 ${fmt(pct(m.phases.wrongToken, 95))}.` : '',
    '',
    `Background owner's memory (/proc/${'<pid>'}/status): after the first calls VmRSS ${mb(m.memFirst.rss)}, VmHWM ${mb(m.memFirst.hwm)}; after all the runs **VmRSS ${mb(m.mem.rss)}, VmHWM ${mb(m.mem.hwm)}**${m.memRestart ? `; the restarted owner after its first calls VmRSS ${mb(m.memRestart.rss)}, VmHWM ${mb(m.memRestart.hwm)}` : ''}. Store at the end: ${(m.storeBytes / 1e6).toFixed(1)} MB.`,
    '',
  ];
}

const results = [];
const cpu = os.cpus();
try {
  for (let i = 0; i < SIZES.length; i++) {
    try {
      results.push(measure(SIZES[i], CALLS[i], BYTES[i]));
    } catch (e) {
      results.push({ files: SIZES[i], failed: e.stack ?? String(e) });
    }
    process.stderr.write(`${SIZES[i]} files done (load ${load()})\n`);
    write();
  }
} finally {
  fs.rmSync(base, { recursive: true, force: true, maxRetries: 5 });
}
function write() {
const lines = [
  '# Agent hook benchmark: one owner per folder (issue 35)',
  '',
  `Command: \`node bench/hooks/run.mjs --files ${SIZES.join(',')} --calls ${CALLS.join(',')} --bytes ${BYTES.map((b) => b.join('-')).join(',')} --probes ${PROBES}\` (after \`npm run build && npx tsc -p tsconfig.test.json\`).`,
  `Machine: nproc ${cpu.length} (${cpu[0]?.model ?? '?'}), ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}, ${os.platform()} ${os.release()}; shared with other jobs (load average at the end, 1 / 5 / 15 min: ${load()}).`,
  'Workspace: generated text files in nested folders (no .git), no VS Code window or server: the hooks start and use the background owner (dist/owner.js), store in its default place under a temp XDG_STATE_HOME, page cache warm.',
  '',
  ...results.flatMap((r) => (r.failed ? [`## ${r.files.toLocaleString('en')} files: FAILED`, '', '```', r.failed, '```', ''] : section(r))),
];
const out = lines.join('\n');
fs.mkdirSync(path.join(repo, 'bench/results'), { recursive: true });
const outName = (() => { const i = process.argv.indexOf('--out'); return i > 0 ? process.argv[i + 1] : 'hooks-owner.md'; })();
fs.writeFileSync(path.join(repo, 'bench/results', outName), out);
process.stdout.write(out);
}
