// In-host benchmark: safe_patch through vscode.lm.invokeTool versus a bare applyEdit + save,
// validation on versus off, and the size of each tool's result, in one run of a real VS Code.
// Usage: npm run build && npm run compile-tests && node bench/host/run.mjs
import { spawnSync } from 'node:child_process';
import { readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir, cpus } from 'node:os';
import path from 'node:path';

const out = path.join(mkdtempSync(path.join(tmpdir(), 'ase-bench-')), 'result.json');
const r = spawnSync(process.execPath, ['test/runner/run-integration.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, ASE_TESTS_MODULE: 'out/bench/host/index', ASE_BENCH_OUT: out, ASE_TEST_TIMEOUT_MS: '900000' },
});
if (r.status !== 0) process.exit(r.status ?? 1);
const res = JSON.parse(readFileSync(out, 'utf8'));
const f = (x) => x.toFixed(1);
const row = (name, s) => `| ${name} | ${s.n} | ${f(s.p50)} | ${f(s.p95)} | ${f(s.min)} | ${f(s.max)} |`;
console.log(`\nMachine: ${cpus().length} × ${cpus()[0].model}, node ${process.version} (runner), VS Code 1.139.1 (code-server)\n`);
console.log(`Edit of one line in a ${res.file_lines}-line file, ${res.calls} calls each, interleaved (ms):\n`);
console.log('| what | n | p50 | p95 | min | max |\n|---|---|---|---|---|---|');
console.log(row('safe_patch via vscode.lm.invokeTool (hash check, locate, snapshot + journal, applyEdit, save; diagnostics wait off)', res.safe_patch_ms));
console.log(row('safe_patch with default settings (waits for the JS language server\'s diagnostics to settle)', res.safe_patch_with_diagnostics_wait_ms));
console.log(row('bare workspace.applyEdit + save (baseline)', res.bare_apply_save_ms));
console.log(row('replace_in_file, validation off (C file)', res.replace_validation_off_ms));
console.log(row('replace_in_file, validation on: tree-sitter C (baseline: off)', res.replace_validation_on_ms));
console.log(`\nRatios (p50): safe_patch / bare = ${(res.safe_patch_ms.p50 / res.bare_apply_save_ms.p50).toFixed(2)}; validation on / off = ${(res.replace_validation_on_ms.p50 / res.replace_validation_off_ms.p50).toFixed(2)}\n`);
console.log(`Result size in bytes for a one-hunk edit (the file itself is ${res.file_bytes} bytes):\n`);
console.log('| tool | success | failure |\n|---|---|---|');
for (const [tool, s] of Object.entries(res.result_bytes)) console.log(`| ${tool} | ${s.success ?? '–'} | ${s.failure ?? '–'} |`);

// Issue 15: edit latency with default settings, every editing tool vs the bare edit, one run.
const lat = JSON.parse(readFileSync(`${out}.latency.json`, 'utf8'));
console.log(`\nEdit latency with DEFAULT settings, one-line edit of a ${lat.file_lines}-line file, ${lat.calls} calls each, all series interleaved (ms; ratio = tool / bare on the same kind of file):\n`);
console.log('| file | what | p50 | p95 | p50 ratio | p95 ratio | added p50 |\n|---|---|---|---|---|---|---|');
const floor = lat.invoke_floor;
console.log(`| – | vscode.lm.invokeTool round trip of a tool that edits nothing (list_backups) | ${f(floor.p50)} | ${f(floor.p95)} | – | – | – |`);
for (const kind of lat.kinds) {
  const bare = lat[`bare:${kind}`];
  console.log(`| ${kind} | bare applyEdit + save | ${f(bare.p50)} | ${f(bare.p95)} | 1.00 | 1.00 | – |`);
  for (const tool of lat.tools) {
    const s = lat[`${tool}:${kind}`];
    console.log(`| ${kind} | ${tool} | ${f(s.p50)} | ${f(s.p95)} | ${(s.p50 / bare.p50).toFixed(2)} | ${(s.p95 / bare.p95).toFixed(2)} | ${f(s.p50 - bare.p50)} |`);
  }
}
