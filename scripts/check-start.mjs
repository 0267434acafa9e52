#!/usr/bin/env node
// Checks that `npm start` works, without a person: runs the same start as scripts/start.mjs
// in the background, waits until the URL answers HTTP 200 with the VS Code workbench page,
// checks that code-server lists the extension as installed in the same extensions dir,
// then stops the server. Exit 0 when all of it holds, 1 otherwise, with a message per check.
// Expects a fresh build in dist/ (`npm run build`).

import { extensionIdentity, choosePort, prepareStart, startEnv, startServer } from './start.mjs';
import { runCodeServerCli } from '../test/runner/code-server.mjs';

/** Markers of VS Code's web workbench page: its configuration element and its main script. */
const WORKBENCH_MARKERS = ['id="vscode-workbench-web-configuration"', 'out/vs/code/browser/workbench/workbench.js'];

/** GETs `url` until it answers 200 or `timeoutMs` passes; returns the last status and body. */
async function waitForPage(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = { status: 0, body: '', error: '' };
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) });
      last = { status: response.status, body: await response.text(), error: '' };
      if (response.status === 200) return last;
    } catch (error) {
      last = { status: 0, body: '', error: String(error) };
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  return last;
}

async function main() {
  const started = performance.now();
  const prepared = prepareStart();
  if (!prepared.ok) {
    console.error(`[check-start] FAIL: start could not prepare: ${prepared.reason}`);
    return 1;
  }
  const port = await choosePort(process.env.PORT);
  const server = await startServer({ ...prepared, port }).catch((error) => error);
  if (server instanceof Error) {
    console.error(`[check-start] FAIL: code-server did not start: ${server.message}`);
    return 1;
  }
  const problems = [];
  try {
    const page = await waitForPage(server.url, 60_000);
    if (page.status !== 200) {
      problems.push(`GET ${server.url} answered ${page.status || page.error}, not 200`);
    } else if (!WORKBENCH_MARKERS.every((marker) => page.body.includes(marker))) {
      problems.push(`GET ${server.url} answered 200 but not with the VS Code workbench page`);
    } else {
      console.log(`[check-start] ok: ${server.url} serves the workbench (HTTP 200)`);
    }

    const { id, version } = extensionIdentity();
    const listed = runCodeServerCli(['--list-extensions', '--show-versions'], { ...prepared.dirs, env: startEnv(prepared.dirs) });
    const lines = listed.stdout.split('\n').map((l) => l.trim().toLowerCase());
    if (listed.status !== 0) {
      problems.push(`code-server --list-extensions failed: ${listed.stderr.trim()}`);
    } else if (!lines.includes(`${id}@${version}`)) {
      problems.push(`${id}@${version} is not among the installed extensions: ${lines.filter(Boolean).join(', ') || '(none)'}`);
    } else {
      console.log(`[check-start] ok: ${id}@${version} is installed in ${prepared.dirs.extensionsDir}`);
    }
  } finally {
    await server.stop();
  }
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (problems.length > 0) {
    for (const p of problems) console.error(`[check-start] FAIL: ${p}`);
    return 1;
  }
  console.log(`[check-start] PASS: npm start serves VS Code with the extension installed (${seconds} s)`);
  return 0;
}

process.exitCode = await main();
