// Validation benchmark: tree-sitter check time by file size (median; cold first call measured
// in fresh processes) and the time validation adds to an edit, measured side by side with the
// "off" baseline (computing the candidate text only).
//
// Run:  npx tsc -p tsconfig.test.json && node bench/validate/bench.mjs
// It loads the compiled modules from out/src/validate; writes nothing (copy the table into
// bench/results/validate.md).
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import path from 'node:path';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { checkSyntax } = require(path.join(root, 'out/src/validate/syntax/check-syntax.js'));
const { runExternalValidator } = require(path.join(root, 'out/src/validate/external/run-external-validator.js'));

const SIZES = [1000, 5000, 20000];
const RUNS = Number(process.env.BENCH_RUNS ?? 15);

/** A syntactically valid file of about `lines` lines in `lang`, with a unique marker line to edit. */
function makeFile(lang, lines, seed = 0) {
  const out = [];
  let i = 0;
  if (lang === 'c') {
    out.push('#include <stdio.h>', '');
    while (out.length < lines - 8) {
      out.push(`static int f${i}(int a, int b) {`, `  int s = a + b * ${i + seed};`, '  if (s > 100) {', '    s -= 3;', '  }', `  return s; /* f${i} */`, '}', '');
      i++;
    }
    out.push('int main(void) {', '  int total = 0; /* MARK */', '  printf("%d\\n", total);', '  return 0;', '}');
  } else if (lang === 'typescript') {
    while (out.length < lines - 6) {
      out.push(`export function f${i}(a: number, b: number): number {`, `  const s = a + b * ${i + seed};`, '  if (s > 100) {', '    return s - 3;', '  }', `  return s; // f${i}`, '}', '');
      i++;
    }
    out.push('export function main(): number {', '  const total = 0; // MARK', '  return total;', '}');
  } else if (lang === 'python') {
    while (out.length < lines - 5) {
      out.push(`def f${i}(a, b):`, `    s = a + b * ${i + seed}`, '    if s > 100:', '        s -= 3', `    return s  # f${i}`, '');
      i++;
    }
    out.push('def main():', '    total = 0  # MARK', '    return total');
  }
  return out.join('\n') + '\n';
}

const GOOD_EDIT = { c: ['int total = 0;', 'int total = 1;'], typescript: ['const total = 0;', 'const total = 1;'], python: ['total = 0', 'total = 1'] };
const LANGS = ['c', 'typescript', 'python'];

/** The "off" path: what a replace edit costs without validation (unique-match check + splice). */
function computeCandidate(base, oldText, newText) {
  const at = base.indexOf(oldText);
  if (at < 0 || base.indexOf(oldText, at + 1) >= 0) throw new Error('fixture edit must match once');
  return base.slice(0, at) + newText + base.slice(at + oldText.length);
}

function median(xs) {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
}

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;

// Child mode: one cold first call (runtime start + grammar load + check) in a fresh process.
if (process.argv[2] === '--cold') {
  const lang = process.argv[3];
  const base = makeFile(lang, 1000);
  const cand = computeCandidate(base, ...GOOD_EDIT[lang]);
  const t0 = process.hrtime.bigint();
  const r = await checkSyntax({ languageId: lang, baseText: base, candidateText: cand });
  const first = ms(t0);
  const t1 = process.hrtime.bigint();
  await checkSyntax({ languageId: lang, baseText: base, candidateText: computeCandidate(base, GOOD_EDIT[lang][0], GOOD_EDIT[lang][1] + ' ') });
  process.stdout.write(JSON.stringify({ first, second: ms(t1), checked: r.checked }));
  process.exit(0);
}

/**
 * Runs `fn(i)` RUNS + 2 times; returns the medians (all but the first two runs) of wall time
 * and of this process's CPU time (user + system). The work is synchronous wasm/JS on the main
 * thread, so CPU time is the cost without the waiting that other jobs on a shared machine add.
 */
async function medianTime(fn) {
  const wall = [];
  const cpu = [];
  for (let i = 0; i < RUNS + 2; i++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    await fn(i);
    const w = ms(t0);
    const c = process.cpuUsage(c0);
    if (i >= 2) {
      wall.push(w);
      cpu.push((c.user + c.system) / 1000);
    }
  }
  return { wall: median(wall), cpu: median(cpu) };
}

async function mustCheck(lang, baseText, candidateText, expectBroken) {
  const r = await checkSyntax({ languageId: lang, baseText, candidateText });
  if (!r.checked) throw new Error(`${lang} not checked: ${r.skippedReason}`);
  if (expectBroken !== r.newErrors.length > 0) throw new Error(`${lang}: unexpected verdict ${JSON.stringify(r.newErrors)}`);
}

/** The marker line of `lang` set to value `v`, or broken (an unclosed parenthesis). */
function marker(lang, v, broken) {
  const [from] = GOOD_EDIT[lang];
  const to = from.replace('0', broken ? `(${v}` : String(v));
  return [from, to];
}

/**
 * Edit scenarios for one language and size, each timed with validation on and off:
 *  - first: the first edit of a file (the parser's last tree is another file's) → full parse;
 *  - next: an edit whose base is the previous edit's candidate → incremental re-parse;
 *  - broken-next: a broken edit on top of a checked base → incremental parse + base from cache;
 *  - broken-first: a broken edit of a file never checked → candidate and base both parsed.
 * Distinct files rotate (FILES of them, each with different content throughout).
 */
