#!/usr/bin/env node
// Does apply time grow linearly with file size? Times our applyUnifiedDiff (its raw-text fast
// path, and the general line-splitting path forced with { noFastPath: true }) and
// applySearchReplace against jsdiff's applyPatch (and a plain indexOf replace) on the first
// 20k, 80k and all ~188k lines of the corpus's large file (typescript.js), one one-line edit in
// the middle, medians of R runs after warm-up, side by side in one process.
//
//   npm run build && node bench/engine/scaling.mjs [--repeat 15]
// Needs the bench corpus (node ../shared/bench/gen.mjs) and ../shared/bench/node_modules (setup.sh).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import os from 'node:os';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const R = Number(args.includes('--repeat') ? args[args.indexOf('--repeat') + 1] : 15);
const corpus = join(process.env.BENCH_CACHE || '/tmp/bench-cache', 'corpus');
const engine = require(join(process.cwd(), 'dist/engine.js'));
const jsdiff = require(join(process.cwd(), '../shared/bench/node_modules/diff'));
const large = readFileSync(join(corpus, 'cases.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l)).find((c) => c.tag === 'large-exact');
const all = readFileSync(join(corpus, 'blobs', large.base), 'utf8').split('\n');
if (all[all.length - 1] === '') all.pop();

const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
function time(fn) {
  for (let i = 0; i < 3; i++) fn();
  const t = [];
  for (let i = 0; i < R; i++) {
    const t0 = process.hrtime.bigint();
    fn();
    t.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(t);
}

/** A one-line change near the middle, with 3 context lines, at a place whose 7 lines are unique. */
function makeCase(lines) {
  const text = lines.join('\n') + '\n';
  for (let m = lines.length >> 1; m < lines.length - 4; m++) {
    if (lines[m].trim().length < 20) continue;
    const win = lines.slice(m - 3, m + 4);
    if (text.split(win.join('\n')).length !== 2) continue;
    const changed = lines[m] + ' // changed';
    const patch = `--- a/typescript.js\n+++ b/typescript.js\n@@ -${m - 2},7 +${m - 2},7 @@\n` +
      [...win.slice(0, 3).map((l) => ' ' + l), '-' + lines[m], '+' + changed, ...win.slice(4).map((l) => ' ' + l)].join('\n') + '\n';
    const truth = [...lines.slice(0, m), changed, ...lines.slice(m + 1)].join('\n') + '\n';
    return { text, patch, truth, old: win.join('\n'), neu: [...win.slice(0, 3), changed, ...win.slice(4)].join('\n') };
  }
  throw new Error('no unique window');
}

const rows = [];
for (const size of [20000, 80000, all.length]) {
  const c = makeCase(all.slice(0, size));
  const ours = engine.applyUnifiedDiff(c.text, c.patch);
  const theirs = jsdiff.applyPatch(c.text, c.patch);
  const sr = engine.applySearchReplace(c.text, c.old, c.neu);
  const bad = [!ours.ok || ours.text !== c.truth, theirs !== c.truth, !sr.ok || sr.text !== c.truth];
  if (bad.some(Boolean)) throw new Error(`wrong result at ${size} lines: ${bad} ${JSON.stringify(ours.ok ? "" : ours.error)} ${JSON.stringify(sr.ok ? "" : sr.error)}`);
  rows.push({
    lines: size,
    mb: c.text.length / 1e6,
    ours: time(() => engine.applyUnifiedDiff(c.text, c.patch)),
    general: time(() => engine.applyUnifiedDiff(c.text, c.patch, { noFastPath: true })),
    jsdiff: time(() => jsdiff.applyPatch(c.text, c.patch)),
    oursSr: time(() => engine.applySearchReplace(c.text, c.old, c.neu)),
    indexOf: time(() => { const i = c.text.indexOf(c.old); return c.text.indexOf(c.old, i + 1) < 0 && c.text.slice(0, i) + c.neu + c.text.slice(i + c.old.length); }),
  });
}
console.log(`machine: ${os.cpus().length} cores (${os.cpus()[0]?.model}), node ${process.version}; median of ${R} runs after 3 warm-ups`);
console.log('| lines | MB | ours udiff ms | ours udiff, general path ms | jsdiff ms | ours/jsdiff | ours ms per 10k lines (general path) | ours s/r ms | indexOf replace ms |');
console.log('|---|---|---|---|---|---|---|---|---|');
for (const r of rows) {
  console.log(`| ${r.lines} | ${r.mb.toFixed(1)} | ${r.ours.toFixed(2)} | ${r.general.toFixed(2)} | ${r.jsdiff.toFixed(2)} | ${(r.ours / r.jsdiff).toFixed(2)} | ${((r.ours / r.lines) * 1e4).toFixed(2)} (${((r.general / r.lines) * 1e4).toFixed(2)}) | ${r.oursSr.toFixed(2)} | ${r.indexOf.toFixed(2)} |`);
}
