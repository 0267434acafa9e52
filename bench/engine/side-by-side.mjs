// Two builds of the engine on the shared patch benchmark's corpus, in one process, side by
// side: every case is applied by each engine in turn, ROUNDS times, alternating which goes
// first, and per case the fastest call of each counts (a loaded machine only ever adds time).
// Prints, per tag and for each large case, the summed per-case minima and their ratio, and the
// cases whose answers differ (their texts or ok/refused), which must be none for a change meant
// to keep the outcomes.
//
// Usage (corpus from `node ../shared/bench/gen.mjs` with the same BENCH_CACHE):
//   BENCH_CACHE=/tmp/bench-cache node bench/engine/side-by-side.mjs BASE/dist/engine.js dist/engine.js [ROUNDS]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const [basePath, newPath, roundsArg] = process.argv.slice(2);
if (!basePath || !newPath) {
  console.error('usage: node bench/engine/side-by-side.mjs BASE_ENGINE.js NEW_ENGINE.js [ROUNDS]');
  process.exit(2);
}
const rounds = Number(roundsArg ?? 20);
const corpus = join(process.env.BENCH_CACHE ?? '/tmp/bench-cache', 'corpus');
const engines = [require(resolve(basePath)), require(resolve(newPath))];
const cases = readFileSync(join(corpus, 'cases.jsonl'), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
const blobs = new Map();
const blob = (h) => (blobs.has(h) ? blobs.get(h) : blobs.set(h, readFileSync(join(corpus, 'blobs', h), 'utf8')).get(h));

const call = (e, c, base) => (c.kind === 'udiff' ? e.applyUnifiedDiff(base, c.patch) : e.applySearchReplace(base, c.old, c.new));
const answer = (r) => (r.ok ? `ok:${r.text}` : `refused:${r.error?.type}`);

const best = cases.map(() => [Infinity, Infinity]);
const differ = new Set();
for (let round = 0; round < rounds; round++) {
  cases.forEach((c, i) => {
    const base = blob(c.base);
    const order = (round + i) % 2 ? [1, 0] : [0, 1];
    const answers = [];
    for (const k of order) {
      const t = process.hrtime.bigint();
      const r = call(engines[k], c, base);
      const ms = Number(process.hrtime.bigint() - t) / 1e6;
      best[i][k] = Math.min(best[i][k], ms);
      answers[k] = answer(r);
    }
    if (answers[0] !== answers[1]) differ.add(c.id);
  });
}

console.log(`${cases.length} cases, ${rounds} rounds, node ${process.version}`);
console.log(`answers differing: ${differ.size}${differ.size ? ` (${[...differ].join(', ')})` : ''}`);
const tags = new Map();
cases.forEach((c, i) => {
  const t = tags.get(c.tag) ?? { n: 0, a: 0, b: 0 };
  t.n++;
  t.a += best[i][0];
  t.b += best[i][1];
  tags.set(c.tag, t);
});
let all = { n: 0, a: 0, b: 0 };
console.log('| tag | n | base ms | new ms | ratio |\n|---|---|---|---|---|');
for (const [tag, t] of tags) {
  all = { n: all.n + t.n, a: all.a + t.a, b: all.b + t.b };
  console.log(`| ${tag} | ${t.n} | ${t.a.toFixed(2)} | ${t.b.toFixed(2)} | ${(t.b / t.a).toFixed(2)} |`);
}
console.log(`| ALL | ${all.n} | ${all.a.toFixed(2)} | ${all.b.toFixed(2)} | ${(all.b / all.a).toFixed(2)} |`);
