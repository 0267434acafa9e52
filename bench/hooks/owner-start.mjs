// How long a background owner takes to start on a folder of N files: fresh (no store) and again
// on the store a first hook's checkpoint left (the owner opens it, with its recovery scan) —
// spawn of dist/owner.js to its hook record published. One sample each.
// Run: npm run build && node bench/hooks/owner-start.mjs [--files 100000] [--bytes 500-1500]
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const CLI = path.join(repo, 'dist/cli.js');
const arg = (name, fallback) => { const i = process.argv.indexOf(`--${name}`); return i > 0 ? process.argv[i + 1] : fallback; };
const FILES = Number(arg('files', 100000));
const [MIN, MAX] = String(arg('bytes', '500-1500')).split('-').map(Number);
const base = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-bench-owner-'));
const root = path.join(base, 'ws');
const env = { ...process.env, XDG_STATE_HOME: path.join(base, 'state') };
const records = path.join(base, 'state', 'agent-safe-edit', 'connections');
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' / ');
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let s = 7;
const random = () => { s = (s * 1103515245 + 12345) % 2147483648; return s / 2147483648; };
for (let i = 0; i < FILES; i++) {
  const p = path.join(root, `pkg${i % 20}/mod${Math.floor(i / 20) % 10}/part${Math.floor(i / 200) % 10}/sub${Math.floor(i / 2000) % 10}/file${i}.ts`);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, 'x'.repeat(MIN + Math.floor(random() * (MAX - MIN))) + `\n${i}\n`);
}

async function startOwner() {
  const t = performance.now();
  const child = spawn(process.execPath, [path.join(repo, 'dist/owner.js'), '--root', root], { env, stdio: 'ignore' });
  while (!(fs.existsSync(records) && fs.readdirSync(records).length > 0)) {
    if (child.exitCode !== null) throw new Error(`owner exited ${child.exitCode}`);
    await sleep(10);
  }
  const ms = performance.now() - t;
  return { child, ms };
}
async function stop(child) {
  child.kill('SIGTERM');
  while (child.exitCode === null && child.signalCode === null) await sleep(20);
}

const out = {};
try {
  const fresh = await startOwner();
  out.freshStartMs = fresh.ms;
  out.loadFresh = load();
  // A first hook: its turn-start walk is the cold checkpoint that fills the store.
  const pre = JSON.stringify({ session_id: 's', cwd: root, hook_event_name: 'PreToolUse', tool_name: 'Edit', tool_input: { file_path: path.join(root, 'pkg0/mod0/part0/sub0/file0.ts') }, tool_use_id: 'c' });
  const t = performance.now();
  const r = spawnSync(process.execPath, [CLI, 'hook', 'claude-code'], { input: pre, env, encoding: 'utf8' });
  out.firstPreMs = performance.now() - t;
  out.firstPreSaid = r.stderr.trim();
  await stop(fresh.child);
  const again = await startOwner();
  out.restartMs = again.ms;
  out.loadRestart = load();
  await stop(again.child);
} finally {
  fs.rmSync(base, { recursive: true, force: true, maxRetries: 5 });
}
console.log(JSON.stringify({ files: FILES, bytes: `${MIN}-${MAX}`, ...out }));
