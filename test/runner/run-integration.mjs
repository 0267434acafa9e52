#!/usr/bin/env node
// Runs the integration tests (out/test/integration/**/*.test.js) inside a real VS Code
// extension host and exits 0 only when every test passed.
//
// Default path: code-server (VS Code 1.139 server + web workbench, installed by
// install-vscode.mjs) opened in headless Chromium; VS Code's extension-test runner loads
// out/test/integration/index.js through the `payload` URL parameter.
// With VSCODE_EXECUTABLE_PATH set (a desktop VS Code): @vscode/test-electron's runTests.
//
// Environment:
//   ASE_TEST_GREP        mocha grep (regular expression on full test titles)
//   ASE_TEST_TIMEOUT_MS  overall limit for the run after the workbench starts (default 900000)
//   ASE_KEEP_RUN_DIR=1   keep the per-run temp folder even when the run passed
//   ASE_VSCODE_TEST_DIR  where the tools are installed (default <repo>/.vscode-test)
//   ASE_WORKSPACE_SETTINGS  a JSON file copied to the workspace's .vscode/settings.json
//   VSCODE_EXECUTABLE_PATH  run with a desktop VS Code instead
//   ASE_REAL_CLIENT=1    also start the scripted model and configure Copilot Chat's agent
//                        mode to use it (the real-client suite, test/client; code-server only)
// Prints the mocha spec output, then a last line exactly `N passed, N failed`.

import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT, ensureVSCode } from './install-vscode.mjs';
import { createRunDirs, removeRunDir } from './run-dirs.mjs';
import { launchWorkbench } from './workbench.mjs';
import { prepareRealClient } from './real-client-setup.mjs';

// ASE_TESTS_MODULE lets another suite (the in-host benchmarks) reuse this runner.
const TESTS_MODULE = process.env.ASE_TESTS_MODULE ? path.resolve(process.env.ASE_TESTS_MODULE) : path.join(REPO_ROOT, 'out', 'test', 'integration', 'index');
const ARTIFACTS_ROOT = path.join(REPO_ROOT, 'test-artifacts', 'integration');
const DEFAULT_TIMEOUT_MS = 900_000;

/** Stops whatever the run started; replaced once a workbench is up (used on Ctrl-C). */
let stopActiveSession = async () => {};

/**
 * Writes the workspace's only file, so the folder the window opens is not empty; with
 * ASE_WORKSPACE_SETTINGS (a JSON file) also the workspace's .vscode/settings.json, as a
 * cloned repository would carry it.
 */
function prepareWorkspace(workspace) {
  writeFileSync(
    path.join(workspace, 'README.md'),
    '# Integration test workspace\n\nA throwaway folder made for one test run; the tests create their own files here.\n',
  );
  if (process.env.ASE_WORKSPACE_SETTINGS) {
    mkdirSync(path.join(workspace, '.vscode'), { recursive: true });
    writeFileSync(path.join(workspace, '.vscode', 'settings.json'), readFileSync(path.resolve(REPO_ROOT, process.env.ASE_WORKSPACE_SETTINGS)));
  }
}

/** The run's outcome from the reporter's summary file, or undefined when it never wrote one. */
function readSummary(reportFile) {
  try {
    return JSON.parse(readFileSync(`${reportFile}.summary.json`, 'utf8'));
  } catch {
    return undefined;
  }
}

function readReport(reportFile) {
  try {
    return readFileSync(reportFile, 'utf8');
  } catch {
    return '';
  }
}

/** Resolves after `ms` with the value 'timeout'; the timer does not keep Node alive. */
function timeout(ms) {
  return new Promise((resolve) => setTimeout(() => resolve('timeout'), ms).unref());
}

/**
 * Runs the tests in code-server + Chromium.
 * @returns {Promise<{ completed: boolean, exitCode: number | undefined, reason?: string }>}
 */
