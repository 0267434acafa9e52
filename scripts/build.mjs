// Bundles the extension (vscode external) and the headless engine + CLI (no vscode at all).
import { build } from 'esbuild';
import { cpSync, mkdirSync, existsSync } from 'node:fs';

const production = process.argv.includes('--production');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
};

await build({ ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] });
// The headless bundles must never pull in vscode: marking nothing external makes esbuild fail if they try.
await build({ ...common, entryPoints: ['src/engine.ts'], outfile: 'dist/engine.js' });
await build({ ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } });

// Tree-sitter grammars are loaded lazily from disk at run time, so they ship as files beside the bundle.
mkdirSync('dist/wasm', { recursive: true });
const wasmSources = [
  'node_modules/web-tree-sitter/web-tree-sitter.wasm',
];
for (const f of wasmSources) if (existsSync(f)) cpSync(f, `dist/wasm/${f.split('/').pop()}`);
