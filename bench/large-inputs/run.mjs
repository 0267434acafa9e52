#!/usr/bin/env node
// Large inputs through the engine: 200 chunks on a 3.3 MB file (single-file unified diff beside
// the multi-file unified diff and apply_patch), 200 replace_in_file edits, 16,000 hunks, and a
// 2,000-line hunk on 300,000 identical lines. Each case checks its answer (the expected text or
// the refusal), and when a baseline engine is given, that both engines answer with the same JSON.
//
//   npm run build && node bench/large-inputs/run.mjs [--baseline PATH/engine.js] [--repeat 5] [--only WORDS]
//
// The baseline is another build of dist/engine.js (e.g. main's: `git worktree add /tmp/ase-main main`,
// build there, pass /tmp/ase-main/dist/engine.js). Times are wall-clock medians of up to --repeat
// runs (a case that takes over 5 s runs once), both engines in one process, case by case.
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import os from 'node:os';
import { buildCases } from './cases.mjs';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const repeat = Number(opt('--repeat', 5));
const only = opt('--only', '');
const engines = [{ label: 'this build', mod: require(resolve('dist/engine.js')) }];
const baselinePath = opt('--baseline', '');
if (baselinePath) engines.unshift({ label: 'baseline', mod: require(resolve(baselinePath)) });

const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
const digest = (r) => createHash('sha256').update(JSON.stringify(r)).digest('hex').slice(0, 12);

function time(fn) {
  const t = [];
  let result;
  for (let i = 0; i < repeat; i++) {
    const t0 = process.hrtime.bigint();
    result = fn();
    const ms = Number(process.hrtime.bigint() - t0) / 1e6;
    t.push(ms);
    if (ms > 5000) break;
  }
  return { ms: median(t), result };
}

const cpu = os.cpus()[0]?.model ?? '?';
console.log(`# Large inputs — ${new Date().toISOString()}`);
console.log(`node ${process.version}, ${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, repeat ${repeat}`);
console.log('');
const header = ['input', 'path', ...engines.map((e) => `${e.label} ms`), ...(engines.length > 1 ? ['ratio', 'same JSON'] : []), 'correct'];
console.log(`| ${header.join(' | ')} |`);
console.log(`|${header.map(() => '---').join('|')}|`);
let failed = 0;
for (const c of buildCases()) {
  if (only && !`${c.group} ${c.name}`.includes(only)) continue;
  const runs = engines.map((e) => time(() => c.run(e.mod)));
  const ok = runs.map((r) => c.check(r.result));
  const last = runs[runs.length - 1];
  if (!ok[ok.length - 1]) failed++;
  const cells = [c.group, c.name, ...runs.map((r) => r.ms.toFixed(1))];
  if (engines.length > 1) {
    const same = digest(runs[0].result) === digest(last.result);
    if (!same) failed++;
    cells.push(`${(runs[0].ms / last.ms).toFixed(1)}×`, same ? 'yes' : '**NO**');
  }
  cells.push(ok.map((x) => (x ? 'yes' : '**NO**')).join(' / '));
  console.log(`| ${cells.join(' | ')} |`);
}
if (failed) {
  console.error(`${failed} case(s) answered wrongly or differently from the baseline`);
  process.exit(1);
}