async function runInCodeServer(dirs, reportFile, timeoutMs, artifactsDir) {
  const setup = ensureVSCode({ log: (line) => console.log(line) });
  if (!setup.ok) return { completed: false, exitCode: undefined, reason: setup.reason };

  const realClient = process.env.ASE_REAL_CLIENT === '1'
    ? await prepareRealClient(dirs, { logFile: path.join(artifactsDir, 'model-requests.jsonl'), log: (line) => console.log(line) })
    : undefined;
  const started = performance.now();
  let session;
  try {
    session = await launchWorkbench({
      folder: dirs.workspace,
      dirs,
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: TESTS_MODULE,
      env: {
        ASE_TEST_REPORT_FILE: reportFile,
        ...(process.env.ASE_TEST_GREP ? { ASE_TEST_GREP: process.env.ASE_TEST_GREP } : {}),
        ...(realClient?.env ?? {}),
      },
      // The suites write their fixtures with Node between tool calls: with other writers recorded,
      // each fixture would become a change of the running turn ("outside the tools"), as it should
      // for a real user's terminal. The writers suite turns the recording on for itself; the real
      // client runs with the shipped default (on).
      userSettings: realClient?.userSettings ?? { 'safeEdit.writers.recordTurns': false },
      // ASE_WORKSPACE_TRUST=untrusted runs a suite in a window whose folder is not trusted.
      workspaceTrust: process.env.ASE_WORKSPACE_TRUST === 'untrusted' ? 'untrusted' : 'trusted',
      logDir: artifactsDir,
      log: (line) => console.log(line),
    });
  } catch (error) {
    await realClient?.close();
    return { completed: false, exitCode: undefined, reason: `could not start the workbench: ${error.message}` };
  }
  stopActiveSession = session.close;
  try {
    const outcome = await Promise.race([session.exited, timeout(timeoutMs)]);
    if (outcome === 'timeout') {
      const shot = path.join(artifactsDir, 'timeout.png');
      await session.page.screenshot({ path: shot }).catch(() => {});
      return { completed: false, exitCode: undefined, reason: `timed out after ${timeoutMs} ms (screenshot: ${shot})` };
    }
    console.log(`[run] extension tests finished in ${((performance.now() - started) / 1000).toFixed(1)} s (workbench load ${session.workbenchReadyMs} ms)`);
    return { completed: true, exitCode: outcome.code };
  } finally {
    await session.close();
    await realClient?.close();
  }
}

/**
 * Runs the tests in a desktop VS Code through @vscode/test-electron. Workspace trust is
 * disabled there: a desktop VS Code keeps trusted folders in its SQLite state database,
 * which this runner does not write (and this path cannot be exercised on this machine).
 */
async function runInDesktopVSCode(dirs, reportFile) {
  const { runTests } = await import('@vscode/test-electron');
  const extensionTestsEnv = { ASE_TEST_REPORT_FILE: reportFile };
  if (process.env.ASE_TEST_GREP) extensionTestsEnv.ASE_TEST_GREP = process.env.ASE_TEST_GREP;
  try {
    const code = await runTests({
      vscodeExecutablePath: process.env.VSCODE_EXECUTABLE_PATH,
      extensionDevelopmentPath: REPO_ROOT,
      extensionTestsPath: TESTS_MODULE,
      extensionTestsEnv,
      launchArgs: [
        dirs.workspace,
        '--disable-extensions',
        '--disable-workspace-trust',
        '--skip-welcome',
        '--skip-release-notes',
        '--user-data-dir', dirs.userDataDir,
        '--extensions-dir', dirs.extensionsDir,
      ],
    });
    return { completed: true, exitCode: code };
  } catch (error) {
    // runTests rejects with TestRunFailedError when VS Code exits nonzero (a test failed).
    const code = typeof error?.code === 'number' ? error.code : undefined;
    return { completed: code !== undefined, exitCode: code ?? 1, reason: code === undefined ? String(error) : undefined };
  }
}

