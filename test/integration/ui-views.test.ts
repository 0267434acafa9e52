import { strict as assert } from 'node:assert';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, freshDir, invoke } from './helpers';
import type { UiHandle } from '../../src/ui';
import type { EntryItem, FileItem } from '../../src/ui/historyTree';
import { statusText } from '../../src/ui/statusBar';
import type { DashboardState } from '../../src/ui/dashboardState';

/** Polls `probe` until it returns a value other than undefined (or fails after `ms`). */
async function waitFor<T>(what: string, probe: () => T | undefined | Promise<T | undefined>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Totals before the session: other test files share this extension host, so assertions are deltas. */
interface Before { edits: number; blocked: number; failed: number; loops: number; rollbacks: number; calls: Record<string, number> }

describe('ui: Edit History tree, status bar and dashboard after a scripted agent session', () => {
  let ui: UiHandle;
  let dir: string;
  let baseline: Before;
  let steps: string[];
  let uiToken: string;

  before(async () => {
    const api = await activateExtension();
    uiToken = api.services.uiTokenForTests();
    ui = api.ui as UiHandle;
    assert.ok(ui && ui.history && ui.dashboard && ui.statusBar, 'the extension exports the UI handle');
    const t = ui.tally;
    const calls: Record<string, number> = {};
    for (const [tool, s] of api.services.activity.perTool as Map<string, { calls: number }>) calls[tool] = s.calls;
    baseline = { edits: t.count('edit'), blocked: t.count('blocked'), failed: t.count('failed'), loops: t.count('loop'), rollbacks: t.count('rollback'), calls };
    dir = freshDir('ui-session').rel;
    // The same session the browser test runs (test/ui-session/scripted-session.ts), through vscode.lm.invokeTool.
    const result = await vscode.commands.executeCommand<{ steps: string[] }>('agentSafeEdit.test.runScriptedSession', dir);
    steps = result.steps;
  });
  afterEach(closeAllEditors);

  it('the scripted session produced edits, a size-guard block, a failure loop and a rollback', () => {
    assert.deepEqual(steps, ['ok', 'ok', 'ok', 'SIZE_REDUCTION_BLOCKED', 'ok', 'NO_MATCH', 'NO_MATCH', 'EDIT_FAILURE_LOOP', 'ok']);
  });

  it('the tree lists the two files, most recently changed first, with their entries newest first', async () => {
    const roots = ui.history.getChildren();
    // The extension runs from its bundle, so its classes are not the ones this test imports: check the contract, not instanceof.
    const files = roots.filter((r): r is FileItem => r.contextValue === 'file');
    const paths = files.map((f) => f.path);
    assert.deepEqual(paths.slice(0, 2), [`${dir}/calc.c`, `${dir}/notes.md`]);
    const calc = files[0];
    assert.equal(calc.contextValue, 'file');
    assert.ok(calc.resourceUri?.fsPath.endsWith('calc.c'));

    const calcEntries = ui.history.getChildren(calc) as EntryItem[];
    assert.deepEqual(
      calcEntries.map((e) => `${e.entry.tool}:${e.entry.outcome}:${e.contextValue}`),
      ['rollback_file:applied:entry.applied', 'write_file:blocked:entry.blocked', 'edit_lines:applied:entry.applied', 'replace_in_file:applied:entry.applied', 'write_file:applied:entry.applied'],
    );
    for (const e of calcEntries) {
      assert.equal(e.entry.path, `${dir}/calc.c`);
      assert.match(e.entry.id, /\S/);
      assert.ok(e.tooltip instanceof vscode.MarkdownString && e.tooltip.value.includes(e.entry.before_sha256), 'tooltip shows the before sha256');
    }
    const icons = calcEntries.map((e) => (e.iconPath as vscode.ThemeIcon).id);
    assert.deepEqual(icons, ['history', 'shield', 'pass', 'pass', 'pass']);
    // The edit_lines entry inserted one line; its description carries the ± lines.
    assert.equal(String(calcEntries[2].description), '+1 \u22120');
    assert.equal(String(calcEntries[1].description), 'blocked');

    const notesEntries = ui.history.getChildren(files[1]) as EntryItem[];
    assert.deepEqual(notesEntries.map((e) => `${e.entry.tool}:${e.entry.outcome}`), ['replace_in_file:failed', 'replace_in_file:failed', 'replace_in_file:failed', 'write_file:applied']);
    assert.deepEqual(notesEntries.map((e) => (e.iconPath as vscode.ThemeIcon).id), ['error', 'error', 'error', 'pass']);
    assert.deepEqual(ui.history.getChildren(notesEntries[0]), []);
  });

  it('the status bar shows the session counts and the loop warning, and opens the dashboard', () => {
    const t = ui.tally;
    assert.equal(t.count('edit') - baseline.edits, 4);
    assert.equal(t.count('blocked') - baseline.blocked, 1);
    ui.statusBar.update();
    assert.equal(ui.statusBar.item.text, statusText(t.count('edit'), t.count('blocked')));
    assert.match(ui.statusBar.item.text, /^\$\(shield\) \d+ edits · \d+ blocked$/);
    assert.equal(ui.statusBar.warning, true, 'a loop fired within the last 5 minutes');
    assert.ok(ui.statusBar.item.backgroundColor instanceof vscode.ThemeColor);
    assert.equal(ui.statusBar.item.command, 'agentSafeEdit.openDashboard');
    const tip = ui.statusBar.item.tooltip as vscode.MarkdownString;
    assert.match(tip.value, /rollback\\?_file/, 'the tooltip names the last event');
  });

  it('the dashboard command opens a panel whose state has the session numbers', async () => {
    await vscode.commands.executeCommand('agentSafeEdit.openDashboard');
    const panel = await waitFor('the panel', () => ui.dashboard.panel);
    assert.equal(panel.viewType, 'agentSafeEdit.dashboard');
    assert.match(panel.webview.html, /Content-Security-Policy/);
    assert.match(panel.webview.html, /script-src 'nonce-[A-Za-z0-9]+'/);
    assert.doesNotMatch(panel.webview.html, /https?:\/\/(?!.*vscode)/, 'no remote resources');
    const s: DashboardState = await waitFor('a state', () => ui.dashboard.lastState);
    assert.equal(s.totals.edits - baseline.edits, 4);
    assert.equal(s.totals.blocked - baseline.blocked, 1);
    assert.equal(s.totals.failed - baseline.failed, 2);
    assert.equal(s.totals.loops - baseline.loops, 1);
    assert.equal(s.totals.rollbacks - baseline.rollbacks, 1);
    const tool = (name: string) => s.tools.find((t) => t.tool === name);
    assert.equal((tool('write_file')?.calls ?? 0) - (baseline.calls.write_file ?? 0), 3);
    assert.equal((tool('replace_in_file')?.calls ?? 0) - (baseline.calls.replace_in_file ?? 0), 4);
    assert.ok((tool('replace_in_file')?.bytes_returned ?? 0) > 0);
    assert.equal(s.totals.calls, s.tools.reduce((n, t) => n + t.calls, 0));

    const counter = s.counters.find((c) => c.path === `${dir}/notes.md`);
    assert.ok(counter, 'notes.md has a failure counter');
    assert.equal(counter.edit_failures, 3);
    assert.equal(counter.edit_failure_limit, 3);
    assert.equal(counter.in_loop, true);
    assert.equal(counter.last_error?.tool, 'replace_in_file');
    assert.ok(s.detections.some((d) => d.kind === 'loop_detected' && d.file === `${dir}/notes.md`));
    const blocked = s.blocked.find((b) => b.path === `${dir}/calc.c`);
    assert.equal(blocked?.error_type, 'SIZE_REDUCTION_BLOCKED');
    assert.ok(s.rollbacks.some((r) => r.path === `${dir}/calc.c` && r.tool === 'rollback_file'));
    const rows = s.entries.filter((e) => e.path.startsWith(`${dir}/`));
    assert.equal(rows.length, 9);
    assert.deepEqual(rows.filter((r) => r.restorable).map((r) => r.tool).sort(), ['edit_lines', 'replace_in_file', 'rollback_file', 'write_file', 'write_file']);
    assert.ok(s.backups.entries >= 9 && s.backups.bytes > 0 && s.backups.oldest !== null);
    assert.ok(s.timeline.edits.reduce((a, b) => a + b, 0) >= 5, 'the chart counts the edits and the rollback of this session');
  });

  it('the tree and the dashboard update live after a tool call', async () => {
    await vscode.commands.executeCommand('agentSafeEdit.openDashboard');
    await waitFor('the panel', () => ui.dashboard.panel);
    const treeBefore = ui.history.refreshCount;
    const stateBefore = ui.dashboard.lastState?.generated_at ?? 0;
    const r = await invoke('write_file', { path: `${dir}/later.txt`, content: 'one more\n' });
    assert.equal(r.success, true, r.message);
    await waitFor('a tree refresh', () => (ui.history.refreshCount > treeBefore ? true : undefined));
    const s = await waitFor('a new state', () => ((ui.dashboard.lastState?.generated_at ?? 0) > stateBefore && ui.dashboard.lastState?.entries.some((e) => e.path === `${dir}/later.txt`) ? ui.dashboard.lastState : undefined));
    assert.equal(s.entries[0].path, `${dir}/later.txt`);
    assert.equal((ui.history.getChildren()[0] as FileItem).path, `${dir}/later.txt`);
  });

  it('refuses malformed or unknown webview messages before running anything', async () => {
    const known = ui.dashboard.lastState!.entries.find((e) => e.restorable)!;
    const refused = [
      null,
      'rollback',
      { type: 'rollback' },
      { type: 'rollback', entryId: 'no-such-entry' },
      { type: 'rollback', entryId: known.id, extra: true },
      { type: 'compare', entryId: 42 },
      { type: 'reveal', path: '../../etc/passwd' },
      { type: 'runCommand', command: 'workbench.action.terminal.new' },
    ];
    for (const message of refused) {
      const outcome = await ui.dashboard.handleMessage(message);
      assert.equal(outcome.ok, false, `refused: ${JSON.stringify(message)}`);
    }
    const ready = await ui.dashboard.handleMessage({ type: 'ready' });
    assert.equal(ready.ok, true);
  });

  it('Reset Counters from the dashboard clears the failure counters', async () => {
    await vscode.commands.executeCommand('agentSafeEdit.openDashboard');
    await waitFor('the panel', () => ui.dashboard.panel);
    assert.ok(ui.dashboard.lastState!.counters.some((c) => c.path === `${dir}/notes.md`));
    const outcome = await ui.dashboard.handleMessage({ type: 'resetCounters' });
    assert.equal(outcome.ok, true, outcome.ok ? '' : outcome.reason);
    const s = await ui.dashboard.push();
    assert.ok(s);
    assert.equal(s.counters.some((c) => c.path === `${dir}/notes.md`), false);
  });

  it('tree items satisfy the entry-command contract: Compare with Current opens a diff, Roll Back restores', async () => {
    const calc = (ui.history.getChildren() as FileItem[]).find((f) => f.path === `${dir}/calc.c`)!;
    const replace = (ui.history.getChildren(calc) as EntryItem[]).find((e) => e.entry.tool === 'replace_in_file')!;
    assert.equal(replace.command?.command, 'agentSafeEdit.history.compareWithCurrent', 'a click on an entry compares it');
    const compared = await vscode.commands.executeCommand<{ ok: boolean; message: string }>('agentSafeEdit.history.compareWithCurrent', replace);
    assert.equal(compared.ok, true, compared.message);
    const tab = vscode.window.tabGroups.activeTabGroup.activeTab;
    assert.ok(tab?.input instanceof vscode.TabInputTextDiff, 'a diff editor is open');

    const abs = vscode.Uri.joinPath(vscode.workspace.workspaceFolders![0].uri, dir, 'calc.c').fsPath;
    const { readFileSync } = await import('node:fs');
    assert.match(readFileSync(abs, 'utf8'), /divide/);
    const treeBefore = ui.history.refreshCount;
    // The tree item itself is the argument (as the inline action passes it); confirm:false with the session's UI token skips the modal.
    const rolled = await vscode.commands.executeCommand<{ ok: boolean; message: string }>('agentSafeEdit.history.rollbackToBefore', { ...replace, confirm: false, uiToken });
    assert.equal(rolled.ok, true, rolled.message);
    await waitFor(`calc.c restored on disk (${JSON.stringify(rolled)})`, () => (/divide/.test(readFileSync(abs, 'utf8')) ? undefined : true));
    await waitFor('a tree refresh', () => (ui.history.refreshCount > treeBefore ? true : undefined));
    const newest = (ui.history.getChildren(calc) as EntryItem[])[0];
    assert.equal(newest.entry.outcome, 'applied');
    assert.equal((newest.iconPath as vscode.ThemeIcon).id, 'history', 'a command rollback shows the rollback icon');
  });

  it('the refresh command refreshes the tree', async () => {
    const n = ui.history.refreshCount;
    await vscode.commands.executeCommand('agentSafeEdit.history.refresh');
    assert.ok(ui.history.refreshCount > n);
  });

  after(() => ui?.dashboard.panel?.dispose());
});
