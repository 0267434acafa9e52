// Protected-path check benchmark: the time isSensitivePath takes over the argument shapes
// execute_program checks (1,024 short arguments, two of 100,000 characters) and ordinary
// workspace paths, for this checkout's glob list and matcher beside a baseline git revision's
// (default: main), measured side by side in one process, rounds interleaved.
//
// Run:  npx tsc -p tsconfig.test.json && node bench/sensitive/protected-paths.mjs [BASELINE_REF]
// The baseline's three modules (core/sensitive/{glob,is-sensitive,default-globs}.ts) are read
// with `git show` and bundled with esbuild into a temporary folder. Writes nothing else.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';

const require = createRequire(import.meta.url);
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const baselineRef = process.argv[2] ?? 'main';
const ROUNDS = Number(process.env.BENCH_RUNS ?? 9);

/** The baseline's isSensitivePath and default list, bundled from `git show REF:…`. */
function loadBaseline(ref) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'ase-bench-sensitive-'));
  try {
    mkdirSync(path.join(dir, 'sensitive'));
    for (const name of ['glob', 'is-sensitive', 'default-globs']) {
      const text = execFileSync('git', ['show', `${ref}:src/core/sensitive/${name}.ts`], { cwd: root, encoding: 'utf8' });
      writeFileSync(path.join(dir, 'sensitive', `${name}.ts`), text);
    }
    writeFileSync(
      path.join(dir, 'entry.ts'),
      "export { isSensitivePath } from './sensitive/is-sensitive';\nexport { DEFAULT_SENSITIVE_GLOBS } from './sensitive/default-globs';\n",
    );
    buildSync({ entryPoints: [path.join(dir, 'entry.ts')], bundle: true, platform: 'node', format: 'cjs', outfile: path.join(dir, 'baseline.js'), logLevel: 'silent' });
    return require(path.join(dir, 'baseline.js'));
  } finally {
    process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
  }
}

const current = {
  ...require(path.join(root, 'out/src/core/sensitive/is-sensitive.js')),
  ...require(path.join(root, 'out/src/core/sensitive/default-globs.js')),
};
const baseline = loadBaseline(baselineRef);

const workspacePaths = Array.from({ length: 2000 }, (_, i) => `packages/pkg${i % 40}/src/module${i}/file${i}.${['ts', 'json', 'md', 'lock', 'yaml'][i % 5]}`);
const SETS = {
  'execute_program: 1,024 arguments "sh"': Array.from({ length: 1024 }, () => 'sh'),
  'execute_program: 2 arguments of 100,000 characters': [`-${'c'.repeat(100_000)}`, '='.repeat(100_000)],
  '2,000 workspace paths (5 levels)': workspacePaths,
};

function time(impl, inputs) {
  const start = process.hrtime.bigint();
  let hits = 0;
  for (const p of inputs) if (impl.isSensitivePath(p).sensitive) hits++;
  return { ms: Number(process.hrtime.bigint() - start) / 1e6, hits };
}
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

console.log(
  `node ${process.version}, ${os.cpus().length} cores, load ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(
      ' ',
    )}; baseline ${baselineRef} (${baseline.DEFAULT_SENSITIVE_GLOBS.length} globs) vs this checkout (${current.DEFAULT_SENSITIVE_GLOBS.length} globs); median of ${ROUNDS} interleaved rounds`,
);
console.log('');
console.log(`| inputs | ${baselineRef} ms | this checkout ms | ratio |`);
console.log('|---|---|---|---|');
for (const [label, inputs] of Object.entries(SETS)) {
  time(baseline, inputs);
  time(current, inputs);
  const b = [];
  const c = [];
  for (let r = 0; r < ROUNDS; r++) {
    b.push(time(baseline, inputs).ms);
    c.push(time(current, inputs).ms);
  }
  const [mb, mc] = [median(b), median(c)];
  console.log(`| ${label} | ${mb.toFixed(1)} | ${mc.toFixed(1)} | ${(mc / mb).toFixed(2)} |`);
}
