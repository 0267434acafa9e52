#!/usr/bin/env node
// `npm start` (after `npm run build`): opens the extension, freshly built, in a real VS Code
// in the browser on a copy of demo/, with the Demo agent (scripts/demo-agent/) as the chat's
// model: a scripted model server on 127.0.0.1 that replays the incidents through Copilot's
// agent loop, no account needed.
// code-server listens on a Unix socket in a folder only this user can enter; the browser
// reaches it through a gate on 127.0.0.1 (start-gate.mjs) that wants the random token of the
// URL printed here: anyone else on the machine would otherwise get this user's editor and shell.
//
//   PORT=8080 npm start      (default 8080; another free port when it is taken)
//
// Everything it keeps lives under .vscode-test/ (git-ignored): the tools, a per-user profile
// (start/), and the demo copy (demo-workspace/, made once; delete it to start over).
// The pieces are exported so scripts/check-start.mjs runs exactly the same start.

import { spawnSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO_ROOT, ensureVSCode, node24Env, toolPaths } from '../test/runner/install-vscode.mjs';
import { QUIET_USER_SETTINGS, findFreePort, isPortFree, runCodeServerCli, startCodeServer, writeUserSettings } from '../test/runner/code-server.mjs';
import { isolatedEnv } from '../test/runner/run-dirs.mjs';
import { DEMO_MODEL, startDemoAgent } from './demo-agent/setup.mjs';
import { newToken, startGate } from './start-gate.mjs';

/** The files of the built extension that go into the package (no sources, no tests). */
const PACKAGED_ENTRIES = ['package.json', 'dist', 'media', 'README.md', 'LICENSE', 'CHANGELOG.md'];
/** The demo-only helper extension that `npm start` installs beside the product. */
const DEMO_SETUP_DIR = path.join(REPO_ROOT, 'scripts', 'demo-agent', 'extension');

/** `publisher.name` and version from package.json. */
export function extensionIdentity() {
  const manifest = JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8'));
  return { id: `${manifest.publisher}.${manifest.name}`.toLowerCase(), version: manifest.version };
}

/**
 * The persistent folders of `npm start`, all below the tools root (.vscode-test/).
 * HOME and the XDG folders point there too, so code-server never writes the user's own
 * ~/.config/code-server or ~/.local/share/code-server.
 */
export function startDirs() {
  const base = path.join(toolPaths().root, 'start');
  const home = path.join(base, 'home');
  return {
    base,
    home,
    tmp: path.join(base, 'tmp'),
    xdgConfig: path.join(home, '.config'),
    xdgCache: path.join(home, '.cache'),
    xdgData: path.join(home, '.local', 'share'),
    xdgState: path.join(home, '.local', 'state'),
    userDataDir: path.join(base, 'user-data'),
    extensionsDir: path.join(base, 'extensions'),
    packageDir: path.join(base, 'package'),
    demoWorkspace: path.join(toolPaths().root, 'demo-workspace'),
  };
}

/** Copies demo/ to the demo workspace unless that copy already exists. Returns its path. */
export function ensureDemoWorkspace(dirs = startDirs(), log = console.log) {
  if (existsSync(dirs.demoWorkspace)) {
    log(`[start] demo workspace: ${dirs.demoWorkspace} (existing copy; delete it to start over)`);
  } else {
    cpSync(path.join(REPO_ROOT, 'demo'), dirs.demoWorkspace, { recursive: true });
    log(`[start] demo workspace: copied demo/ to ${dirs.demoWorkspace}`);
  }
  return dirs.demoWorkspace;
}

/**
 * Packages the files `entries` of the extension in `from` as a .vsix, from a staging folder
 * below `into` that holds only those files (so a package never picks up src/, tests or the
 * 1.6 GB tools folder), with vsce --no-dependencies (the extensions are bundled or plain JS).
 * @returns {{ ok: true, vsix: string } | { ok: false, reason: string }}
 */
