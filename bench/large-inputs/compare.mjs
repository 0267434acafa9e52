#!/usr/bin/env node
// Same answers as another build: runs the fuzz's engine cases (test/fuzz/generate.ts: unified
// diffs, search/replace, apply_patch, multi-file unified diffs, replace_in_file edits) through
// this build's dist/engine.js and a baseline's, and counts the cases whose result JSON differs.
// The many-hunks and many-edits shapes over --max-chars (default 400,000) are skipped: the
// baseline takes minutes on them.
//
//   npm run build && npm run compile-tests && node bench/large-inputs/compare.mjs --baseline PATH/engine.js [--cases N] [--seed S]
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { resolve } from 'node:path';

const require = createRequire(import.meta.url);
const args = process.argv.slice(2);
const opt = (name, dflt) => (args.includes(name) ? args[args.indexOf(name) + 1] : dflt);
const cases = Number(opt('--cases', 20000));
const seed = Number(opt('--seed', 20261124));
const maxChars = Number(opt('--max-chars', 400_000));
const ours = require(resolve('dist/engine.js'));
const base = require(resolve(opt('--baseline', '')));
const { makeCase } = require(resolve('out/test/fuzz/generate.js'));

const digest = (r) => createHash('sha256').update(JSON.stringify(r)).digest('hex');
const run = (e, c) => {
  const files = new Map(c.files ?? []);
  const read = (p) => files.get(p);
  switch (c.kind) {
    case 'unified_diff':
      return e.applyUnifiedDiff(c.base, c.patch, { fuzzy: c.fuzzy, noFastPath: c.noFastPath });
    case 'search_replace':
      return e.applySearchReplace(c.base, c.oldText, c.newText, { expectedReplacements: c.expected, noFastPath: c.noFastPath });
    case 'apply_patch':
      return e.planApplyPatch(c.patch, read);
    case 'multi_unified':
      return e.planPatchFiles(c.patch, read, 'unified');
    case 'replace_edits':
    case 'many_edits':
      return e.planReplaceEdits(c.edits, read);
    case 'many_hunks': {
      const one = (p) => (p === 'big.txt' ? c.base : undefined);
      if (c.entry === 'single') return e.applyUnifiedDiff(c.base, c.patch);
      return c.entry === 'multi' ? e.planPatchFiles(c.patch, one, 'unified') : e.planApplyPatch(c.patch, one);
    }
    default:
      return undefined;
  }
};

const kinds = {};
let differ = 0;
for (let i = 0; i < cases; i++) {
  const c = makeCase(seed, i);
  // the baseline is quadratic in hunks and edits: the largest shapes are left to the fuzz
  const size = (c.base?.length ?? 0) + (c.patch?.length ?? 0) + (c.files ?? []).reduce((n, f) => n + f[1].length, 0);
  if ((c.kind === 'many_hunks' || c.kind === 'many_edits') && size > maxChars) continue;
  const a = run(base, c);
  if (a === undefined) continue;
  const b = run(ours, c);
  const k = (kinds[c.kind] ??= { cases: 0, differ: 0 });
  k.cases++;
  if (digest(a) !== digest(b)) {
    k.differ++;
    differ++;
    if (differ <= 10) console.log(`differs: seed ${seed} case ${i} (${c.kind})\n  baseline: ${JSON.stringify(a).slice(0, 300)}\n  this:     ${JSON.stringify(b).slice(0, 300)}`);
  }
}
console.log(JSON.stringify(kinds));
console.log(`${differ} case(s) answered differently`);
process.exit(differ ? 1 : 0);
