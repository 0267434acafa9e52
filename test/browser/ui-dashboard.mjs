#!/usr/bin/env node
// Browser test of the Agent Safe Edit UI in the real VS Code web workbench (code-server) in
// headless Chromium. Run after `npm run build && npm run compile-tests`:
//
//   node test/browser/ui-dashboard.mjs [--theme=dark|light] [--docs]
//
// The extension is loaded in development mode with ASE_UI_SCRIPTED_SESSION=agent-session, so
// registerUi runs the scripted agent session (test/ui-session/scripted-session.ts: edits, a blocked
// write, a failure loop, a rollback — through vscode.lm.invokeTool, like Copilot) right after
// activation. The test then reads the status bar and the Edit History tree, opens the dashboard
// by clicking the status bar item, reads the rendered counters and rows from the webview frame,
// checks keyboard focus and state restore, clicks "Roll Back" on an entry, confirms the modal,
// and checks the file on disk. Screenshots go to test-artifacts/browser/ (git-ignored);
// --docs also copies the dashboard screenshot to docs/screenshots/dashboard.png.
// Prints one line per check and last `N passed, N failed`; exits 1 unless all passed.

import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ensureVSCode, REPO_ROOT } from '../runner/install-vscode.mjs';
import { createRunDirs, removeRunDir } from '../runner/run-dirs.mjs';
import { launchWorkbench } from '../runner/workbench.mjs';

const theme = (process.argv.find((a) => a.startsWith('--theme='))?.split('=')[1]) ?? 'dark';
const updateDocs = process.argv.includes('--docs');
const THEMES = { dark: 'Default Dark Modern', light: 'Default Light Modern' };
const SESSION_DIR = 'agent-session';
const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'browser');
const shot = (name) => path.join(ARTIFACTS, `${name}-${theme}.png`);

let passed = 0;
let failed = 0;
/** Runs one named check; a failure is counted and printed, and the run goes on. */
async function check(name, fn) {
  try {
    await fn();
    passed++;
    console.log(`  ✔ ${name}`);
  } catch (error) {
    failed++;
    console.log(`  ✖ ${name}\n      ${String(error?.message ?? error).split('\n').join('\n      ')}`);
  }
}
function assert(condition, message) {
  if (!condition) throw new Error(message);
}
function assertEqual(actual, expected, what) {
  if (actual !== expected) throw new Error(`${what}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`);
}
async function poll(what, probe, ms = 20_000, every = 200) {
  const end = Date.now() + ms;
  let last;
  for (;;) {
    try {
      last = await probe();
      if (last) return last;
    } catch (e) {
      last = e;
    }
    if (Date.now() > end) throw new Error(`timed out after ${ms} ms waiting for ${what}${last instanceof Error ? ` (${last.message})` : ''}`);
    await new Promise((r) => setTimeout(r, every));
  }
}

/** The dashboard's inner webview frame: VS Code nests it (webview host iframe → active-frame). */
async function dashboardFrame(page) {
  return poll('the dashboard webview frame', async () => {
    for (const frame of page.frames()) {
      if (frame.isDetached()) continue;
      const ok = await frame.locator('[data-testid="stat-edits"]').count().catch(() => 0);
      if (ok > 0) return frame;
    }
    return undefined;
  }, 30_000);
}
const text = async (frame, selector) => (await frame.locator(selector).first().textContent())?.trim();

