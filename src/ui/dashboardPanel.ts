import * as vscode from 'vscode';
import type { Services } from '../hosts/vscode/services';
import { codiconsDir } from './codiconsLocation';
import { debounce, Debounced } from './debounce';
import { dashboardHtml, makeNonce } from './dashboardHtml';
import { DashboardRequest, parseDashboardMessage } from './dashboardMessages';
import { buildDashboardState, DashboardState } from './dashboardState';
import type { SessionTally } from './sessionTally';

/** Commands the dashboard buttons run (implemented in src/commands/). */
export const ENTRY_COMMANDS = {
  rollback: 'agentSafeEdit.history.rollbackToBefore',
  compare: 'agentSafeEdit.history.compareWithCurrent',
  reveal: 'agentSafeEdit.history.revealFile',
  resetCounters: 'agentSafeEdit.resetFailureCounters',
} as const;

/** What handling one webview message did; kept for tests and the output channel. */
export type MessageOutcome = { ok: true; request: DashboardRequest } | { ok: false; reason: string };

/**
 * The dashboard panel: at most one, revealed again when already open. The state is pushed
 * whole (postMessage) after every change of the activity log or the guard, debounced; the
 * webview keeps it with setState, so no retainContextWhenHidden is needed: a re-shown panel
 * draws the saved state at once and asks for a fresh one ('ready').
 */
export class DashboardController implements vscode.Disposable {
  static readonly viewType = 'agentSafeEdit.dashboard';
  panel: vscode.WebviewPanel | undefined;
  /** The last state sent to the webview (or built for it). */
  lastState: DashboardState | undefined;
  /** The last message outcomes, newest last (bounded). */
  readonly messageLog: MessageOutcome[] = [];
  private readonly disposables: vscode.Disposable[] = [];
  private readonly schedule: Debounced;
  private ticker: ReturnType<typeof setInterval> | undefined;

  constructor(private readonly services: Services, private readonly tally: SessionTally, debounceMs = 100) {
    this.schedule = debounce(() => void this.push(), debounceMs);
    this.disposables.push(services.activity.onChange(() => this.schedule()));
    this.disposables.push(services.guard.onEvent(() => this.schedule()));
  }

  /** Opens the panel (or reveals it) and sends it a fresh state. */
  open(): vscode.WebviewPanel {
    if (this.panel) {
      this.panel.reveal(undefined, false);
      void this.push();
      return this.panel;
    }
    const extensionUri = this.services.extensionUri;
    const icons = codiconsDir(extensionUri);
    const media = vscode.Uri.joinPath(extensionUri, 'media');
    const panel = vscode.window.createWebviewPanel(DashboardController.viewType, 'Agent Safe Edit', vscode.ViewColumn.Active, {
      enableScripts: true,
      localResourceRoots: icons ? [media, icons] : [media],
    });
    panel.iconPath = vscode.Uri.joinPath(media, 'shield.svg');
    const webview = panel.webview;
    webview.html = dashboardHtml(
      {
        cspSource: webview.cspSource,
        scriptUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'dashboard.js')).toString(),
        styleUri: webview.asWebviewUri(vscode.Uri.joinPath(media, 'dashboard.css')).toString(),
        codiconsUri: icons ? webview.asWebviewUri(vscode.Uri.joinPath(icons, 'codicon.css')).toString() : undefined,
      },
      makeNonce(),
    );
    const subscriptions = [
      webview.onDidReceiveMessage((raw) => void this.handleMessage(raw)),
      panel.onDidChangeViewState(() => { if (panel.visible) void this.push(); }),
    ];
    panel.onDidDispose(() => {
      for (const s of subscriptions) s.dispose();
      if (this.ticker) clearInterval(this.ticker);
      this.ticker = undefined;
      this.panel = undefined;
    });
    // Relative times and the chart's time window move on even without events.
    this.ticker = setInterval(() => { if (panel.visible) this.schedule(); }, 15_000);
    this.panel = panel;
    void this.push();
    return panel;
  }

  /** Builds the state from the services now. */
  async buildState(): Promise<DashboardState> {
    const { store, guard, activity } = this.services;
    const stats = await store.stats();
    return buildDashboardState({ now: Date.now(), activity, tally: this.tally, guard: guard.snapshot(), entries: store.listAll(), stats, evictions: store.evictions() });
  }

  /** Sends a fresh state to the open panel; returns it (undefined when no panel is open). */
  async push(): Promise<DashboardState | undefined> {
    const panel = this.panel;
    if (!panel) return undefined;
    const state = await this.buildState();
    this.lastState = state;
    await panel.webview.postMessage({ type: 'state', state });
    return state;
  }

  /**
   * Validates one message from the webview and, only when it is valid, runs the command it
   * asks for. Never throws; the outcome says what happened.
   */
  async handleMessage(raw: unknown): Promise<MessageOutcome> {
    const store = this.services.store;
    const parsed = parseDashboardMessage(raw, {
      hasEntry: (id) => store.get(id) !== undefined,
      hasFile: (path) => store.list(path).length > 0,
    });
    const outcome = parsed.ok ? await this.perform(parsed.request) : parsed;
    if (!outcome.ok) this.services.log(`[dashboard] a webview message did not run: ${outcome.reason}`);
    this.messageLog.push(outcome);
    if (this.messageLog.length > 50) this.messageLog.shift();
    return outcome;
  }

  private async perform(request: DashboardRequest): Promise<MessageOutcome> {
    try {
      let result: unknown;
      switch (request.type) {
        case 'ready':
        case 'refresh':
          await this.push();
          break;
        case 'rollback':
          result = await vscode.commands.executeCommand(ENTRY_COMMANDS.rollback, { entryId: request.entryId });
          break;
        case 'compare':
          result = await vscode.commands.executeCommand(ENTRY_COMMANDS.compare, { entryId: request.entryId });
          break;
        case 'reveal':
          result = await vscode.commands.executeCommand(ENTRY_COMMANDS.reveal, { path: request.path });
          break;
        case 'resetCounters':
          await this.resetCounters();
          break;
      }
      // The entry commands answer with { ok, message } (src/commands/); they show their own errors.
      if (isFailedOutcome(result)) return { ok: false, reason: result.message ?? 'the command failed' };
      return { ok: true, request };
    } catch (e) {
      const reason = e instanceof Error ? e.message : String(e);
      void vscode.window.showErrorMessage(`Agent Safe Edit: ${reason}`);
      return { ok: false, reason };
    }
  }

  /** The reset command when it is registered; the guard itself otherwise (same effect, no confirmation). */
  private async resetCounters(): Promise<void> {
    const commands = await vscode.commands.getCommands(true);
    if (commands.includes(ENTRY_COMMANDS.resetCounters)) await vscode.commands.executeCommand(ENTRY_COMMANDS.resetCounters);
    else this.services.guard.reset();
    await this.push();
  }

  dispose(): void {
    this.schedule.dispose();
    if (this.ticker) clearInterval(this.ticker);
    this.panel?.dispose();
    for (const d of this.disposables) d.dispose();
  }
}

function isFailedOutcome(value: unknown): value is { ok: false; message?: string } {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}
