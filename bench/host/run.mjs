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
