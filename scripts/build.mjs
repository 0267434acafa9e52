// Bundles the extension (vscode external) and the headless engine, CLI and MCP stdio server (no vscode at all).
import { build } from 'esbuild';
import { cpSync, mkdirSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const production = process.argv.includes('--production');
const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  // Prefer ESM builds: jsonc-parser's UMD build hides its requires from the bundler.
  mainFields: ['module', 'main'],
};

await build({ ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] });
// The engine on a worker thread (src/tools/off-thread.ts loads it beside the extension's bundle): no externals, no vscode.
await build({ ...common, entryPoints: ['src/workers/engine-worker.ts'], outfile: 'dist/engine-worker.js' });
// The headless bundles must never pull in vscode: marking nothing external makes esbuild fail if they try.
await build({ ...common, entryPoints: ['src/engine.ts'], outfile: 'dist/engine.js' });
// Test-only code the extension loads in test or development mode (the UI tests' scripted agent
// session): a bundle of its own, never built for a release and never packaged (.vscodeignore).
if (!production) await build({ ...common, entryPoints: ['test/ui-session/scripted-session.ts'], outfile: 'dist/test-hooks/scripted-session.js', external: ['vscode'] });
await build({ ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } });
// The headless MCP server (agent-safe-edit-mcp): no externals either, so nothing it reaches may import vscode.
const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
await build({ ...common, entryPoints: ['src/mcp-stdio.ts'], outfile: 'dist/mcp-stdio.js', banner: { js: '#!/usr/bin/env node' }, define: { PACKAGE_VERSION: JSON.stringify(version) } });

// Tree-sitter grammars are loaded lazily from disk at run time, so they ship as files beside
// the bundle. The list lives in src/validate/wasm-files.ts (one source): evaluate that module.
const listing = await build({ ...common, sourcemap: false, minify: false, entryPoints: ['src/validate/wasm-files.ts'], write: false });
const mod = { exports: {} };
new Function('module', 'exports', 'require', '__dirname', listing.outputFiles[0].text)(mod, mod.exports, createRequire(import.meta.url), process.cwd());
mkdirSync('dist/wasm', { recursive: true });
for (const rel of mod.exports.VALIDATION_WASM_FILES) {
  const from = `node_modules/${rel}`;
  if (!existsSync(from)) throw new Error(`missing ${from}: run npm ci`);
  cpSync(from, `dist/wasm/${rel.split('/').pop()}`);
}

// The dashboard webview's icons: the .vsix is packaged without node_modules, so they ship here.
mkdirSync('dist/codicons', { recursive: true });
for (const f of ['codicon.css', 'codicon.ttf']) cpSync(`node_modules/@vscode/codicons/dist/${f}`, `dist/codicons/${f}`);