const FILES = 4;
async function scenarios(lang, n) {
  const files = Array.from({ length: FILES }, (_, k) => makeFile(lang, n, k * 7919));
  const out = {};
  for (const validate of [false, true]) {
    const tag = validate ? 'on' : 'off';
    out[`first-${tag}`] = await medianTime(async (i) => {
      const base = files[i % FILES];
      const cand = computeCandidate(base, ...marker(lang, 1000 + i, false));
      if (validate) await mustCheck(lang, base, cand, false);
    });
    let current = files[0];
    out[`next-${tag}`] = await medianTime(async (i) => {
      const base = current;
      const line = markerLine(lang, base);
      const cand = computeCandidate(base, line, line.replace(/\d+/, String(2000 + i)));
      if (validate) await mustCheck(lang, base, cand, false);
      current = cand;
    });
    out[`broken-next-${tag}`] = await medianTime(async (i) => {
      const base = current; // checked clean by the previous run or scenario
      const cand = computeCandidate(base, markerLine(lang, base), marker(lang, 3000 + i, true)[1]);
      if (validate) await mustCheck(lang, base, cand, true);
    });
    out[`broken-first-${tag}`] = await medianTime(async (i) => {
      const base = files[i % FILES] + `\n${lang === 'python' ? '#' : '//'} variant ${i}\n`;
      const cand = computeCandidate(base, ...marker(lang, 4000 + i, true));
      if (validate) await mustCheck(lang, base, cand, true);
    });
  }
  return out;
}

/** The current text of the marker line's statement (its value changes from edit to edit). */
function markerLine(lang, text) {
  const re = { c: /int total = \d+;/, typescript: /const total = \d+;/, python: /total = \d+/ }[lang];
  return re.exec(text)[0];
}

const cpu = (os.cpus()[0]?.model ?? 'unknown').trim();
console.log(`machine: ${os.cpus().length} CPUs (nproc), ${cpu}, node ${process.version}, ${os.platform()} ${os.release()}`);
console.log(`load average at start: ${os.loadavg().map((x) => x.toFixed(1)).join(', ')} (other processes share this machine; compare columns within a row, not across runs)`);
console.log(`runs per figure: ${RUNS} (median), 2 warm-up runs discarded\n`);

console.log('## Cold first call (fresh process: runtime start + grammar load + check of a 1k-line file)\n');
console.log('| language | first call ms (median of 5 processes) | second call ms |');
console.log('|---|---:|---:|');
for (const lang of LANGS) {
  const firsts = [];
  const seconds = [];
  for (let i = 0; i < 5; i++) {
    const out = JSON.parse(execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--cold', lang], { encoding: 'utf8' }));
    firsts.push(out.first);
    seconds.push(out.second);
  }
  console.log(`| ${lang} | ${median(firsts).toFixed(1)} | ${median(seconds).toFixed(2)} |`);
}

console.log('\n## Added time per edit, validation on vs off (same run, side by side)\n');
console.log('"off" = computing the candidate text of a one-line replace (unique-match check + splice); "on" = that + checkSyntax.');
console.log('first = first edit of a file (full parse); next = base is the previous candidate (incremental re-parse);');
console.log('broken-next = a broken edit on a checked base (candidate re-parsed from scratch because it has errors; base problems cached);');
console.log('broken-first = a broken edit of a never-checked file (candidate from scratch, then base incrementally).\n');
const rows = [];
for (const lang of LANGS) for (const n of SIZES) rows.push({ lang, n, r: await scenarios(lang, n) });
for (const measure of ['cpu', 'wall']) {
  console.log(measure === 'cpu' ? '### CPU time of this process (ms, median)\n' : '\n### Wall time (ms, median)\n');
  console.log('| language | lines | off | first: on (added, on/off) | next: on (added, on/off) | broken-next: on (added, on/off) | broken-first: on (added, on/off) |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const { lang, n, r } of rows) {
    const v = (k) => r[k][measure];
    const ratio = (k) => (v(`${k}-off`) > 0 ? `${Math.round(v(`${k}-on`) / v(`${k}-off`))}×` : 'n/a');
    const cell = (k) => `${v(`${k}-on`).toFixed(2)} (+${Math.max(0, v(`${k}-on`) - v(`${k}-off`)).toFixed(2)}, ${ratio(k)})`;
    console.log(`| ${lang} | ${n} | ${v('first-off').toFixed(3)} | ${cell('first')} | ${cell('next')} | ${cell('broken-next')} | ${cell('broken-first')} |`);
  }
}
console.log('\n## External validator (gcc -fsyntax-only), for scale\n');
console.log('| file | lines | median ms (candidate + base in parallel, base uncached) | median ms (base cached) |');
console.log('|---|---:|---:|---:|');
for (const n of [1000, 5000]) {
  const base = makeFile('c', n);
  const argv = ['gcc', '-fsyntax-only', '-x', 'c', '${file}'];
  const uncached = [];
  const cached = [];
  for (let i = 0; i < 7; i++) {
    const b = base + `\n// run ${i}\n`;
    const t0 = process.hrtime.bigint();
    await runExternalValidator({ languageId: 'c', argv, baseText: b, candidateText: computeCandidate(b, ...GOOD_EDIT.c), fileExtension: '.c' });
    uncached.push(ms(t0));
    const t1 = process.hrtime.bigint();
    await runExternalValidator({ languageId: 'c', argv, baseText: b, candidateText: computeCandidate(b, GOOD_EDIT.c[0], 'int total = 2;'), fileExtension: '.c' });
    cached.push(ms(t1));
  }
  console.log(`| C | ${n} | ${median(uncached).toFixed(1)} | ${median(cached).toFixed(1)} |`);
}
