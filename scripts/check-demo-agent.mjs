// Part of scripts/check-start.mjs: sends one prompt to the Demo agent through the chat view of
// the workbench that `npm start` serves, as a newcomer would, and checks that the product did
// its job: the turn ran to its end with no confirmation to click, the dashboard's counters and
// the status bar moved by what the replay does, and the demo files are byte for byte as before.
// Also the UI smoke test of the real client (issue 13): typing in the chat view.

import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../test/runner/install-vscode.mjs';
import { DEMO_MODEL } from './demo-agent/setup.mjs';

export const DEMO_PROMPT = 'Show me what Agent Safe Edit does.';
/** The files the replay touches; each must end byte for byte as it began. */
const DEMO_FILES = ['calculate.c', 'stats.py'];
/** Where the screenshot of the chat after the turn goes (git-ignored). */
const ARTIFACTS = path.join(REPO_ROOT, 'test-artifacts', 'check-start');

/**
 * What one replay adds to the dashboard's counters on files as demo/ ships them: edits (the
 * comment that lands), blocked (the write of `}` and the duplicate block), failed (the first
 * invalid diff), loops (the patch limit after the second), rollbacks, tool calls (8).
 */
const PRISTINE_DELTAS = { edits: 1, blocked: 2, failed: 1, loops: 1, rollbacks: 1, calls: 8 };
/** What any replay adds, on files a user may have changed: at least one refusal, the edit and its rollback. */
const MINIMUM_DELTAS = { edits: 1, blocked: 1, rollbacks: 1 };

const SELECTORS = {
  input: '.interactive-input-part',
  editor: '.interactive-input-part .monaco-editor',
  mode: '.interactive-input-part .chat-mode-picker-item .chat-input-picker-label',
  model: '.interactive-input-part .model-picker-item .chat-input-picker-label',
  rows: '.interactive-list .monaco-list-row',
  finished: '.interactive-item-container.interactive-response:not(.chat-response-loading)',
  confirmation: '.chat-tool-invocation-part.has-confirmation, .chat-confirmation-widget2',
  status: '.statusbar-item',
};
const STATUS_TEXT = /\d+ edits? · \d+ blocked/;
/** The first words of the script's closing message (scripts/demo-agent/script.mjs). */
const CLOSING = 'That was a replay';

/** The dashboard's inner webview frame (VS Code nests it: host iframe → active frame). */
async function dashboardFrame(page, timeoutMs) {
  const frame = await until(async () => {
    for (const f of page.frames()) {
      if (!f.isDetached() && (await f.locator('[data-testid="stat-edits"]').count().catch(() => 0)) > 0) return f;
    }
    return undefined;
  }, timeoutMs);
  if (!frame) throw new Error(`the dashboard webview did not render within ${timeoutMs / 1000} s`);
  return frame;
}

/** Polls `probe` until it returns a value (not undefined) or `timeoutMs` passes; then undefined. */
async function until(probe, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined || Date.now() > deadline) return value;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The dashboard's counters, as numbers. */
async function readCounters(frame) {
  const out = {};
  for (const id of Object.keys(PRISTINE_DELTAS)) {
    out[id] = Number((await frame.locator(`[data-testid="stat-${id}"]`).first().textContent())?.trim());
  }
  return out;
}

/** Seconds since a performance.now() value, one decimal. */
const seconds = (since) => ((performance.now() - since) / 1000).toFixed(1);
const bytesOf = (folder) => Object.fromEntries(DEMO_FILES.map((f) => [f, readFileSync(path.join(folder, f))]));
const sameAsShipped = (folder) => DEMO_FILES.every((f) => readFileSync(path.join(folder, f)).equals(readFileSync(path.join(REPO_ROOT, 'demo', f))));

/**
 * Drives one Demo agent turn in the workbench `page` (already loaded, the extension's status
 * bar item shown) on the demo workspace `folder`. Returns { ok: string[], problems: string[] }.
 */
