#!/usr/bin/env node
// Checks the README's run command without a person: types it exactly as the README writes it
// (`npm install && npm start`, read by scripts/readme-commands.mjs) in a shell of its own
// process group, waits for the URL it prints, then checks what a newcomer would see:
//   - the URL answers HTTP 200 with the VS Code workbench page (after the one redirect that
//     turns its token into a cookie),
//   - nobody without the token gets in: the same address without it, with a wrong one, and a
//     WebSocket without the cookie are refused, and code-server itself listens only on a Unix
//     socket in a folder no other user can enter,
//   - code-server lists the extension, freshly packaged, as installed,
//   - in headless Chromium the workbench runs the extension (its status bar item appears) and
//     shows no Restricted Mode and no trust prompt: the demo is ours, execute_program must work,
//   - the Demo agent works with no account: one prompt typed in the chat view runs its replay
//     to the end, the dashboard and status bar count it, the demo files are left intact
//     (scripts/check-demo-agent.mjs),
// then stops the whole group and makes sure code-server and the Demo agent's server are gone.
// Exit 0 when all of it holds.
// Cold (no .vscode-test/), the command installs Node 24 and code-server first: minutes.

import { spawn } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { quickStartCommand } from './readme-commands.mjs';
import { extensionIdentity, startDirs, startEnv } from './start.mjs';
import { CHROMIUM_PATH, REPO_ROOT } from '../test/runner/install-vscode.mjs';
import { runCodeServerCli } from '../test/runner/code-server.mjs';
import { createRunDirs, isolatedEnv, removeRunDir } from '../test/runner/run-dirs.mjs';
import { CHROMIUM_ARGS } from '../test/runner/workbench.mjs';
import { checkDemoAgent } from './check-demo-agent.mjs';

/** Markers of VS Code's web workbench page: its configuration element and its main script. */
const WORKBENCH_MARKERS = ['id="vscode-workbench-web-configuration"', 'out/vs/code/browser/workbench/workbench.js'];
/** How long the command may take to print its URL: a cold install of code-server is ~3 minutes. */
const START_TIMEOUT_MS = 15 * 60_000;
/** The extension's status bar item (src/ui): present only when the extension activated. */
const EXTENSION_STATUS = /\d+ edits? · \d+ blocked/;
/** What VS Code shows for a folder it does not trust. */
const UNTRUSTED_SIGNS = [/Restricted Mode/, /trust the authors/i];

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Like sleep, but the timer does not keep Node alive once everything else is done. */
const unrefSleep = (ms) => new Promise((r) => setTimeout(r, ms).unref());

/**
 * GETs `url` as a browser would (one redirect, keeping the cookie it sets) until it answers
 * 200 or `timeoutMs` passes; returns the last status and body.
 */
async function waitForPage(url, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  let last = { status: 0, body: '', error: '' };
  while (Date.now() < deadline) {
    try {
      let response = await fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
      const cookie = response.headers.get('set-cookie')?.split(';')[0];
      const location = response.headers.get('location');
      if (response.status === 302 && location) {
        response = await fetch(new URL(location, url), { headers: cookie ? { Cookie: cookie } : {}, signal: AbortSignal.timeout(5000) });
      }
      last = { status: response.status, body: await response.text(), error: '' };
      if (response.status === 200) return last;
    } catch (error) {
      last = { status: 0, body: '', error: String(error) };
    }
    await sleep(500);
  }
  return last;
}

/** The status line a WebSocket handshake to `origin` gets, sent with `headers` ('' when none). */
function webSocketStatus(origin, headers = []) {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => {
      socket.write([`GET /?reconnectionToken=check HTTP/1.1`, `Host: ${hostname}:${port}`, 'Upgrade: websocket', 'Connection: Upgrade',
        'Sec-WebSocket-Version: 13', 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==', `Origin: ${origin}`, ...headers, '', ''].join('\r\n'));
    });
    let text = '';
    const done = () => { socket.destroy(); resolve(text.split('\r\n')[0]); };
    socket.on('data', (d) => { text += d.toString(); if (text.includes('\r\n')) done(); });
    socket.on('error', done);
    socket.on('close', done);
    setTimeout(done, 5000).unref();
  });
}

/**
 * The server refuses whoever lacks the printed URL's token: the same page without it or with
 * another one, and a WebSocket without the cookie; code-server is on a Unix socket in a private
 * folder, not on a port. Returns problems and successes.
 */
