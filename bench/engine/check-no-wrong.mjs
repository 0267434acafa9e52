// CI guard for the engine's first promise: runs the shared patch-robustness benchmark against
// dist/engine.js and fails when any case is WRONG (a claimed success with a wrong result, or an
// accepted NEG case) or when the positive correct rates fall below the issue's floors
// (97% unified diff, 95% search/replace). Prints the per-tag table either way.
// Usage (after `npm run build`): node bench/engine/check-no-wrong.mjs
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const shared = path.resolve('../shared/bench');
if (!existsSync(path.join(shared, 'run.mjs'))) {
  console.error(`the shared benchmark is not at ${shared}`);
  process.exit(2);
}
const run = (args, opts = {}) => {
  const r = spawnSync(args[0], args.slice(1), { stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
// shared/ belongs to everyone: the benchmark runs from a copy in .bench-cache/ (git-ignored),
// where its npm dependencies and its generated corpus go, so nothing is written into shared/
// and two checkouts on one machine do not share a corpus cache.
const cache = path.resolve('.bench-cache');
const bench = path.join(cache, 'shared-bench');
const lock = readFileSync(path.join(shared, 'package-lock.json'), 'utf8');
const stamp = path.join(cache, 'shared-bench.lock.json');
const fresh = existsSync(path.join(bench, 'node_modules')) && existsSync(stamp) && readFileSync(stamp, 'utf8') === lock;
if (!fresh) rmSync(bench, { recursive: true, force: true });
mkdirSync(bench, { recursive: true });
cpSync(shared, bench, { recursive: true, filter: (src) => !src.split(path.sep).includes('node_modules') });
if (!fresh) {
  run(['bash', path.join(bench, 'setup.sh')]);
  writeFileSync(stamp, lock);
}
const env = { ...process.env, BENCH_CACHE: path.join(cache, 'corpus') };
run(['node', path.join(bench, 'gen.mjs')], { env });
const json = path.join(mkdtempSync(path.join(tmpdir(), 'ase-wrong-')), 'engine.json');
run(['node', path.join(bench, 'run.mjs'), '--adapter', 'module:dist/engine.js', '--json', json], { env });

const { rows } = JSON.parse(readFileSync(json, 'utf8'));
const wrong = rows.filter((r) => r.outcome === 'WRONG');
const rate = (pred) => {
  const sel = rows.filter(pred);
  return { n: sel.length, correct: sel.filter((r) => r.outcome === 'CORRECT').length };
};
const isNeg = (t) => t.startsWith('neg-') || t.startsWith('sr-neg-');
const udiff = rate((r) => !r.tag.startsWith('sr-') && !isNeg(r.tag) && !r.tag.startsWith('large-'));
const sr = rate((r) => r.tag.startsWith('sr-') && !isNeg(r.tag));
const pct = (x) => (100 * x.correct) / x.n;
console.log(`\nWRONG: ${wrong.length}; unified diff correct ${pct(udiff).toFixed(1)}% of ${udiff.n}; search/replace correct ${pct(sr).toFixed(1)}% of ${sr.n}`);
const failures = [];
if (wrong.length) failures.push(`WRONG cases: ${wrong.map((r) => `${r.id} (${r.tag})`).join(', ')}`);
if (pct(udiff) < 97) failures.push(`unified diff correct ${pct(udiff).toFixed(1)}% < 97%`);
if (pct(sr) < 95) failures.push(`search/replace correct ${pct(sr).toFixed(1)}% < 95%`);
if (failures.length) {
  console.error(`patch benchmark guard FAILED:\n${failures.join('\n')}`);
  process.exit(1);
}
console.log('patch benchmark guard: ok');
