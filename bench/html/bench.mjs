/**
 * patch_html engine benchmark: applyHtmlPatches on a ~1 MB page, 1 patch and 10 patches,
 * side by side with a plain parse5.parse of the same page (the baseline), so the cost reads
 * as a ratio. Run from the repository root:  node bench/html/bench.mjs [runs]
 * It bundles src/core/html with esbuild into a temp dir first (no separate build step).
 */
import { build } from 'esbuild';
import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { parse } from 'parse5';
import { buildPage } from './page.mjs';

const root = fileURLToPath(new URL('../..', import.meta.url));
const runs = Number(process.argv[2] ?? 15);

const outdir = mkdtempSync(join(tmpdir(), 'html-bench-'));
await build({
  entryPoints: [join(root, 'src/core/html/index.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  outfile: join(outdir, 'engine.cjs'),
  logLevel: 'error',
});
const { applyHtmlPatches } = createRequire(import.meta.url)(join(outdir, 'engine.cjs'));

const { html, sections } = buildPage();
const mid = Math.floor(sections / 2);

/** Finds an existing id with a given prefix/suffix so the patches hit real elements. */
function findId(re) {
  const m = re.exec(html);
  if (!m) throw new Error(`no id matches ${re}`);
  return m[1];
}
const midTitle = `s${mid}-title`;
const row = findId(new RegExp(`id="(s${mid}-\\d-r1)"`));
const rows = findId(/id="(s\d+-\d-rows)"/);
const list = findId(new RegExp(`id="(s${Math.floor(sections * 0.8)}-\\d-list)"`));
const item = findId(/id="(s\d+-\d-i2)"/);
const para = findId(new RegExp(`id="(s${Math.floor(sections * 0.3)}-\\d-p1)"`));

const one = [{ selector: `#${midTitle}`, op: 'inner', html: 'A new <em>title</em>' }];
const ten = [
  { selector: `#${midTitle}`, op: 'inner', html: 'A new <em>title</em>' },
  { selector: `#${row}`, op: 'replace', html: `<tr id="${row}"><td>x</td><td>1</td><td>y</td></tr>` },
  { selector: `#${rows}`, op: 'append', html: '<tr id="bench-new-row"><td>n</td><td>2</td><td>z</td></tr>' },
  { selector: '#bench-new-row', op: 'set_attribute', name: 'class', value: 'added' },
  { selector: `#${list}`, op: 'prepend', html: '<li id="bench-first">first</li>' },
  { selector: `#${item}`, op: 'remove' },
  { selector: `#${para}`, op: 'after', html: '<p id="bench-after">after</p>' },
  { selector: '#nav-3', op: 'set_attribute', name: 'class', value: 'active' },
  { selector: '#foot', op: 'inner', html: '<p>&copy; 2026 bench</p>' },
  { selector: '#main', op: 'set_attribute', name: 'data-patched', value: 'yes' },
];

function median(fn) {
  fn(); // warm-up
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    fn();
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)];
}

function check(patches) {
  const result = applyHtmlPatches(html, patches);
  if (!result.ok) throw new Error(`benchmark patches failed: ${JSON.stringify(result.error)}`);
}
check(one);
check(ten);

// Interleave so that both sides see the same machine state.
const parsePlain = median(() => parse(html));
const parseLoc = median(() => parse(html, { sourceCodeLocationInfo: true }));
const patch1 = median(() => applyHtmlPatches(html, one));
const patch10 = median(() => applyHtmlPatches(html, ten));
const parsePlain2 = median(() => parse(html));
const baseline = (parsePlain + parsePlain2) / 2;

const cpu = (() => {
  try {
    return /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model;
  } catch {
    return cpus()[0]?.model;
  }
})();
const fmt = (ms) => `${ms.toFixed(1)} ms`;
const ratio = (ms) => `${(ms / baseline).toFixed(2)}×`;
console.log(`page: ${(html.length / 1024 / 1024).toFixed(2)} MiB (${html.length} chars, ${html.split('\n').length} lines, ${sections} sections)`);
console.log(`machine: ${cpus().length} CPUs (${cpu}), node ${process.version}; median of ${runs} runs`);
console.log('| case | median | ratio to parse5.parse |');
console.log('|---|---|---|');
console.log(`| parse5.parse (baseline, mean of two batches) | ${fmt(baseline)} | 1.00× |`);
console.log(`| parse5.parse with sourceCodeLocationInfo | ${fmt(parseLoc)} | ${ratio(parseLoc)} |`);
console.log(`| applyHtmlPatches, 1 patch | ${fmt(patch1)} | ${ratio(patch1)} |`);
console.log(`| applyHtmlPatches, 10 patches | ${fmt(patch10)} | ${ratio(patch10)} |`);