async function checkRefusesStrangers(url, socketPath) {
  const seen = { problems: [], ok: [] };
  const printed = new URL(url);
  const without = new URL(printed);
  without.searchParams.delete('tkn');
  const wrong = new URL(printed);
  wrong.searchParams.set('tkn', `${printed.searchParams.get('tkn') ?? ''}x`);
  for (const [what, target] of [['without the token', without], ['with a wrong token', wrong]]) {
    try {
      const r = await fetch(target, { redirect: 'manual', signal: AbortSignal.timeout(5000) });
      const body = await r.text();
      if (r.status !== 401 || WORKBENCH_MARKERS.some((m) => body.includes(m))) seen.problems.push(`GET ${without.origin}${without.pathname} ${what} answered ${r.status}, not 401`);
      else seen.ok.push(`a request ${what} is refused (401)`);
    } catch (error) {
      seen.problems.push(`GET ${what}: ${error.message}`);
    }
  }
  const ws = await webSocketStatus(printed.origin);
  if (!/^HTTP\/1\.1 401 /.test(ws)) seen.problems.push(`a WebSocket without the cookie got "${ws || 'no answer'}", not 401`);
  else seen.ok.push('a WebSocket without the cookie is refused (401)');
  if (!socketPath) {
    seen.problems.push('`npm start` printed no code-server socket path');
  } else {
    const dirMode = statSync(path.dirname(socketPath)).mode & 0o777;
    if (!statSync(socketPath).isSocket()) seen.problems.push(`${socketPath} is not a socket`);
    else if ((dirMode & 0o077) !== 0) seen.problems.push(`the socket's folder has mode ${dirMode.toString(8)}: other users can reach code-server`);
    else seen.ok.push(`code-server listens on ${socketPath}, in a folder of mode ${dirMode.toString(8)}`);
  }
  return seen;
}

/** The web workbench's configuration, which the server writes into the page's data-settings. */
function workbenchSettings(html) {
  const attribute = html.match(/id="vscode-workbench-web-configuration"[^>]*data-settings="([^"]*)"/)?.[1] ?? '{}';
  const json = attribute.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  try {
    return JSON.parse(json);
  } catch {
    return {};
  }
}

/**
 * Runs `command` in bash in a new process group, echoing its output; resolves with the URL
 * and code-server pid that scripts/start.mjs prints, or with the reason it never did.
 * `printed.demoOrigin` is the Demo agent's address once its line was printed, `printed.socketPath` code-server's socket.
 */
function startCommand(command) {
  const child = spawn('bash', ['-c', command], { cwd: REPO_ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve(signal ?? code)));
  /** @type {{ demoOrigin?: string, socketPath?: string }} */
  const printed = {};
  const ready = new Promise((resolve) => {
    let url;
    let pid;
    const onText = (chunk) => {
      const text = chunk.toString();
      process.stdout.write(text);
      pid ??= text.match(/\[start\] code-server pid (\d+)/)?.[1];
      printed.socketPath ??= text.match(/\[start\] code-server pid \d+ on (\S+), log:/)?.[1];
      printed.demoOrigin ??= text.match(/Demo agent: .*?\((http:\/\/[^,\s)]+)/)?.[1];
      url ??= text.match(/Open: (http:\/\/\S+)/)?.[1];
      if (url) resolve({ url, serverPid: pid ? Number(pid) : undefined });
    };
    child.stdout.on('data', onText);
    child.stderr.on('data', onText);
    exited.then((how) => resolve({ error: `\`${command}\` ended (${how}) before printing the URL` }));
    setTimeout(() => resolve({ error: `no URL from \`${command}\` in ${START_TIMEOUT_MS / 60_000} min` }), START_TIMEOUT_MS).unref();
  });
  return { child, exited, ready, printed };
}

/** True when something answers HTTP at `origin`. */
async function answers(origin) {
  try {
    await fetch(origin, { signal: AbortSignal.timeout(3000) });
    return true;
  } catch {
    return false;
  }
}

/** True while a process with this pid exists. */
function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Stops the command's process group (start.mjs stops code-server on SIGTERM); returns problems. */
async function stopCommand({ child, exited }, serverPid) {
  const problems = [];
  try {
    process.kill(-child.pid, 'SIGTERM');
  } catch {
    // already gone
  }
  if ((await Promise.race([exited, unrefSleep(20_000).then(() => 'timeout')])) === 'timeout') {
    problems.push('the command did not end within 20 s of SIGTERM; killed');
    try { process.kill(-child.pid, 'SIGKILL'); } catch { /* gone meanwhile */ }
  }
  if (serverPid !== undefined) {
    const deadline = Date.now() + 10_000;
    while (alive(serverPid) && Date.now() < deadline) await sleep(200);
    if (alive(serverPid)) {
      problems.push(`code-server (pid ${serverPid}) outlived the stopped command; killed`);
      try { process.kill(-serverPid, 'SIGKILL'); } catch { /* gone meanwhile */ }
    }
  }
  return problems;
}

/** Opens the workbench in headless Chromium; returns what it saw (problems and successes). */
async function checkInBrowser(url) {
  const dirs = createRunDirs({ prefix: 'ase-check-start-' });
  const seen = { problems: [], ok: [] };
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS, env: isolatedEnv(dirs) });
  try {
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await page.goto(url);
    await page.waitForSelector('.monaco-workbench', { timeout: 120_000 });
    const status = page.locator('.statusbar-item', { hasText: EXTENSION_STATUS }).first();
    const activated = await status.waitFor({ timeout: 90_000 }).then(() => true, () => false);
    if (activated) seen.ok.push(`the extension runs in the workbench (status bar: "${(await status.textContent())?.trim()}")`);
    else seen.problems.push('the extension\'s status bar item did not appear within 90 s');
    // The trust prompt and the Restricted Mode indicator come with the workbench's start; the
    // extension's item appears after them, so by now they would be on the page.
    for (const sign of UNTRUSTED_SIGNS) {
      const count = await page.getByText(sign).count();
      if (count > 0) seen.problems.push(`the workbench shows ${sign} (${count}×): the demo folder is not trusted`);
    }
    if (seen.problems.length === 0) seen.ok.push('no Restricted Mode and no trust prompt: the demo workspace is trusted');
    if (activated) {
      const demo = await checkDemoAgent(page, startDirs().demoWorkspace);
      seen.problems.push(...demo.problems);
      seen.ok.push(...demo.ok);
    }
  } finally {
    await browser.close().catch(() => {});
    removeRunDir(dirs.runDir);
  }
  return seen;
}