export async function checkDemoAgent(page, folder) {
  const seen = { ok: [], problems: [] };
  const started = performance.now();
  // The demo setup extension turns the built-in Copilot Chat on a moment after startup; the
  // chat view then shows its input with the preselected model.
  const input = page.locator(SELECTORS.input).first();
  await input.waitFor({ timeout: 90_000 }).catch(() => {});
  const model = page.locator(SELECTORS.model, { hasText: DEMO_MODEL.name }).first();
  if (!(await model.waitFor({ timeout: 90_000 }).then(() => true, () => false))) {
    const shown = await page.locator(SELECTORS.model).allTextContents().catch(() => []);
    seen.problems.push(`the chat does not offer the ${DEMO_MODEL.name} model as its default (model picker: ${shown.join(', ') || 'no chat input'})`);
    return seen;
  }
  const mode = (await page.locator(SELECTORS.mode).first().textContent())?.trim();
  if (mode !== 'Agent') {
    seen.problems.push(`the chat's mode is "${mode}", not Agent: the Demo agent needs the tools`);
    return seen;
  }
  seen.ok.push(`the chat view is open in Agent mode with the "${DEMO_MODEL.name}" model preselected, no sign-in (${seconds(started)} s after the extension's status item)`);

  // Before: the status bar, the dashboard (opened the way the closing message says, by the
  // status bar item) and the files.
  const status = page.locator(SELECTORS.status, { hasText: STATUS_TEXT }).first();
  const statusBefore = (await status.textContent())?.trim();
  await status.click();
  const before = await readCounters(await dashboardFrame(page, 30_000));
  const filesBefore = bytesOf(folder);
  const pristine = sameAsShipped(folder);

  // Earlier turns in the same chat (a user's earlier prompts) must not count as this one. The
  // list is virtualized (rows scrolled away leave the page), so this turn's rows are found by
  // position: items are numbered request, response, request, … (data-index), and the view
  // keeps the newest in the page, scrolled to the bottom.
  const indexes = await page.locator(SELECTORS.rows).evaluateAll((rows) => rows.map((r) => Number(r.getAttribute('data-index'))));
  const itemsBefore = indexes.length === 0 ? 0 : Math.max(...indexes) + 1;
  await page.locator(SELECTORS.editor).first().click();
  await page.keyboard.type(DEMO_PROMPT);
  const sent = performance.now();
  await page.keyboard.press('Enter');
  // The turn ends with the script's closing message; a confirmation would stop it half way
  // (the demo's tools ask only for protected files, which it never touches).
  const finished = page.locator(`${SELECTORS.rows}.response[data-index="${itemsBefore + 1}"] ${SELECTORS.finished}`, { hasText: CLOSING });
  const confirmation = page.locator(SELECTORS.confirmation).first();
  // Each wait settles on its own (the loser's timeout must not become an unhandled rejection).
  const outcome = await Promise.race([
    finished.waitFor({ timeout: 120_000 }).then(() => 'finished', () => 'timeout'),
    confirmation.waitFor({ timeout: 120_000 }).then(() => 'confirmation', () => 'timeout'),
  ]);
  mkdirSync(ARTIFACTS, { recursive: true });
  const shot = path.join(ARTIFACTS, 'demo-agent.png');
  await page.screenshot({ path: shot }).catch(() => {});
  if (outcome !== 'finished') {
    const why = outcome === 'confirmation'
      ? `the chat asked for a confirmation: "${(await confirmation.textContent())?.trim().slice(0, 200)}"`
      : 'no closing message within 120 s';
    seen.problems.push(`the Demo agent's turn did not run to its end: ${why} (screenshot: ${shot})`);
    return seen;
  }
  const reply = (await finished.textContent()) ?? '';
  seen.ok.push(`"${DEMO_PROMPT}" typed in the chat view ran the Demo agent's turn to its closing message in ${seconds(sent)} s, no confirmation asked (screenshot: ${shot})`);
  for (const expected of pristine ? ['SIZE_REDUCTION_BLOCKED', 'DUPLICATE_CONTENT', 'INVALID_PATCH_LIMIT_EXCEEDED', 'restored it'] : ['restored it']) {
    if (!reply.includes(expected)) seen.problems.push(`the closing message does not report "${expected}": ${reply.slice(0, 600)}`);
  }

  // After: the dashboard updates live; wait until it counts the rollback (the replay's last
  // call), then compare every counter.
  const frame = await dashboardFrame(page, 30_000);
  const wanted = pristine ? PRISTINE_DELTAS : MINIMUM_DELTAS;
  const rollbacksAfter = new RegExp(`^\\s*${before.rollbacks + wanted.rollbacks}\\s*$`);
  await frame.locator('[data-testid="stat-rollbacks"]', { hasText: rollbacksAfter }).waitFor({ timeout: 15_000 }).catch(() => {});
  const after = await readCounters(frame);
  const moved = Object.fromEntries(Object.keys(PRISTINE_DELTAS).map((k) => [k, after[k] - before[k]]));
  const wrong = Object.entries(wanted).filter(([k, d]) => (pristine ? moved[k] !== d : moved[k] < d));
  if (wrong.length > 0) seen.problems.push(`the dashboard's counters moved by ${JSON.stringify(moved)}; expected ${pristine ? '' : 'at least '}${JSON.stringify(wanted)}`);
  else seen.ok.push(`the dashboard's counters moved by ${JSON.stringify(moved)} (${pristine ? 'exactly the replay on the demo files as shipped' : 'the demo files differ from demo/: checked the minimum'})`);
  // The item is repainted a moment (debounced) after the last call.
  const statusAfter = await until(async () => {
    const text = (await status.textContent())?.trim();
    return text !== statusBefore ? text : undefined;
  }, 10_000) ?? statusBefore;
  if (statusAfter === statusBefore) seen.problems.push(`the status bar still reads "${statusAfter}"`);
  else seen.ok.push(`the status bar went from "${statusBefore}" to "${statusAfter}"`);

  const changed = DEMO_FILES.filter((f) => !readFileSync(path.join(folder, f)).equals(filesBefore[f]));
  if (changed.length > 0) seen.problems.push(`the replay left ${changed.join(', ')} changed on disk`);
  else seen.ok.push(`${DEMO_FILES.join(' and ')} are byte for byte as before the prompt (the refusals wrote nothing, the edit was rolled back)`);
  return seen;
}
