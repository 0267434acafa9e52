// Compares the shared patch benchmark's per-case JSON (run.mjs --json) of two engines, side by
// side: outcome differences, total ms per tag and each large case, per case the fastest of the
// runs given. Usage: node bench/compare-bench-runs.mjs BASE.json[,BASE2.json] NEW.json[,NEW2.json]
import { readFileSync } from 'node:fs';

const [baseArg, newArg] = process.argv.slice(2);
if (!baseArg || !newArg) {
  console.error('usage: node bench/compare-bench-runs.mjs BASE.json[,…] NEW.json[,…]');
  process.exit(2);
}
const runs = (arg) => arg.split(',').map((f) => JSON.parse(readFileSync(f, 'utf8')).rows);
const fastest = (rs) => {
  const m = new Map();
  for (const run of rs) for (const r of run) m.set(r.id, Math.min(m.get(r.id) ?? Infinity, r.ms));
  return m;
};
const baseRuns = runs(baseArg);
const newRuns = runs(newArg);
const a = fastest(baseRuns);
const b = fastest(newRuns);
const outcome = new Map(newRuns[0].map((r) => [r.id, r.outcome]));
const differ = baseRuns[0].filter((r) => outcome.get(r.id) !== r.outcome).map((r) => `${r.id} ${r.tag}: ${r.outcome} -> ${outcome.get(r.id)}`);
console.log(`outcome differences: ${differ.length}`);
for (const d of differ) console.log(`  ${d}`);
const tags = new Map();
for (const r of baseRuns[0]) {
  const t = tags.get(r.tag) ?? { n: 0, a: 0, b: 0 };
  t.n++;
  t.a += a.get(r.id);
  t.b += b.get(r.id);
  tags.set(r.tag, t);
}
console.log('| tag | n | base ms | new ms | ratio |\n|---|---|---|---|---|');
for (const [tag, t] of tags) console.log(`| ${tag} | ${t.n} | ${t.a.toFixed(1)} | ${t.b.toFixed(1)} | ${(t.b / t.a).toFixed(2)} |`);
