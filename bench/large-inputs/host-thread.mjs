#!/usr/bin/env node
// How long the calling thread (the extension host's, in VS Code) is held while a large change
// is planned: inline (runEngineJob, what every call did before) against on the engine worker
// (runOffThread, what calls of 1 MB or more do now), side by side, case by case. The thread's
// longest stall is measured with perf_hooks' event-loop delay histogram.
//
//   npm run build && npm run compile-tests && node bench/large-inputs/host-thread.mjs [--repeat 3]
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';
import os from 'node:os';
import { uniqueFile, spreadChanges, spreadInsertions, insertionPatch, applyPatchText, replaceEdits } from './cases.mjs';

const require = createRequire(import.meta.url);
const { runOffThread } = require(resolve('out/src/tools/off-thread.js'));
const { runEngineJob } = require(resolve('out/src/workers/engine-job.js'));
const args = process.argv.slice(2);
const repeat = Number(args.includes('--repeat') ? args[args.indexOf('--repeat') + 1] : 3);

const big = uniqueFile(100_000);
const c200 = spreadChanges(big.lines, 200);
const i200 = spreadInsertions(big.lines, 200);
const files = { 'big.js': big.text };
const jobs = [
  ['apply_patch, 200 chunks, 3.3 MB', { kind: 'patch_files', format: 'apply_patch', patch: applyPatchText('big.js', c200.hunks), files }],
  ['multi-file unified diff, 200 insertion chunks, 3.3 MB', { kind: 'patch_files', format: 'unified', patch: insertionPatch('big.js', i200.hunks, 'unified'), files }],
  ['replace_in_file, 200 edits, 3.3 MB', { kind: 'replace_edits', edits: replaceEdits('big.js', c200.hunks), files }],
  ['one-file unified diff, 200 hunks, 3.3 MB', { kind: 'unified_diff', base: big.text, patch: insertionPatch('big.js', i200.hunks, 'unified') }],
];

/** Wall time and the longest stall of this thread while `run` resolves (medians of `repeat`). */
async function measure(run) {
  const walls = [];
  const stalls = [];
  for (let i = 0; i < repeat; i++) {
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    await new Promise((r) => setTimeout(r, 20)); // let the histogram start
    const t0 = performance.now();
    await run();
    walls.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 20)); // a stall at the very end is recorded too
    h.disable();
    stalls.push(h.max / 1e6);
  }
  const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1];
  return { wall: median(walls), stall: median(stalls) };
}

console.log(`# The calling thread during a large plan — ${new Date().toISOString()}`);
console.log(`node ${process.version}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}, load average ${os.loadavg().map((x) => x.toFixed(1)).join(' ')}, repeat ${repeat}`);
console.log('');
console.log('| change | inline: wall ms | inline: thread held ms | worker: wall ms | worker: thread held ms |');
console.log('|---|---|---|---|---|');
for (const [name, job] of jobs) {
  const inline = await measure(async () => runEngineJob(job));
  const worker = await measure(() => runOffThread(job, { minChars: 0 }));
  console.log(`| ${name} | ${inline.wall.toFixed(0)} | ${inline.stall.toFixed(0)} | ${worker.wall.toFixed(0)} | ${worker.stall.toFixed(0)} |`);
}
