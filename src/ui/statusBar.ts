import * as vscode from 'vscode';
import type { ActivityEvent, ActivityLog } from '../core/activity';
import { debounce, Debounced } from './debounce';
import { clockTime } from './format';
import type { SessionTally } from './sessionTally';

/** A loop or limit detection this recent turns the item's background to the warning color. */
export const ALERT_WINDOW_MS = 5 * 60_000;
const RECHECK_MS = 15_000;

/** The item's text: shield, edits and blocked writes this session. */
export function statusText(edits: number, blocked: number): string {
  return `$(shield) ${edits} edit${edits === 1 ? '' : 's'} · ${blocked} blocked`;
}

/**
 * The status bar item: `$(shield) N edits · M blocked`, a warning background while a loop or
 * failure limit fired within ALERT_WINDOW_MS (re-checked on a timer, so it clears by itself),
 * a click opens the dashboard, the tooltip names the last event.
 */
export class StatusBarController implements vscode.Disposable {
  readonly item: vscode.StatusBarItem;
  /** True while the warning background is shown. */
  warning = false;
  private readonly schedule: Debounced;
  private readonly subscription: { dispose(): void };
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(private readonly activity: ActivityLog, private readonly tally: SessionTally, debounceMs = 100) {
    this.item = vscode.window.createStatusBarItem('agentSafeEdit.status', vscode.StatusBarAlignment.Left, 50);
    this.item.name = 'Agent Safe Edit';
    this.item.command = 'agentSafeEdit.openDashboard';
    this.schedule = debounce(() => this.update(), debounceMs);
    this.subscription = activity.onChange(() => this.schedule());
    this.timer = setInterval(() => this.update(), RECHECK_MS);
    this.update();
    this.item.show();
  }

  /** Recomputes text, background and tooltip from the tally and the activity log now. */
  update(now = Date.now()): void {
    const edits = this.tally.count('edit');
    const blocked = this.tally.count('blocked');
    this.item.text = statusText(edits, blocked);
    const alert = this.activity.lastOf(['loop', 'limit'], now - ALERT_WINDOW_MS);
    this.warning = alert !== undefined;
    this.item.backgroundColor = alert ? new vscode.ThemeColor('statusBarItem.warningBackground') : undefined;
    this.item.tooltip = tooltip(edits, blocked, this.tally.lastEvent(), alert);
    this.item.accessibilityInformation = { label: `Agent Safe Edit: ${edits} edits, ${blocked} blocked this session${alert ? ', the agent is stuck in a failure loop' : ''}. Open the dashboard.` };
  }

  dispose(): void {
    clearInterval(this.timer);
    this.schedule.dispose();
    this.subscription.dispose();
    this.item.dispose();
  }
}

function describe(e: ActivityEvent): string {
  const where = e.path ? ` ${e.path}` : '';
  const type = e.error_type ? ` (${e.error_type})` : '';
  const via = e.client?.startsWith('mcp:') ? ` via MCP (${e.client.slice(4)})` : '';
  return `${clockTime(e.time)} ${e.tool}${where}${via}: ${e.kind}${type}`;
}

function tooltip(edits: number, blocked: number, last: ActivityEvent | undefined, alert: ActivityEvent | undefined): vscode.MarkdownString {
  const md = new vscode.MarkdownString();
  md.appendMarkdown(`**Agent Safe Edit** — ${edits} edits, ${blocked} blocked this session\n\n`);
  if (alert) { md.appendMarkdown('$(warning) '); md.appendText(`${describe(alert)}\n\n`); md.supportThemeIcons = true; }
  if (last) { md.appendText(`Last: ${describe(last)}`); md.appendMarkdown('\n\n'); md.appendText(last.message.length > 200 ? `${last.message.slice(0, 200)}…` : last.message); }
  else md.appendText('No agent tool calls yet.');
  md.appendMarkdown('\n\nClick to open the dashboard.');
  return md;
}
