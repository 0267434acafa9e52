#!/usr/bin/env node
// Installs what the integration tests and `npm start` need to run the extension in a real
// VS Code on a machine without a desktop VS Code and without internet (only the npm registry
// and Debian's packages):
//   - Node 24 from the npm registry (code-server's postinstall refuses any other Node),
//   - code-server (VS Code server + web workbench) built against Node 24's headers,
//   - Debian's chromium (to drive the workbench) and libkrb5-dev (for code-server's kerberos addon).
// Everything goes into `.vscode-test/` at the repo root (git-ignored), or ASE_VSCODE_TEST_DIR.
// A marker file per version makes a second run a no-op.
//
// Usage: node test/runner/install-vscode.mjs      (or import { ensureVSCode } from it)

import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { withoutOuterNpm } from './npm-env.mjs';

export const NODE_VERSION = '24.21.0';
export const CODE_SERVER_VERSION = '4.139.1';
export const DEBIAN_PACKAGES = ['chromium', 'libkrb5-dev'];
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Absolute path of the repository root (two levels above this file). */
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Where the tools live: ASE_VSCODE_TEST_DIR when set (resolved against the cwd), else
 * `<repo>/.vscode-test`. Every path the harness uses is derived from this one folder.
 * @returns {{ root: string, toolsDir: string, nodeDir: string, nodeHome: string, nodeBin: string,
 *   codeServerDir: string, codeServerEntry: string, nodeMarker: string, codeServerMarker: string }}
 */
export function toolPaths(root = process.env.ASE_VSCODE_TEST_DIR
  ? path.resolve(process.env.ASE_VSCODE_TEST_DIR)
  : path.join(REPO_ROOT, '.vscode-test')) {
  const toolsDir = path.join(root, 'tools');
  const nodeDir = path.join(toolsDir, `node-${NODE_VERSION}`);
  // The `node` npm package installs the real binary as a platform package below itself.
  const nodeHome = path.join(nodeDir, 'node_modules', 'node', 'node_modules', `node-linux-${archName()}`);
  const codeServerDir = path.join(toolsDir, `code-server-${CODE_SERVER_VERSION}`);
  return {
    root,
    toolsDir,
    nodeDir,
    nodeHome,
    nodeBin: path.join(nodeHome, 'bin', 'node'),
    codeServerDir,
    codeServerEntry: path.join(codeServerDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js'),
    nodeMarker: path.join(nodeDir, '.installed'),
    codeServerMarker: path.join(codeServerDir, '.installed'),
  };
}

/** npm's platform-package suffix for this CPU (x64, arm64). */
function archName() {
  return process.arch === 'x64' ? 'x64' : process.arch;
}

/** Seconds since `start` (a performance.now() value), one decimal. */
function secondsSince(start) {
  return ((performance.now() - start) / 1000).toFixed(1);
}

/**
 * Runs a command with inherited stdio. Returns true on exit code 0; never throws for a
 * failed command (the caller decides what a failure means).
 */
function run(cmd, args, options = {}) {
  const result = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (result.error) {
    console.error(`[install] could not start ${cmd}: ${result.error.message}`);
    return false;
  }
  return result.status === 0;
}

/** Debian packages from `wanted` that dpkg does not report as installed. */
export function missingDebianPackages(wanted = DEBIAN_PACKAGES) {
  return wanted.filter((pkg) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
    return r.status !== 0 || !r.stdout.includes('install ok installed');
  });
}

/**
 * Makes sure the Debian packages are installed. As root it runs apt-get update (once per
 * process) and apt-get install; otherwise it prints the command to run and returns false.
 * @returns {boolean} true when every package is installed afterwards.
 */
export function ensureDebianPackages(wanted = DEBIAN_PACKAGES, log = console.log) {
  const missing = missingDebianPackages(wanted);
  if (missing.length === 0) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    console.error(`[install] missing Debian packages: ${missing.join(' ')}`);
    console.error(`[install] install them with: sudo apt-get update && sudo apt-get install -y ${missing.join(' ')}`);
    return false;
  }
  const start = performance.now();
  log(`[install] apt-get install ${missing.join(' ')}`);
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  if (!run('apt-get', ['update', '-qq'], { env })) return false;
  if (!run('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { env })) return false;
  log(`[install] Debian packages installed in ${secondsSince(start)} s`);
  return missingDebianPackages(wanted).length === 0;
}

/** Writes a minimal private package.json so `npm install` in a tools folder stays local. */
function prepareToolFolder(dir, name) {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify({ name, private: true }, null, 2));
}

