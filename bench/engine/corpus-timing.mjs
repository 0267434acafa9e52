#!/usr/bin/env node
// Quick in-process timing over the bench corpus: our engine vs jsdiff (both warm), per-case
// medians of R repeats, then the median over cases. For tuning; the official figures come
// from ../shared/bench/run.mjs (see bench/results/engine.md).
//   node bench/engine/corpus-timing.mjs [--repeat 5] [--kind udiff|sr]
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const opt = (k, d) => (args.includes(k) ? args[args.indexOf(k) + 1] : d);
const R = Number(opt('--repeat', 5));
const kind = opt('--kind', null);
const cache = process.env.BENCH_CACHE || '/tmp/bench-cache';
const corpus = join(cache, 'corpus');
const engine = require(join(process.cwd(), 'dist/engine.js'));
const jsdiff = require(join(process.cwd(), '../shared/bench/node_modules/diff'));
const cases = readFileSync(join(corpus, 'cases.jsonl'), 'utf8').trim().split('\n').map((l) => JSON.parse(l)).filter((c) => !c.large && (!kind || c.kind === kind));
const blob = (h) => readFileSync(join(corpus, 'blobs', h), 'utf8');
const med = (a) => { const s = [...a].sort((x, y) => x - y); return s[Math.floor(s.length / 2)]; };
const runners = {
  ours: (c, b) => (c.kind === 'udiff' ? engine.applyUnifiedDiff(b, c.patch) : engine.applySearchReplace(b, c.old, c.new)),
  jsdiff: (c, b) => {
    if (c.kind === 'udiff') return jsdiff.applyPatch(b, c.patch, { fuzzFactor: 0 });
    const i = b.indexOf(c.old);
    return i < 0 || b.indexOf(c.old, i + 1) >= 0 ? false : b.slice(0, i) + c.new + b.slice(i + c.old.length);
  },
};
const texts = cases.map((c) => blob(c.base));
for (const fn of Object.values(runners)) for (let i = 0; i < cases.length; i++) { try { fn(cases[i], texts[i]); } catch {} }
const per = { ours: [], jsdiff: [] };
for (let i = 0; i < cases.length; i++) {
  for (const [name, fn] of Object.entries(runners)) {
    const t = [];
    for (let r = 0; r < R; r++) {
      const t0 = process.hrtime.bigint();
      try { fn(cases[i], texts[i]); } catch {}
      t.push(Number(process.hrtime.bigint() - t0) / 1e6);
    }
    per[name].push(med(t));
  }
}
const slow = per.ours.map((t, i) => [t, cases[i].id, cases[i].tag]).sort((a, b) => b[0] - a[0]).slice(0, 8);
console.log(`cases ${cases.length}: median ours ${med(per.ours).toFixed(3)} ms, jsdiff ${med(per.jsdiff).toFixed(3)} ms, ratio ${(med(per.ours) / med(per.jsdiff)).toFixed(2)}`);
console.log('slowest (ours):', slow.map(([t, id, tag]) => `${id} ${tag} ${t.toFixed(2)}ms`).join('; '));