async function main() {
  const installed = ensureVSCode({ log: () => {} });
  if (!installed.ok) throw new Error(`cannot install code-server: ${installed.reason}`);
  assert(existsSync(path.join(REPO_ROOT, 'dist', 'extension.js')), 'dist/extension.js is missing: run `npm run build` first');
  mkdirSync(ARTIFACTS, { recursive: true });
  const dirs = createRunDirs({ prefix: 'ase-ui-' });
  writeFileSync(path.join(dirs.workspace, 'README.md'), '# UI test workspace\n');
  const calcPath = path.join(dirs.workspace, SESSION_DIR, 'calc.c');
  const consoleLines = [];

  console.log(`browser test: Agent Safe Edit UI (${theme} theme)`);
  const session = await launchWorkbench({
    folder: dirs.workspace,
    dirs,
    extensionDevelopmentPath: REPO_ROOT,
    env: { ASE_UI_SCRIPTED_SESSION: SESSION_DIR },
    userSettings: { 'workbench.colorTheme': THEMES[theme] ?? THEMES.dark, 'workbench.activityBar.location': 'default', 'workbench.secondarySideBar.defaultVisibility': 'hidden', 'chat.commandCenter.enabled': false },
    viewport: { width: 1600, height: 1000 },
    logDir: ARTIFACTS,
  });
  let ok = false;
  try {
    const { page } = session;
    page.on('console', (m) => consoleLines.push(m.text()));
    const status = page.locator('.statusbar-item', { hasText: /\d+ edits? · \d+ blocked/ });

    await check('status bar shows the session: 4 edits · 1 blocked, warning background after the loop', async () => {
      // The counts reach 4 edits before the loop happens: wait for the loop too (the item's accessible label says so).
      await poll('the status bar counts and loop', async () => /4 edits · 1 blocked/.test((await status.first().textContent({ timeout: 1000 })) ?? '')
        && /failure loop/.test((await status.first().getAttribute('aria-label', { timeout: 1000 })) ?? ''), 120_000);
      // The workbench paints the item with the theme's statusBarItem.warningBackground: compare computed colors.
      const colors = await status.first().evaluate((item) => {
        const probe = document.createElement('div');
        probe.style.backgroundColor = 'var(--vscode-statusBarItem-warningBackground)';
        item.parentElement.appendChild(probe);
        const want = getComputedStyle(probe).backgroundColor;
        probe.remove();
        const painted = [item, ...item.querySelectorAll('*')].map((e) => getComputedStyle(e).backgroundColor);
        return { want, painted };
      });
      assert(colors.want && colors.painted.includes(colors.want), `status item should have the warning background ${colors.want}; has ${colors.painted.join(', ')}`);
    });

    await check('Edit History tree lists the files and their entries', async () => {
      await page.locator('.activitybar .action-item a[aria-label^="Agent Safe Edit"], .activitybar [aria-label^="Agent Safe Edit"]').first().click();
      const view = page.locator('.pane', { has: page.locator('.pane-header', { hasText: /Edit History/i }) });
      const row = (name) => view.locator('.monaco-list-row', { hasText: name }).first();
      await row('calc.c').waitFor({ timeout: 15_000 });
      await row('notes.md').waitFor({ timeout: 5_000 });
      // Expand both files, waiting for each expansion to render before the next click (rows move).
      for (const name of ['calc.c', 'notes.md']) {
        await poll(`${name} expanded`, async () => {
          if ((await row(name).getAttribute('aria-expanded')) === 'true') return true;
          await row(name).click();
          return false;
        }, 10_000, 300);
      }
      await poll('all 11 rows', async () => (await view.locator('.monaco-list-row').count()) === 11, 10_000);
      const rows = await view.locator('.monaco-list-row').allTextContents();
      const joined = rows.join('\n');
      for (const expected of ['rollback_file', 'blocked', 'edit_lines', 'replace_in_file', 'failed']) assert(joined.includes(expected), `tree shows "${expected}"; rows:\n${joined}`);
      assertEqual(rows.length, 2 + 5 + 4, 'rows (2 files, 5 + 4 entries)');
      await view.screenshot({ path: shot('tree') });
    });

    let frame;
    await check('clicking the status bar item opens the dashboard webview', async () => {
      await status.first().click();
      frame = await dashboardFrame(page);
    });

    await check('dashboard counters: 4 edits, 1 blocked, 2 failed, 1 loop, 1 rollback, 9 tool-driven changes', async () => {
      assert(frame, 'no dashboard frame');
      await poll('rendered totals', async () => (await text(frame, '[data-testid="stat-edits"]')) === '4', 10_000);
      assertEqual(await text(frame, '[data-testid="stat-blocked"]'), '1', 'blocked');
      assertEqual(await text(frame, '[data-testid="stat-failed"]'), '2', 'failed');
      assertEqual(await text(frame, '[data-testid="stat-loops"]'), '1', 'loops');
      assertEqual(await text(frame, '[data-testid="stat-rollbacks"]'), '1', 'rollbacks');
      assertEqual(await text(frame, '[data-testid="stat-calls"]'), '9', 'tool calls');
      assertEqual(await frame.locator('[data-testid="entry-row"]').count(), 9, 'entry rows');
      assertEqual(await frame.locator('[data-testid="entry-row"][data-outcome="blocked"]').count(), 1, 'blocked entry rows');
      assertEqual(await frame.locator('[data-testid="entry-row"][data-outcome="failed"]').count(), 3, 'failed entry rows');
      assertEqual(await frame.locator('[data-testid="rollback-btn"]').count(), 5, 'Roll Back buttons (one per restorable change)');
    });

    await check('dashboard rows: failure counter 3 / 3 in a loop, loop detection, blocked write reason, per-tool calls', async () => {
      const counter = frame.locator(`[data-testid="counter-row"][data-path="${SESSION_DIR}/notes.md"]`);
      assertEqual(await counter.count(), 1, 'counter row for notes.md');
      assertEqual((await counter.locator('[data-testid="counter-edit"]').textContent())?.trim(), '3 / 3', 'edit failures / limit');
      assert(/loop/.test((await counter.textContent()) ?? ''), 'the counter row shows the loop');
      assert((await frame.locator('[data-testid="detection-row"][data-kind="loop_detected"]').count()) >= 1, 'a loop_detected row');
      const blocked = (await frame.locator('[data-testid="blocked-row"]').first().textContent()) ?? '';
      assert(blocked.includes('SIZE_REDUCTION_BLOCKED') && blocked.includes(`${SESSION_DIR}/calc.c`), `blocked row: ${blocked}`);
      assertEqual((await frame.locator('[data-testid="tool-row"][data-tool="write_file"] [data-testid="tool-calls"]').textContent())?.trim(), '3', 'write_file calls');
      assertEqual((await frame.locator('[data-testid="tool-row"][data-tool="replace_in_file"] [data-testid="tool-failures"]').textContent())?.trim(), '3', 'replace_in_file failures');
      assert((await frame.locator('[data-testid="rollback-row"]').count()) === 1, 'one rollback row');
      assert(/\d/.test((await text(frame, '[data-testid="backups-bytes"]')) ?? ''), 'backup bytes shown');
      await frame.locator('[data-testid="chart"] rect').first().waitFor({ timeout: 2000 });
    });

    await page.screenshot({ path: shot('dashboard') });

    await check('keyboard: Tab moves focus through real buttons with a visible focus outline', async () => {
      await frame.locator('[data-testid="reset-counters"]').focus();
      await page.keyboard.press('Tab');
      const focus = await frame.evaluate(() => {
        const el = document.activeElement;
        return el ? { tag: el.tagName, visible: el.matches(':focus-visible'), outline: getComputedStyle(el).outlineStyle } : undefined;
      });
      assert(focus && focus.tag === 'BUTTON', `focused element: ${JSON.stringify(focus)}`);
      assert(focus.visible && focus.outline !== 'none', `focus must be visible: ${JSON.stringify(focus)}`);
    });

    await check('state is restored when the panel is hidden and shown again', async () => {
      // Open README.md over the dashboard from the Explorer. Not with Quick Open: the keyboard
      // focus sits in the dashboard's webview after the previous check, which swallows Ctrl+P.
      await page.locator('.activitybar .action-label[aria-label^="Explorer"]').first().click();
      const row = page.locator('.explorer-folders-view .monaco-list-row', { hasText: 'README.md' }).first();
      await row.waitFor({ timeout: 10_000 });
      await row.click();
      await page.locator('.tabs-container .tab.active', { hasText: 'README.md' }).waitFor({ timeout: 10_000 });
      await page.locator('.tabs-container .tab', { hasText: 'Agent Safe Edit' }).first().click();
      const again = await dashboardFrame(page);
      assertEqual(await text(again, '[data-testid="stat-edits"]'), '4', 'edits after re-show');
      assertEqual(await again.locator('[data-testid="entry-row"]').count(), 9, 'entry rows after re-show');
      frame = again;
    });

    await check('no Content-Security-Policy violations were logged', async () => {
      const csp = consoleLines.filter((l) => /Content Security Policy|Refused to (load|execute|apply)/i.test(l) && !/vscode-cdn|workbench/i.test(l));
      assert(csp.length === 0, csp.join('\n'));
    });

    await check('"Roll Back" on the replace_in_file entry restores the file on disk (after the modal confirmation)', async () => {
      assert(/divide/.test(readFileSync(calcPath, 'utf8')), 'before: calc.c has the replace_in_file change');
      await frame.locator('[data-testid="entry-row"][data-tool="replace_in_file"] [data-testid="rollback-btn"]').first().click();
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ timeout: 10_000 });
      await page.screenshot({ path: shot('rollback-confirm') });
      await dialog.locator('.monaco-button', { hasText: 'Roll Back' }).first().click();
      await poll('calc.c restored on disk', () => !/divide/.test(readFileSync(calcPath, 'utf8')), 20_000);
      const after = readFileSync(calcPath, 'utf8');
      assert(after.includes('int main(int argc') && Buffer.byteLength(after) > 1000, 'the restored file is the whole original');
    });

    await check('the dashboard updates live after the rollback', async () => {
      await poll('2 rollbacks rendered', async () => (await text(frame, '[data-testid="stat-rollbacks"]')) === '2', 10_000);
      assertEqual(await frame.locator('[data-testid="entry-row"]').count(), 10, 'entry rows after the rollback');
    });
    await page.screenshot({ path: shot('dashboard-after-rollback') });
    if (updateDocs) {
      mkdirSync(path.join(REPO_ROOT, 'docs', 'screenshots'), { recursive: true });
      copyFileSync(shot('dashboard'), path.join(REPO_ROOT, 'docs', 'screenshots', theme === 'dark' ? 'dashboard.png' : `dashboard-${theme}.png`));
    }
    ok = failed === 0;
  } finally {
    await session.close();
    if (ok) removeRunDir(dirs.runDir);
    else console.log(`run folder kept: ${dirs.runDir}; logs in ${ARTIFACTS}`);
  }
}

const limit = setTimeout(() => { console.log('browser test: overall timeout (6 min)'); console.log(`${passed} passed, ${failed + 1} failed`); process.exit(1); }, 360_000);
limit.unref();
try {
  await main();
} catch (error) {
  failed++;
  console.log(`  ✖ setup: ${error?.stack ?? error}`);
}
console.log(`screenshots: ${ARTIFACTS}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 && passed > 0 ? 0 : 1);
