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
const rowId = findId(new RegExp(`id="(s${mid}-\\d-r1)"`));
const rows = findId(/id="(s\d+-\d-rows)"/);
const list = findId(new RegExp(`id="(s${Math.floor(sections * 0.8)}-\\d-list)"`));
const item = findId(/id="(s\d+-\d-i2)"/);
const para = findId(new RegExp(`id="(s${Math.floor(sections * 0.3)}-\\d-p1)"`));

const one = [{ selector: `#${midTitle}`, op: 'inner', html: 'A new <em>title</em>' }];
const ten = [
  { selector: `#${midTitle}`, op: 'inner', html: 'A new <em>title</em>' },
  { selector: `#${rowId}`, op: 'replace', html: `<tr id="${rowId}"><td>x</td><td>1</td><td>y</td></tr>` },
  { selector: `#${rows}`, op: 'append', html: '<tr id="bench-new-row"><td>n</td><td>2</td><td>z</td></tr>' },
  { selector: '#bench-new-row', op: 'set_attribute', name: 'class', value: 'added' },
  { selector: `#${list}`, op: 'prepend', html: '<li id="bench-first">first</li>' },
  { selector: `#${item}`, op: 'remove' },
  { selector: `#${para}`, op: 'after', html: '<p id="bench-after">after</p>' },
  { selector: '#nav-3', op: 'set_attribute', name: 'class', value: 'active' },
  { selector: '#foot', op: 'inner', html: '<p>&copy; 2026 bench</p>' },
  { selector: '#main', op: 'set_attribute', name: 'data-patched', value: 'yes' },
];

/** Wall-clock and CPU milliseconds of one call. */
function measure(fn) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  fn();
  const wall = performance.now() - t0;
  const cpu = process.cpuUsage(cpu0);
  return { wall, cpu: (cpu.user + cpu.system) / 1000 };
}

const medianOf = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function check(patches) {
  const result = applyHtmlPatches(html, patches);
  if (!result.ok) throw new Error(`benchmark patches failed: ${JSON.stringify(result.error)}`);
}
check(one);
check(ten);

// Rounds interleave the cases so that a busy machine slows all of them alike; each round's
// times are also divided by that round's baseline, and the medians of those ratios reported.
const cases = {
  parse: () => parse(html),
  parseLoc: () => parse(html, { sourceCodeLocationInfo: true }),
  patch1: () => applyHtmlPatches(html, one),
  patch10: () => applyHtmlPatches(html, ten),
};
for (const fn of Object.values(cases)) fn(); // warm-up
const samples = Object.fromEntries(Object.keys(cases).map((k) => [k, { wall: [], cpu: [], ratio: [] }]));
for (let round = 0; round < runs; round++) {
  const base = measure(cases.parse);
  samples.parse.wall.push(base.wall);
  samples.parse.cpu.push(base.cpu);
  samples.parse.ratio.push(1);
  for (const key of ['parseLoc', 'patch1', 'patch10']) {
    const m = measure(cases[key]);
    samples[key].wall.push(m.wall);
    samples[key].cpu.push(m.cpu);
    samples[key].ratio.push(m.wall / base.wall);
  }
}

const cpu = (() => {
  try {
    return /model name\s*:\s*(.*)/.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1] ?? cpus()[0]?.model;
  } catch {
    return cpus()[0]?.model;
  }
})();
const load = readLoad();
function readLoad() {
  try {
    return readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  } catch {
    return 'n/a';
  }
}
const fmt = (ms) => `${ms.toFixed(0)} ms`;
const row = (label, key) => {
  const x = samples[key];
  const cpuRatio = medianOf(x.cpu) / medianOf(samples.parse.cpu);
  return `| ${label} | ${fmt(medianOf(x.wall))} | ${medianOf(x.ratio).toFixed(2)}× | ${fmt(medianOf(x.cpu))} | ${cpuRatio.toFixed(2)}× |`;
};
console.log(`page: ${(html.length / 1024 / 1024).toFixed(2)} MiB (${html.length} chars, ${html.split('\n').length} lines, ${sections} sections)`);
console.log(`machine: ${cpus().length} CPUs (${cpu}), node ${process.version}; load average at the end: ${load}; ${runs} interleaved rounds`);
console.log('| case | median wall | wall ratio (median of per-round ratios) | median CPU (user+sys) | CPU ratio |');
console.log('|---|---|---|---|---|');
console.log(row('parse5.parse (baseline)', 'parse'));
console.log(row('parse5.parse with sourceCodeLocationInfo', 'parseLoc'));
console.log(row('applyHtmlPatches, 1 patch', 'patch1'));
console.log(row('applyHtmlPatches, 10 patches', 'patch10'));
