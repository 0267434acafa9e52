// Writes package.json's generated sections (tools, settings, commands, menus, views) and
// README.md's generated parts (the failure types, the settings table) from src/core/catalog/.
// The catalog is TypeScript: bundle each module and evaluate it.
// `--check` only reports whether both files are up to date (exit 1 when not).
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';

/** The exports of a catalog module, bundled to CommonJS in memory. */
async function catalogModule(entry) {
  const bundled = await build({ entryPoints: [entry], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, logLevel: 'warning' });
  const mod = { exports: {} };
  new Function('module', 'exports', bundled.outputFiles[0].text)(mod, mod.exports);
  return mod.exports;
}

const { withManifestSections } = await catalogModule('src/core/catalog/manifest.ts');
const { withReadmeSections } = await catalogModule('src/core/catalog/readme.ts');
const targets = [
  { name: 'package.json', url: new URL('../package.json', import.meta.url), generate: withManifestSections },
  { name: 'README.md', url: new URL('../README.md', import.meta.url), generate: withReadmeSections },
];

const check = process.argv.includes('--check');
let stale = false;
for (const { name, url, generate } of targets) {
  const before = readFileSync(url, 'utf8');
  const after = generate(before);
  if (check) {
    if (after !== before) {
      console.error(`${name} differs from the catalog: run npm run manifest`);
      stale = true;
    } else {
      console.log(`${name} matches the catalog`);
    }
  } else {
    if (after !== before) writeFileSync(url, after);
    console.log(after === before ? `${name} already matches the catalog` : `wrote the catalog into ${name}`);
  }
}
if (stale) process.exit(1);