/**
 * Installs Node from the npm registry into the tools folder, unless the marker exists.
 * @returns {boolean} true when Node 24 is usable afterwards.
 */
export function installNode24(paths = toolPaths(), log = console.log) {
  if (existsSync(paths.nodeMarker) && existsSync(paths.nodeBin)) {
    log(`[install] Node ${NODE_VERSION}: already installed (${paths.nodeBin})`);
    return true;
  }
  const start = performance.now();
  log(`[install] Node ${NODE_VERSION} from the npm registry into ${paths.nodeDir}`);
  prepareToolFolder(paths.nodeDir, 'ase-node24');
  // Under `npm start`/`npm test` the outer npm's variables would describe the wrong npm.
  const ok = run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `node@${NODE_VERSION}`], {
    cwd: paths.nodeDir,
    env: withoutOuterNpm(process.env),
  });
  if (!ok || !existsSync(paths.nodeBin)) {
    console.error(`[install] Node ${NODE_VERSION} install failed (expected ${paths.nodeBin})`);
    return false;
  }
  writeFileSync(paths.nodeMarker, `${NODE_VERSION}\n`);
  log(`[install] Node ${NODE_VERSION} installed in ${secondsSince(start)} s`);
  return true;
}

/**
 * Environment in which code-server is installed and run: Node 24 first on PATH, and
 * node-gyp pointed at Node 24's headers so native addons match the runtime. The variables
 * an outer npm lifecycle script exported about itself are dropped (npm-env.mjs): inherited,
 * its `npm_config_user_agent` says Node 20 and code-server's postinstall refuses to install.
 * @param {ReturnType<typeof toolPaths>} [paths]
 * @param {Record<string, string | undefined>} [base]
 * @returns {Record<string, string>}
 */
export function node24Env(paths = toolPaths(), base = process.env) {
  return withoutOuterNpm(base, {
    PATH: `${path.dirname(paths.nodeBin)}${path.delimiter}${base.PATH ?? ''}`,
    npm_config_nodedir: paths.nodeHome,
  });
}

/**
 * Installs code-server with Node 24, unless the marker exists.
 * @returns {boolean} true when code-server's entry script exists afterwards.
 */
export function installCodeServer(paths = toolPaths(), log = console.log) {
  if (existsSync(paths.codeServerMarker) && existsSync(paths.codeServerEntry)) {
    log(`[install] code-server ${CODE_SERVER_VERSION}: already installed`);
    return true;
  }
  const start = performance.now();
  log(`[install] code-server ${CODE_SERVER_VERSION} into ${paths.codeServerDir} (builds native addons; takes a few minutes)`);
  prepareToolFolder(paths.codeServerDir, 'ase-code-server');
  const ok = run('npm', ['install', '--no-audit', '--no-fund', '--loglevel=error', `code-server@${CODE_SERVER_VERSION}`], {
    cwd: paths.codeServerDir,
    env: node24Env(paths),
  });
  if (!ok || !existsSync(paths.codeServerEntry)) {
    console.error(`[install] code-server install failed (expected ${paths.codeServerEntry})`);
    return false;
  }
  writeFileSync(paths.codeServerMarker, `${CODE_SERVER_VERSION}\n`);
  log(`[install] code-server ${CODE_SERVER_VERSION} installed in ${secondsSince(start)} s`);
  return true;
}

/**
 * Installs everything (Debian packages, Node 24, code-server) as needed.
 * @returns {{ ok: true, paths: ReturnType<typeof toolPaths> } | { ok: false, reason: string }}
 */
export function ensureVSCode({ log = console.log } = {}) {
  const start = performance.now();
  const paths = toolPaths();
  if (!ensureDebianPackages(DEBIAN_PACKAGES, log)) return { ok: false, reason: 'Debian packages missing' };
  if (!installNode24(paths, log)) return { ok: false, reason: `Node ${NODE_VERSION} install failed` };
  if (!installCodeServer(paths, log)) return { ok: false, reason: `code-server ${CODE_SERVER_VERSION} install failed` };
  log(`[install] ready in ${secondsSince(start)} s (tools in ${paths.toolsDir})`);
  return { ok: true, paths };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const result = ensureVSCode();
  if (!result.ok) {
    console.error(`[install] FAILED: ${result.reason}`);
    process.exit(1);
  }
}
