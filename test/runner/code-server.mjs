// Starts and stops code-server (VS Code server + web workbench) under Node 24, bound to
// 127.0.0.1 only (or to a Unix socket), with everything it writes kept in folders the caller chose.

import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream, mkdirSync, writeFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import { toolPaths } from './install-vscode.mjs';

/** Settings that keep a throwaway profile quiet: no welcome page, no update or telemetry traffic. */
export const QUIET_USER_SETTINGS = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
  'git.autoRepositoryDetection': false,
};

/**
 * Asks the OS for a free TCP port on 127.0.0.1. The port is released before returning, so
 * another process could take it in between; callers treat a failed start as retryable.
 * @returns {Promise<number>}
 */
export function findFreePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = /** @type {net.AddressInfo} */ (server.address());
      server.close(() => resolve(port));
    });
  });
}

/**
 * True when nothing listens on 127.0.0.1:port and we may bind it.
 * @param {number} port
 */
export function isPortFree(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/**
 * Writes `<userDataDir>/User/settings.json` (code-server keeps user settings on the server).
 * @param {string} userDataDir
 * @param {Record<string, unknown>} settings
 */
export function writeUserSettings(userDataDir, settings) {
  const userDir = path.join(userDataDir, 'User');
  mkdirSync(userDir, { recursive: true });
  writeFileSync(path.join(userDir, 'settings.json'), `${JSON.stringify(settings, null, 2)}\n`);
}

/**
 * The code-server command line (without the Node binary) for the given options.
 * `smokeTestDriver` (default true) makes the web workbench honour the `payload` URL parameter
 * (extension development and test paths; silently ignored without it). Tests need it; an
 * interactive session does not.
 * `socketPath`: listen on that Unix socket (mode 600) instead of a TCP port; who can enter its
 * folder can use the server, so the caller makes that folder private.
 * @param {{ port?: number, socketPath?: string, userDataDir: string, extensionsDir: string, configFile: string,
 *   smokeTestDriver?: boolean, disableWorkspaceTrust?: boolean, folder?: string, extraArgs?: string[] }} o
 */
export function codeServerArgs(o) {
  const args = [
    toolPaths().codeServerEntry,
    ...(o.socketPath ? ['--socket', o.socketPath, '--socket-mode', '600'] : ['--bind-addr', `127.0.0.1:${o.port}`]),
    '--auth', 'none',
    '--config', o.configFile,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-getting-started-override',
    '--disable-proxy',
    '--ignore-last-opened',
    '--user-data-dir', o.userDataDir,
    '--extensions-dir', o.extensionsDir,
  ];
  if (o.smokeTestDriver ?? true) args.push('--vscode-option', 'enable-smoke-test-driver');
  if (o.disableWorkspaceTrust) args.push('--disable-workspace-trust');
  if (o.extraArgs) args.push(...o.extraArgs);
  if (o.folder) args.push(o.folder);
  return args;
}

/**
 * Starts code-server and waits until its /healthz answers.
 * The server runs in its own process group (detached) so `stop()` can end it together with
 * the extension host and every process the tests started.
 *
 * @param {{ userDataDir: string, extensionsDir: string, env: Record<string, string>,
 *   port?: number, socketPath?: string, logFile?: string, smokeTestDriver?: boolean, disableWorkspaceTrust?: boolean, folder?: string,
 *   extraArgs?: string[], startTimeoutMs?: number, log?: (line: string) => void }} options
 *   `port` defaults to a free one unless `socketPath` is given (then there is no TCP port and
 *   no origin); `logFile` receives the server's stdout and stderr;
 *   `folder` is the folder opened when the page URL names none; the other flags: codeServerArgs().
 * @returns {Promise<{ port?: number, origin?: string, socketPath?: string, pid: number, child: import('node:child_process').ChildProcess,
 *   exited: Promise<number | null>, stop: () => Promise<void> }>}
 * @throws when the server exits or does not answer within startTimeoutMs (default 60 s).
 */
export async function startCodeServer(options) {
  const paths = toolPaths();
  if (!existsSync(paths.codeServerEntry) || !existsSync(paths.nodeBin)) {
    throw new Error(`code-server is not installed in ${paths.toolsDir}; run: node test/runner/install-vscode.mjs`);
  }
  const log = options.log ?? (() => {});
  const socketPath = options.socketPath;
  const port = socketPath ? undefined : options.port ?? (await findFreePort());
  mkdirSync(options.userDataDir, { recursive: true });
  mkdirSync(options.extensionsDir, { recursive: true });
  // An empty config file: code-server would otherwise write ~/.config/code-server/config.yaml
  // with a generated password and read settings from it.
  const configFile = path.join(options.userDataDir, 'code-server-config.yaml');
  writeFileSync(configFile, '');

  const args = codeServerArgs({ ...options, port, socketPath, configFile });
  log(`[code-server] ${paths.nodeBin} ${args.join(' ')}`);
  const child = spawn(paths.nodeBin, args, {
    env: options.env,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (options.logFile) {
    mkdirSync(path.dirname(options.logFile), { recursive: true });
    const out = createWriteStream(options.logFile);
    child.stdout.pipe(out);
    child.stderr.pipe(out);
  } else {
    child.stdout.resume();
    child.stderr.resume();
  }
  /** @type {Promise<number | null>} */
  const exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  exited.then(() => { hasExited = true; });
  // Detached, the server would outlive a runner that crashes; Node still runs 'exit'
  // listeners then (not on SIGKILL), so the group is killed synchronously there.
  const killOnExit = () => killGroup(/** @type {number} */ (child.pid), 'SIGKILL');
  process.on('exit', killOnExit);

  const stop = async () => {
    process.off('exit', killOnExit);
    if (hasExited || child.pid === undefined) return;
    killGroup(child.pid, 'SIGTERM');
    const timer = setTimeout(() => killGroup(/** @type {number} */ (child.pid), 'SIGKILL'), 5000);
    await exited;
    clearTimeout(timer);
    // The extension host and test processes share the group; make sure none outlives the server.
    killGroup(child.pid, 'SIGKILL');
  };

  const origin = socketPath ? undefined : `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.startTimeoutMs ?? 60_000);
  while (Date.now() < deadline) {
    if (hasExited) {
      throw new Error(`code-server exited during start${options.logFile ? ` (log: ${options.logFile})` : ''}`);
    }
    if (await healthy(origin, socketPath)) return { port, origin, socketPath, pid: /** @type {number} */ (child.pid), child, exited, stop };
    await new Promise((r) => setTimeout(r, 200));
  }
  await stop();
  throw new Error(`code-server did not answer on ${origin ?? socketPath} /healthz in time`);
}

/** True when code-server's /healthz answers 2xx, over TCP (`origin`) or its Unix socket. */
function healthy(origin, socketPath) {
  if (origin) {
    return fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2000) }).then((r) => r.ok, () => false);
  }
  return new Promise((resolve) => {
    const req = http.get({ socketPath, path: '/healthz', timeout: 2000 }, (res) => {
      res.resume();
      resolve((res.statusCode ?? 0) >= 200 && (res.statusCode ?? 0) < 300);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
  });
}

/** Sends a signal to a whole process group; a group that is already gone is not an error. */
function killGroup(pid, signal) {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: nothing left to kill
  }
}

/**
 * Runs a code-server CLI subcommand (e.g. --list-extensions, --install-extension) with the
 * given dirs and environment; returns its exit status and output.
 * @param {string[]} cliArgs
 * @param {{ userDataDir: string, extensionsDir: string, env: Record<string, string> }} o
 */
export function runCodeServerCli(cliArgs, o) {
  const paths = toolPaths();
  const result = spawnSync(
    paths.nodeBin,
    [paths.codeServerEntry, '--user-data-dir', o.userDataDir, '--extensions-dir', o.extensionsDir, ...cliArgs],
    { env: o.env, encoding: 'utf8', timeout: 120_000 },
  );
  return { status: result.status, stdout: result.stdout ?? '', stderr: result.stderr ?? '' };
}
