/**
 * The fuzz run on demand (the `npm test` run is 10,000 cases):
 *   npm run fuzz -- [--cases N] [--seed S] [--deadline-ms MS] [--workers W]
 *   npm run fuzz -- --seed S --only I      print case I of seed S and run it in this thread
 * Prints the report and exits 1 when any case hung or threw.
 */
import { runFuzz } from './pool';
import { makeCase } from './generate';
import { runCase } from './run-case';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? Number(process.argv[i + 1]) : fallback;
}

async function main(): Promise<number> {
  const seed = arg('seed', 20261124);
  const only = arg('only', -1);
  if (only >= 0) {
    const c = makeCase(seed, only);
    console.log(JSON.stringify(c, (_k, v) => (typeof v === 'string' && v.length > 400 ? `${v.slice(0, 400)}… (${v.length} chars)` : v), 2));
    console.log('outcome:', runCase(c));
    return 0;
  }
  const cases = arg('cases', 100_000);
  const r = await runFuzz({ seed, cases, deadlineMs: arg('deadline-ms', 10_000), workers: arg('workers', 2) });
  const round = (ms: number) => Math.round(ms * 10) / 10;
  console.log(`seed ${seed}: ${r.ran} cases in ${(r.wallMs / 1000).toFixed(1)} s on ${arg('workers', 2)} workers`);
  console.log(`hangs: ${r.hangs.length}  throws: ${r.throws.length}`);
  for (const h of r.hangs) console.log(`  hang  #${h.index} ${h.kind}`);
  for (const t of r.throws) console.log(`  threw #${t.index} ${t.kind}: ${t.error}`);
  console.log('slowest finished case per kind (ms):', Object.fromEntries(Object.entries(r.maxMsByKind).map(([k, v]) => [k, round(v)])));
  console.log('slowest cases:', r.slowest.map((s) => `#${s.index} ${s.kind} ${round(s.ms)} ms`).join(', '));
  return r.hangs.length || r.throws.length ? 1 : 0;
}

main().then((code) => process.exit(code));