function packageFolder(from, entries, into, log) {
  const manifest = JSON.parse(readFileSync(path.join(from, 'package.json'), 'utf8'));
  const stage = path.join(into, 'stage');
  rmSync(into, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  for (const entry of entries) {
    const source = path.join(from, entry);
    if (existsSync(source)) cpSync(source, path.join(stage, entry), { recursive: true });
  }
  const vsix = path.join(into, `${manifest.publisher}.${manifest.name}-${manifest.version}.vsix`.toLowerCase());
  const vsce = path.join(REPO_ROOT, 'node_modules', '@vscode', 'vsce', 'vsce');
  const start = performance.now();
  // vsce 4 declares Node >= 22; the Node 24 installed for code-server satisfies that.
  const result = spawnSync(
    toolPaths().nodeBin,
    [vsce, 'package', '--no-dependencies', '--skip-license', '--allow-missing-repository', '--no-rewrite-relative-links', '--out', vsix],
    { cwd: stage, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
  );
  if (result.status !== 0 || !existsSync(vsix)) {
    return { ok: false, reason: `vsce package failed:\n${result.stdout}${result.stderr}` };
  }
  log(`[start] packaged ${vsix} in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  return { ok: true, vsix };
}

/**
 * Packages the built extension (package.json, dist/, media/, the docs it ships).
 * @returns {{ ok: true, vsix: string } | { ok: false, reason: string }}
 */
export function packageExtension(dirs = startDirs(), log = console.log) {
  if (!existsSync(path.join(REPO_ROOT, 'dist', 'extension.js'))) {
    return { ok: false, reason: 'dist/extension.js is missing: run `npm run build` first' };
  }
  return packageFolder(REPO_ROOT, PACKAGED_ENTRIES, path.join(dirs.packageDir, 'product'), log);
}

/**
 * Packages the start profile's helper that turns on the built-in Copilot Chat for the Demo
 * agent (scripts/demo-agent/extension; never part of the product's package).
 * @returns {{ ok: true, vsix: string } | { ok: false, reason: string }}
 */
export function packageDemoSetup(dirs = startDirs(), log = console.log) {
  return packageFolder(DEMO_SETUP_DIR, ['package.json', 'extension.js', 'README.md'], path.join(dirs.packageDir, 'demo-setup'), log);
}

/** Environment of the start server and its CLI calls. */
export function startEnv(dirs = startDirs()) {
  return node24Env(toolPaths(), isolatedEnv(dirs));
}

/**
 * Everything before the server starts: tools, package, install into the persistent
 * extensions dir (replacing an older build), demo copy, quiet user settings.
 * @returns {{ ok: true, dirs: ReturnType<typeof startDirs>, folder: string } | { ok: false, reason: string }}
 */
export function prepareStart({ log = console.log } = {}) {
  const setup = ensureVSCode({ log });
  if (!setup.ok) return setup;
  const dirs = startDirs();
  for (const dir of [dirs.home, dirs.tmp, dirs.xdgConfig, dirs.xdgCache, dirs.xdgData, dirs.xdgState]) {
    mkdirSync(dir, { recursive: true });
  }
  rmSync(dirs.packageDir, { recursive: true, force: true });
  const packaged = packageExtension(dirs, log);
  if (!packaged.ok) return packaged;
  const demoSetup = packageDemoSetup(dirs, log);
  if (!demoSetup.ok) return demoSetup;

  const start = performance.now();
  const installed = runCodeServerCli(['--force', '--install-extension', packaged.vsix, '--install-extension', demoSetup.vsix], { ...dirs, env: startEnv(dirs) });
  if (installed.status !== 0) {
    return { ok: false, reason: `code-server --install-extension failed:\n${installed.stdout}${installed.stderr}` };
  }
  log(`[start] installed ${extensionIdentity().id} and the demo setup into ${dirs.extensionsDir} in ${((performance.now() - start) / 1000).toFixed(1)} s`);
  if (!existsSync(path.join(dirs.userDataDir, 'User', 'settings.json'))) {
    // Only the first time: later the user's own changes to the settings are kept.
    writeUserSettings(dirs.userDataDir, QUIET_USER_SETTINGS);
  }
  return { ok: true, dirs, folder: ensureDemoWorkspace(dirs, log) };
}

/**
 * The port to listen on: $PORT (default 8080) when free, else a free one.
 * @param {string | undefined} requested
 */
export async function choosePort(requested = process.env.PORT, log = console.log) {
  const wanted = Number(requested ?? 8080);
  if (Number.isInteger(wanted) && wanted > 0 && wanted < 65536 && (await isPortFree(wanted))) return wanted;
  const port = await findFreePort();
  log(`[start] port ${requested ?? 8080} is not available; using ${port}`);
  return port;
}

/**
 * Starts code-server for the prepared start, with workspace trust off: the demo copy is ours,
 * so it must open without Restricted Mode and with execute_program usable. VS Code in the
 * browser keeps the list of trusted folders in the browser's own storage, which a server
 * cannot fill for the user's browser, so trusting just that folder is not possible; the
 * server is this profile's alone.
 * code-server itself has no password here (its only other choice is a login page to type a
 * password into): it listens on a Unix socket in a new folder of mode 700, and the gate on
 * 127.0.0.1:`port` lets through only the browser that opened the returned `url`, whose token
 * is new for every start.
 * @param {{ dirs: ReturnType<typeof startDirs>, folder: string, port: number, log?: (l: string) => void }} o
 * @returns {Promise<{ url: string, origin: string, socketPath: string, pid: number,
 *   exited: Promise<number | null>, stop: () => Promise<void> }>}
 */
export async function startServer({ dirs, folder, port, log = console.log }) {
  const socketDir = mkdtempSync(path.join(os.tmpdir(), 'ase-start-'));
  chmodSync(socketDir, 0o700);
  const socketPath = path.join(socketDir, 'code-server.sock');
  const removeSocketDir = () => rmSync(socketDir, { recursive: true, force: true });
  const server = await startCodeServer({
    userDataDir: dirs.userDataDir,
    extensionsDir: dirs.extensionsDir,
    env: startEnv(dirs),
    socketPath,
    folder,
    smokeTestDriver: false,
    disableWorkspaceTrust: true,
    logFile: path.join(dirs.base, 'code-server.log'),
  }).catch((error) => {
    removeSocketDir();
    throw error;
  });
  const gate = await startGate({ port, socketPath, token: newToken() }).catch(async (error) => {
    await server.stop();
    removeSocketDir();
    throw error;
  });
  const url = gate.urlFor(`/?${new URLSearchParams({ folder }).toString()}`);
  // scripts/check-start.mjs reads the pid to make sure the server is gone after a stop.
  log(`[start] code-server pid ${server.pid} on ${socketPath}, log: ${path.join(dirs.base, 'code-server.log')}`);
  const stop = async () => {
    await gate.close();
    await server.stop();
    removeSocketDir();
  };
  return { url, origin: gate.origin, socketPath, pid: server.pid, exited: server.exited, stop };
}

async function main() {
  const prepared = prepareStart();
  if (!prepared.ok) {
    console.error(`[start] FAILED: ${prepared.reason}`);
    return 1;
  }
  // Before code-server: the workbench reads the model list when it starts.
  const demo = await startDemoAgent(prepared.dirs.userDataDir);
  for (const problem of demo.problems) console.error(`[start] Demo agent: ${problem}`);
  const port = await choosePort();
  const server = await startServer({ ...prepared, port }).catch(async (error) => {
    await demo.close();
    throw error;
  });
  console.log('');
  console.log(`  Agent Safe Edit is running in VS Code (code-server, 127.0.0.1 only).`);
  console.log(`  Open: ${server.url}`);
  console.log('  (The URL carries this run\'s access token: the server refuses any request without it. Keep it to yourself.)');
  console.log(`  Demo agent: the chat's "${DEMO_MODEL.name}" model (${demo.origin}, scripted, no account) replays the incidents on any prompt in agent mode.`);
  console.log('  Press Ctrl-C to stop.');
  console.log('');
  let stopping = false;
  const stopOn = (signal) => process.once(signal, async () => {
    stopping = true;
    console.log(`\n[start] ${signal}: stopping code-server and the Demo agent`);
    await Promise.all([server.stop(), demo.close()]);
    process.exit(0);
  });
  stopOn('SIGINT');
  stopOn('SIGTERM');
  const code = await server.exited;
  if (stopping) return 0;
  // The model server would keep this process alive with nothing left to serve.
  await demo.close();
  console.error(`[start] code-server exited on its own with code ${code}`);
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exitCode = await main();
}
