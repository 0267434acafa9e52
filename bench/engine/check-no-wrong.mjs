// CI guard for the engine's first promise: runs the shared patch-robustness benchmark against
// dist/engine.js and fails when any case is WRONG (a claimed success with a wrong result, or an
// accepted NEG case) or when the positive correct rates fall below the issue's floors
// (97% unified diff, 95% search/replace). Prints the per-tag table either way.
// Usage (after `npm run build`): node bench/engine/check-no-wrong.mjs
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const bench = path.resolve('../shared/bench');
if (!existsSync(path.join(bench, 'run.mjs'))) {
  console.error(`the shared benchmark is not at ${bench}`);
  process.exit(2);
}
const run = (args, opts = {}) => {
  const r = spawnSync(args[0], args.slice(1), { stdio: 'inherit', ...opts });
  if (r.status !== 0) process.exit(r.status ?? 1);
};
if (!existsSync(path.join(bench, 'node_modules'))) run(['bash', path.join(bench, 'setup.sh')]);
run(['node', path.join(bench, 'gen.mjs')]);
const json = path.join(mkdtempSync(path.join(tmpdir(), 'ase-wrong-')), 'engine.json');
run(['node', path.join(bench, 'run.mjs'), '--adapter', 'module:dist/engine.js', '--json', json]);

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