/** The extension as code-server lists it in the start's extensions dir. */
function checkInstalled() {
  const { id, version } = extensionIdentity();
  const dirs = startDirs();
  const listed = runCodeServerCli(['--list-extensions', '--show-versions'], { ...dirs, env: startEnv(dirs) });
  const lines = listed.stdout.split('\n').map((l) => l.trim().toLowerCase());
  if (listed.status !== 0) return { problem: `code-server --list-extensions failed: ${listed.stderr.trim()}` };
  if (!lines.includes(`${id}@${version}`)) {
    return { problem: `${id}@${version} is not among the installed extensions: ${lines.filter(Boolean).join(', ') || '(none)'}` };
  }
  return { ok: `${id}@${version} is installed in ${dirs.extensionsDir}` };
}

async function main() {
  const started = performance.now();
  const command = quickStartCommand('start');
  console.log(`[check-start] $ ${command}`);
  const run = startCommand(command);
  const ready = await run.ready;
  const problems = [];
  const ok = [];
  try {
    if (ready.error) {
      problems.push(ready.error);
    } else {
      const page = await waitForPage(ready.url, 60_000);
      const strangers = await checkRefusesStrangers(ready.url, run.printed.socketPath);
      problems.push(...strangers.problems);
      ok.push(...strangers.ok);
      if (page.status !== 200) problems.push(`GET ${ready.url} answered ${page.status || page.error}, not 200`);
      else if (!WORKBENCH_MARKERS.every((m) => page.body.includes(m))) problems.push(`GET ${ready.url} answered 200 but not with the workbench page`);
      else {
        ok.push(`${ready.url} serves the workbench (HTTP 200)`);
        const trust = workbenchSettings(page.body).enableWorkspaceTrust;
        if (trust !== false) problems.push(`the workbench is configured with enableWorkspaceTrust ${trust}, expected false`);
        else ok.push('the workbench is configured without workspace trust (enableWorkspaceTrust false)');
      }
      const installed = checkInstalled();
      if (installed.problem) problems.push(installed.problem);
      else ok.push(installed.ok);
      const demoOrigin = run.printed.demoOrigin;
      if (!demoOrigin) problems.push('`npm start` printed no "Demo agent:" line with its address');
      else if (new URL(demoOrigin).hostname !== '127.0.0.1') problems.push(`the Demo agent listens on ${demoOrigin}, not on 127.0.0.1`);
      else {
        const port = new URL(demoOrigin).port;
        const outside = Object.values(os.networkInterfaces()).flat().filter((a) => a && !a.internal && a.family === 'IPv4').map((a) => `http://${a.address}:${port}`);
        const reachable = [];
        for (const origin of outside) if (await answers(origin)) reachable.push(origin);
        if (!(await answers(demoOrigin))) problems.push(`the Demo agent does not answer at ${demoOrigin}`);
        else if (reachable.length > 0) problems.push(`the Demo agent also answers at ${reachable.join(', ')}: it must bind 127.0.0.1 only`);
        else ok.push(`the Demo agent's model server answers at ${demoOrigin} and not at the machine's other addresses (${outside.join(', ') || 'none'})`);
      }
      const seen = await checkInBrowser(ready.url).catch((error) => ({ problems: [`browser: ${error.message}`], ok: [] }));
      problems.push(...seen.problems);
      ok.push(...seen.ok);
    }
  } finally {
    problems.push(...(await stopCommand(run, ready.serverPid)));
    // The model server lives in `npm start`'s own process: stopping it must take the server along.
    if (run.printed.demoOrigin && (await answers(run.printed.demoOrigin))) problems.push(`the Demo agent (${run.printed.demoOrigin}) still answers after the stop`);
    if (run.printed.socketPath && existsSync(path.dirname(run.printed.socketPath))) problems.push(`the socket folder ${path.dirname(run.printed.socketPath)} is left after the stop`);
  }
  for (const line of ok) console.log(`[check-start] ok: ${line}`);
  for (const p of problems) console.error(`[check-start] FAIL: ${p}`);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (problems.length > 0) return 1;
  console.log(`[check-start] PASS: \`${command}\` serves VS Code, to the printed URL's token only, with the extension running in a trusted demo workspace and the Demo agent answering a prompt, and stops (${seconds} s)`);
  return 0;
}

process.exitCode = await main();
