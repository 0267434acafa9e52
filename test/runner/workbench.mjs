// Opens the VS Code web workbench served by code-server in headless Chromium (Debian's
// /usr/bin/chromium, driven by playwright-core; no browser is ever downloaded).
// `launchWorkbench` is the reusable entry point: the integration runner uses it to run the
// extension tests inside the real extension host, and browser tests of the UI use it to
// click in the workbench and take screenshots.

import { appendFileSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_PATH, node24Env, toolPaths } from './install-vscode.mjs';
import { QUIET_USER_SETTINGS, startCodeServer, writeUserSettings } from './code-server.mjs';
import { createRunDirs, isolatedEnv } from './run-dirs.mjs';

/** Chromium flags for a headless run on a machine with a closed network and no GPU. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--no-first-run',
];

/** Where VS Code's web workbench keeps state shared by all profiles (storage scope -2), trust among it. */
const APPLICATION_STATE_DB = 'vscode-web-state-db-global-shared';
const APPLICATION_STATE_STORE = 'ItemTable';
/** The storage key under which workspace trust keeps the list of trusted folders. */
const TRUSTED_FOLDERS_KEY = 'content.trust.model.key';

/** Appends to a log file; a log that cannot be written (folder removed) must not end the run. */
function appendQuietly(file, text) {
  try {
    appendFileSync(file, text);
  } catch {
    // diagnostics only
  }
}

/**
 * The `vscode-remote://` URI the web workbench uses for a path on the server.
 * @param {string} authority host:port of the page (code-server's remote authority)
 * @param {string} absolutePath
 */
export function remoteUri(authority, absolutePath) {
  return `vscode-remote://${authority}${absolutePath.split(path.sep).map(encodeURIComponent).join('/')}`;
}

/**
 * The workbench URL for a folder, with an optional extension-test payload.
 * @param {string} origin e.g. http://127.0.0.1:PORT
 * @param {{ folder: string, extensionDevelopmentPath?: string, extensionTestsPath?: string }} o
 */
export function workbenchUrl(origin, o) {
  const authority = new URL(origin).host;
  const params = new URLSearchParams({ folder: o.folder });
  /** @type {[string, string][]} */
  const payload = [['skipWelcome', 'true']];
  if (o.extensionDevelopmentPath) payload.push(['extensionDevelopmentPath', remoteUri(authority, o.extensionDevelopmentPath)]);
  if (o.extensionTestsPath) payload.push(['extensionTestsPath', remoteUri(authority, o.extensionTestsPath)]);
  params.set('payload', JSON.stringify(payload));
  return `${origin}/?${params.toString()}`;
}

/**
 * Marks `folder` as trusted in the browser's VS Code state before the workbench loads, the
 * same record the workbench writes when a user answers "Yes, I trust the authors". Workspace
 * trust stays enabled; only this folder (and what is below it) is trusted.
 * Must run on a page of the workbench's origin before the workbench itself opens there.
 * @param {import('playwright-core').Page} page a page already on `origin`
 * @param {string} authority host:port
 * @param {string} folder absolute path on the server
 */
async function seedTrustedFolder(page, authority, folder) {
  const record = JSON.stringify({
    uriTrustInfo: [{ uri: { scheme: 'vscode-remote', authority, path: folder }, trusted: true }],
  });
  await page.evaluate(
    ({ dbName, storeName, key, value }) =>
      new Promise((resolve, reject) => {
        const request = indexedDB.open(dbName);
        request.onupgradeneeded = () => request.result.createObjectStore(storeName);
        request.onerror = () => reject(request.error);
        request.onsuccess = () => {
          const db = request.result;
          const tx = db.transaction(storeName, 'readwrite');
          tx.objectStore(storeName).put(value, key);
          tx.oncomplete = () => { db.close(); resolve(undefined); };
          tx.onerror = () => reject(tx.error);
        };
      }),
    { dbName: APPLICATION_STATE_DB, storeName: APPLICATION_STATE_STORE, key: TRUSTED_FOLDERS_KEY, value: record },
  );
}

