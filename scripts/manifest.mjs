// Writes package.json's generated sections (tools, settings, commands, menus, views) from
// src/core/catalog/. The catalog is TypeScript: bundle its manifest module and evaluate it.
// `--check` only reports whether package.json is up to date (exit 1 when not).
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'node:fs';

const bundled = await build({ entryPoints: ['src/core/catalog/manifest.ts'], bundle: true, platform: 'node', format: 'cjs', target: 'node20', write: false, logLevel: 'warning' });
const mod = { exports: {} };
new Function('module', 'exports', bundled.outputFiles[0].text)(mod, mod.exports);

const pkgPath = new URL('../package.json', import.meta.url);
const before = readFileSync(pkgPath, 'utf8');
const after = mod.exports.withManifestSections(before);
if (process.argv.includes('--check')) {
  if (after !== before) {
    console.error('package.json differs from the catalog: run npm run manifest');
    process.exit(1);
  }
  console.log('package.json matches the catalog');
} else {
  writeFileSync(pkgPath, after);
  console.log(after === before ? 'package.json already matches the catalog' : 'wrote the catalog into package.json');
}
