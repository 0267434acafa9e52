// Per-run folders and environment, so a test run never reads or writes the user's own
// HOME, caches or VS Code profile, and two runs never see each other's state.

import { mkdirSync, mkdtempSync, realpathSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Creates a fresh per-run folder (under the system temp dir unless `base` is given) with
 * every sub-folder the server, browser and extension host write to.
 * The returned paths are realpaths (no symlinks), so paths the tests compare stay equal.
 * @param {{ prefix?: string, base?: string }} [options]
 */
export function createRunDirs({ prefix = 'ase-run-', base = os.tmpdir() } = {}) {
  mkdirSync(base, { recursive: true });
  const runDir = realpathSync(mkdtempSync(path.join(base, prefix)));
  const dirs = {
    runDir,
    home: path.join(runDir, 'home'),
    tmp: path.join(runDir, 'tmp'),
    xdgConfig: path.join(runDir, 'home', '.config'),
    xdgCache: path.join(runDir, 'home', '.cache'),
    xdgData: path.join(runDir, 'home', '.local', 'share'),
    xdgState: path.join(runDir, 'home', '.local', 'state'),
    userDataDir: path.join(runDir, 'user-data'),
    extensionsDir: path.join(runDir, 'extensions'),
    browserProfile: path.join(runDir, 'browser-profile'),
    workspace: path.join(runDir, 'workspace'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true });
  return dirs;
}

/**
 * Variables that must not leak from the caller into code-server: VS Code's own IPC hooks
 * (inside a VS Code terminal code-server would forward the request to that instance),
 * code-server's overrides (PORT replaces --bind-addr's port; PASSWORD etc. change auth),
 * and Node options meant for the caller's Node, not Node 24.
 */
const LEAKY_VARIABLE = /^(VSCODE_|ELECTRON_|CODE_SERVER_|CS_DISABLE_)|^(PORT|PASSWORD|HASHED_PASSWORD|GITHUB_TOKEN|NODE_OPTIONS)$/;

/**
 * The caller's environment with HOME, TMPDIR and the XDG folders pointed into the run,
 * leaky variables removed and `extra` added last (extra wins).
 * @param {{ home: string, tmp: string, xdgConfig: string, xdgCache: string, xdgData: string, xdgState: string }} dirs
 * @param {Record<string, string>} [extra]
 * @returns {Record<string, string>}
 */
export function isolatedEnv(dirs, extra = {}) {
  /** @type {Record<string, string>} */
  const env = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value !== undefined && !LEAKY_VARIABLE.test(key)) env[key] = value;
  }
  return {
    ...env,
    HOME: dirs.home,
    TMPDIR: dirs.tmp,
    XDG_CONFIG_HOME: dirs.xdgConfig,
    XDG_CACHE_HOME: dirs.xdgCache,
    XDG_DATA_HOME: dirs.xdgData,
    XDG_STATE_HOME: dirs.xdgState,
    // code-server otherwise asks open-vsx.org for extensions; this machine has no internet.
    EXTENSIONS_GALLERY: '{}',
    ...extra,
  };
}

/** Removes a run folder; never throws (a leftover temp folder is not worth failing a run). */
export function removeRunDir(runDir) {
  try {
    rmSync(runDir, { recursive: true, force: true, maxRetries: 3 });
  } catch (error) {
    console.error(`[run] could not remove ${runDir}: ${error.message}`);
  }
}