/**
 * Starts code-server on a free port and opens the workbench on `folder` in headless Chromium.
 *
 * Options:
 * - folder (required): absolute path of the folder the window opens (must exist).
 * - dirs: per-run folders from createRunDirs(); created when absent. HOME, TMPDIR and XDG_*
 *   of the server, the extension host and the browser point into dirs.runDir.
 * - extensionDevelopmentPath: absolute path of an extension to load in development mode
 *   (e.g. the repo root; needs a built dist/). extensionTestsPath: absolute path of a CommonJS
 *   module exporting run(): Promise<void> (without ".js"); when given, VS Code runs it in the
 *   extension host and `exited` resolves with its outcome.
 * - env: extra variables for the server; the extension host inherits the server's environment,
 *   so this is how a test gets settings such as a report file path.
 * - workspaceTrust: 'trusted' (default; trust enabled, `folder` trusted), 'untrusted' (trust
 *   enabled, nothing trusted: the restricted-mode prompt may appear) or 'disabled'
 *   (--disable-workspace-trust).
 * - userSettings: merged over QUIET_USER_SETTINGS into User/settings.json.
 * - viewport: browser viewport (default 1400x900). logDir: where code-server.log and
 *   browser-console.log go (default dirs.runDir). log: progress printer.
 *
 * Returns { page, browser, server, url, dirs, exited, workbenchReadyMs, close }:
 * - page: the playwright Page showing the workbench (`.monaco-workbench` is present).
 * - exited: Promise<{ code: number, logs: unknown }> settled when VS Code calls
 *   codeAutomationExit (end of an extension-test run, or a window closing in smoke-test mode).
 * - close(): closes the browser and kills code-server's process group. Idempotent.
 * Throws when the server does not start or the workbench does not appear within 120 s
 * (everything started is stopped first).
 *
 * @param {{ folder: string, dirs?: ReturnType<typeof createRunDirs>, extensionDevelopmentPath?: string,
 *   extensionTestsPath?: string, env?: Record<string, string>, workspaceTrust?: 'trusted' | 'untrusted' | 'disabled',
 *   userSettings?: Record<string, unknown>, viewport?: { width: number, height: number },
 *   logDir?: string, log?: (line: string) => void }} options
 */
export async function launchWorkbench(options) {
  const log = options.log ?? (() => {});
  const dirs = options.dirs ?? createRunDirs();
  const trust = options.workspaceTrust ?? 'trusted';
  const logDir = options.logDir ?? dirs.runDir;
  mkdirSync(logDir, { recursive: true });
  const consoleLog = path.join(logDir, 'browser-console.log');
  const env = isolatedEnv(dirs, options.env ?? {});
  // VS Code in a browser saves after a 1 s delay by default (desktop: off). The tests assume the
  // desktop default: on a loaded machine an auto-save between the user's typing and a tool's
  // edit would save the user's text itself, and a test that checks we never save unsaved
  // changes would blame us for it.
  writeUserSettings(dirs.userDataDir, { ...QUIET_USER_SETTINGS, 'files.autoSave': 'off', ...(options.userSettings ?? {}) });

  const startServer = () => startCodeServer({
    userDataDir: dirs.userDataDir,
    extensionsDir: dirs.extensionsDir,
    // Node 24 first on PATH so a `node` the tests spawn matches the extension host's Node.
    env: node24Env(toolPaths(), env),
    logFile: path.join(logDir, 'code-server.log'),
    disableWorkspaceTrust: trust === 'disabled',
    log,
  });
  // The free port is found before code-server binds it; if another process took it in
  // between, the start fails once and a new free port is tried.
  const server = await startServer().catch((error) => {
    log(`[code-server] start failed (${error.message}); retrying on another port`);
    return startServer();
  });

  /** @type {import('playwright-core').Browser | undefined} */
  let browser;
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    await browser?.close().catch(() => {});
    await server.stop();
  };

  try {
    browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: CHROMIUM_ARGS,
      env,
    });
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1400, height: 900 } });
    const page = await context.newPage();
    page.on('console', (msg) => appendQuietly(consoleLog, `[${msg.type()}] ${msg.text()}\n`));
    page.on('pageerror', (err) => appendQuietly(consoleLog, `[pageerror] ${err.stack ?? err.message}\n`));

    /** @type {(value: { code: number, logs: unknown }) => void} */
    let settleExit = () => {};
    /** @type {Promise<{ code: number, logs: unknown }>} */
    const exited = new Promise((resolve) => { settleExit = resolve; });
    await page.exposeFunction('codeAutomationExit', (code, logs) => {
      settleExit({ code: typeof code === 'number' ? code : 1, logs });
    });

    const authority = new URL(server.origin).host;
    if (trust === 'trusted') {
      // Any same-origin page gives access to the workbench's IndexedDB; /healthz is tiny.
      await page.goto(`${server.origin}/healthz`);
      await seedTrustedFolder(page, authority, options.folder);
    }

    const url = workbenchUrl(server.origin, options);
    const start = performance.now();
    await page.goto(url);
    await page.waitForSelector('.monaco-workbench', { timeout: 120_000 });
    const workbenchReadyMs = Math.round(performance.now() - start);
    log(`[workbench] ready in ${workbenchReadyMs} ms at ${server.origin}`);
    return { page, browser, context, server, url, dirs, exited, workbenchReadyMs, close };
  } catch (error) {
    await close();
    throw error;
  }
}
