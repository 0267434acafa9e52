// Bundles the extension (vscode external) and the headless engine, CLI and MCP stdio server (no vscode at all).
// `--watch` (development only): builds, then rebuilds each bundle as its sources change, and
// reports each round in lines the editor's watch task reads (.vscode/tasks.json).
import { build, context } from 'esbuild';
import { cpSync, mkdirSync, existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
if (production && watch) throw new Error('--watch is for development builds: drop --production');
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

/**
 * Reports the rounds of all watched bundles as one: "build started" when the first of them
 * starts, each error and warning on one line (file:line:column: text), "build finished" when
 * the last of them ends. The editor waits for the latter before it launches the extension.
 */
let activeBuilds = 0;
const watchReport = {
  name: 'watch-report',
  setup(b) {
    b.onStart(() => {
      if (activeBuilds++ === 0) console.log('[watch] build started');
    });
    b.onEnd((result) => {
      for (const [severity, messages] of [['error', result.errors], ['warning', result.warnings]]) {
        for (const { text, location } of messages) console.log(`[watch] ${severity}: ${location ? `${location.file}:${location.line}:${location.column + 1}: ` : ''}${text}`);
      }
      if (--activeBuilds === 0) console.log('[watch] build finished');
    });
  },
};

/** The bundles' watch contexts, started together once the static files are in place. */
const watched = [];

/** Builds one bundle; with --watch, prepares its context instead (see the end of this file). */
async function bundle(options) {
  if (watch) watched.push(await context({ ...options, plugins: [watchReport] }));
  else await build(options);
}

await bundle({ ...common, entryPoints: ['src/extension.ts'], outfile: 'dist/extension.js', external: ['vscode'] });
// The engine on a worker thread (src/engine/tools/off-thread.ts loads it beside the bundle that runs it): no externals, no vscode.
await bundle({ ...common, entryPoints: ['src/workers/engine-worker.ts'], outfile: 'dist/engine-worker.js' });
// The checkpoint worker (src/history/checkpoints/workerClient.ts loads it beside the bundle that runs it): Node only.
await bundle({ ...common, entryPoints: ['src/history/checkpoints/checkpoint-worker.ts'], outfile: 'dist/checkpoint-worker.js' });
// The headless bundles must never pull in vscode: marking nothing external makes esbuild fail if they try.
await bundle({ ...common, entryPoints: ['src/engine.ts'], outfile: 'dist/engine.js' });
// Test-only code the extension loads in test or development mode (the UI tests' scripted agent
// session): a bundle of its own, never built for a release and never packaged (.vscodeignore).
if (!production) await bundle({ ...common, entryPoints: ['test/ui-session/scripted-session.ts'], outfile: 'dist/test-hooks/scripted-session.js', external: ['vscode'] });
const { version } = JSON.parse(readFileSync('package.json', 'utf8'));
// The CLI (agent-safe-edit): dist/cli.js only dispatches (src/cli.ts): `setup` to dist/setup.js, `hook` to dist/hook.js, which
// agents run around every tool call and so stays small (when no window or server owns the folder's
// history it starts dist/owner.js, the background owner, and hands the events to it), everything else to the engine CLI dist/cli-main.js,
// whose `mcp` command loads dist/mcp-stdio.js beside it at run time.
await bundle({ ...common, entryPoints: ['src/cli.ts'], outfile: 'dist/cli.js', banner: { js: '#!/usr/bin/env node' } });
await bundle({ ...common, entryPoints: ['src/cli-main.ts'], outfile: 'dist/cli-main.js', define: { PACKAGE_VERSION: JSON.stringify(version) } });
await bundle({ ...common, entryPoints: ['src/hook.ts'], outfile: 'dist/hook.js' });
await bundle({ ...common, entryPoints: ['src/setup.ts'], outfile: 'dist/setup.js', define: { PACKAGE_VERSION: JSON.stringify(version) } });
await bundle({ ...common, entryPoints: ['src/owner.ts'], outfile: 'dist/owner.js' });
// The headless MCP server (agent-safe-edit-mcp): no externals either, so nothing it reaches may import vscode.
await bundle({ ...common, entryPoints: ['src/mcp-stdio.ts'], outfile: 'dist/mcp-stdio.js', banner: { js: '#!/usr/bin/env node' }, define: { PACKAGE_VERSION: JSON.stringify(version) } });
// The connection helper agents outside VS Code run (the extension copies it beside the user-only
// connection files): one file, no externals, no source map beside it (it is copied alone).
await bundle({ ...common, sourcemap: false, entryPoints: ['src/mcp-connect.ts'], outfile: 'dist/mcp-connect.js', define: { PACKAGE_VERSION: JSON.stringify(version) } });

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

// Together, so that their first builds form one round of the watch report.
if (watch) await Promise.all(watched.map((ctx) => ctx.watch()));
