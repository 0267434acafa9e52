import * as vscode from 'vscode';
import { effectiveSettings, SafeEditSettings, toSafeEditSettings } from '../core/settings';

export type { SafeEditSettings } from '../core/settings';

/**
 * Reads the `safeEdit.*` settings, fresh per call so changes apply at once. They are
 * window-scoped, so no resource is passed (VS Code warns when one is).
 *
 * Each value comes from `inspect()` per scope and goes through the core policy: a
 * repository's .vscode/settings.json cannot loosen a guard or shrink retention in an
 * untrusted window, and nothing gets past its clamp. Never throws: activation depends on
 * it, and without our tools Copilot silently falls back to its own. A bad value falls back
 * with one warning naming the setting, shown once.
 */
export function readSettings(): SafeEditSettings {
  try {
    const c = vscode.workspace.getConfiguration('safeEdit');
    const r = effectiveSettings((key) => c.inspect(key), vscode.workspace.isTrusted);
    for (const w of r.warnings) warnOnce(w);
    return toSafeEditSettings(r.values);
  } catch (error) {
    warnOnce(`safeEdit settings could not be read (${error instanceof Error ? error.message : String(error)}); using the defaults.`);
    return toSafeEditSettings(effectiveSettings(() => undefined, false).values);
  }
}

let sink: ((line: string) => void) | undefined;
const warned = new Set<string>();
const MAX_REMEMBERED = 200;

/** Where warnings are logged too (the output channel); set once the channel exists. */
export function setSettingsWarningSink(log: (line: string) => void): void {
  sink = log;
}

function warnOnce(message: string): void {
  if (warned.has(message)) return;
  if (warned.size >= MAX_REMEMBERED) warned.clear();
  warned.add(message);
  sink?.(`Settings: ${message}`);
  // Not awaited: a notification, never a modal in the way of a tool call.
  void Promise.resolve(vscode.window.showWarningMessage(`Agent Safe Edit — ${message}`)).catch(() => undefined);
}