async function main() {
  const total = performance.now();
  if (!existsSync(`${TESTS_MODULE}.js`)) {
    console.error(`[run] ${TESTS_MODULE}.js is missing: run \`npm run compile-tests\` first`);
    console.log('0 passed, 0 failed');
    return 1;
  }
  if (!existsSync(path.join(REPO_ROOT, 'dist', 'extension.js'))) {
    console.error('[run] dist/extension.js is missing: run `npm run build` first');
    console.log('0 passed, 0 failed');
    return 1;
  }
  const requested = Number(process.env.ASE_TEST_TIMEOUT_MS);
  const timeoutMs = Number.isFinite(requested) && requested > 0 ? requested : DEFAULT_TIMEOUT_MS;

  const dirs = createRunDirs({ prefix: 'ase-it-' });
  // One folder per run: runs in the same checkout (several developers or agents) may overlap.
  const artifactsDir = path.join(ARTIFACTS_ROOT, path.basename(dirs.runDir));
  mkdirSync(artifactsDir, { recursive: true });
  prepareWorkspace(dirs.workspace);
  // Outside the workspace, so the tests' own file listings never see it.
  const reportFile = path.join(dirs.runDir, 'mocha-report.txt');
  console.log(`[run] workspace ${dirs.workspace}`);
  if (process.env.ASE_TEST_GREP) console.log(`[run] grep: ${process.env.ASE_TEST_GREP}`);

  // Ctrl-C or a CI cancel: stop code-server's process group and the browser, then leave.
  for (const signal of ['SIGINT', 'SIGTERM']) {
    process.once(signal, async () => {
      console.error(`[run] ${signal}: stopping code-server and the browser`);
      await stopActiveSession();
      process.exit(130);
    });
  }

  const outcome = process.env.VSCODE_EXECUTABLE_PATH
    ? await runInDesktopVSCode(dirs, reportFile)
    : await runInCodeServer(dirs, reportFile, timeoutMs, artifactsDir);

  const report = readReport(reportFile);
  if (report) {
    console.log('\n---- mocha (extension host) ----');
    process.stdout.write(report.endsWith('\n') ? report : `${report}\n`);
    console.log('--------------------------------');
  }
  // Written by the real-client suite: the tool names the model was offered, for collisions.
  const offeredTools = path.join(artifactsDir, 'offered-tools.json');
  if (existsSync(offeredTools)) console.log(`[run] tools offered to the model: ${JSON.parse(readFileSync(offeredTools, 'utf8')).join(', ')}`);
  const summary = readSummary(reportFile);
  const passed = summary?.passed ?? 0;
  const failed = summary?.failed ?? 0;
  let ok = outcome.completed && outcome.exitCode === 0 && failed === 0;
  if (ok && !summary?.done) {
    // VS Code also reports 0 when the extension host dies mid-run (seen with a SIGKILL'd
    // host), so success needs the reporter's own end-of-run record too.
    outcome.reason = 'VS Code reported exit code 0 but mocha never finished: the extension host ended early (crash?) or the report file could not be written';
    ok = false;
  }
  if (!outcome.completed) console.error(`[run] RUN DID NOT COMPLETE: ${outcome.reason}`);
  else if (!ok && failed === 0) console.error(`[run] extension tests exited with code ${outcome.exitCode}${outcome.reason ? `: ${outcome.reason}` : ''}`);
  if (!ok) {
    console.error(`[run] logs: ${artifactsDir} ; run folder kept: ${dirs.runDir}`);
  } else if (process.env.ASE_KEEP_RUN_DIR !== '1') {
    removeRunDir(dirs.runDir);
    rmSync(artifactsDir, { recursive: true, force: true });
  }
  console.log(`[run] total ${((performance.now() - total) / 1000).toFixed(1)} s`);
  console.log(`${passed} passed, ${failed} failed`);
  return ok ? 0 : 1;
}

process.exitCode = await main();
