#!/usr/bin/env node
// Measures what the integration harness costs per run, side by side in one process:
//   baseline  code-server start + workbench load in Chromium, nothing else
//   run       `node test/runner/run-integration.mjs` with ASE_TEST_GREP (default: activation)
// Usage: node test/runner/measure-harness.mjs [rounds=3]   (needs dist/ and out/ built)
// Prints a Markdown table of medians; figures go to bench/results/harness.md by hand.

import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from './install-vscode.mjs';
import { createRunDirs, removeRunDir } from './run-dirs.mjs';
import { launchWorkbench } from './workbench.mjs';

const rounds = Number(process.argv[2] ?? 3);
const grep = process.env.ASE_TEST_GREP ?? 'activation';

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

/** Server start to `.monaco-workbench`, and the workbench load alone, in ms. */
async function measureBaseline() {
  const dirs = createRunDirs({ prefix: 'ase-measure-' });
  writeFileSync(path.join(dirs.workspace, 'README.md'), 'measure\n');
  const start = performance.now();
  const session = await launchWorkbench({ folder: dirs.workspace, dirs });
  const total = performance.now() - start;
  await session.close();
  removeRunDir(dirs.runDir);
  return { total, workbench: session.workbenchReadyMs };
}

/** Wall time of a whole integration run (grep-limited), and its own workbench figure. */
function measureRun() {
  const start = performance.now();
  const r = spawnSync(process.execPath, [path.join(REPO_ROOT, 'test/runner/run-integration.mjs')], {
    env: { ...process.env, ASE_TEST_GREP: grep },
    encoding: 'utf8',
  });
  const total = performance.now() - start;
  const workbench = Number(/workbench load (\d+) ms/.exec(r.stdout)?.[1] ?? NaN);
  const last = r.stdout.trim().split('\n').pop();
  return { total, workbench, ok: r.status === 0, last };
}

const cpu = /model name\s*:\s*(.*)/.exec((await import('node:fs')).readFileSync('/proc/cpuinfo', 'utf8'))?.[1];
console.log(`machine: ${os.cpus().length} cores, ${cpu}, node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
const base = [];
const runs = [];
for (let i = 0; i < rounds; i++) {
  base.push(await measureBaseline());
  const run = measureRun();
  runs.push(run);
  console.log(`round ${i + 1}: baseline ${(base[i].total / 1000).toFixed(1)} s (workbench ${base[i].workbench} ms); run ${(run.total / 1000).toFixed(1)} s (workbench ${run.workbench} ms) -> ${run.last}`);
}
const b = median(base.map((x) => x.total));
const r = median(runs.map((x) => x.total));
console.log('');
console.log('| measure (median of ' + rounds + ') | seconds | ratio to baseline |');
console.log('|---|---|---|');
console.log(`| baseline: code-server start + workbench load | ${(b / 1000).toFixed(1)} | 1.00 |`);
console.log(`| workbench load alone (baseline) | ${(median(base.map((x) => x.workbench)) / 1000).toFixed(1)} | ${(median(base.map((x) => x.workbench)) / b).toFixed(2)} |`);
console.log(`| integration run, ASE_TEST_GREP='${grep}' | ${(r / 1000).toFixed(1)} | ${(r / b).toFixed(2)} |`);
console.log(`| workbench load inside the run | ${(median(runs.map((x) => x.workbench)) / 1000).toFixed(1)} | ${(median(runs.map((x) => x.workbench)) / b).toFixed(2)} |`);
