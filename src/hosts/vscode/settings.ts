import * as vscode from 'vscode';
import { effectiveSettings, SafeEditSettings, toSafeEditSettings } from '../../core/settings';

export type { SafeEditSettings } from '../../core/settings';

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
    warnOnce(r.warnings);
    return toSafeEditSettings(r.values);
  } catch (error) {
    warnOnce([`safeEdit settings could not be read (${error instanceof Error ? error.message : String(error)}); using the defaults.`]);
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

/**
 * Logs each warning not seen before, and raises ONE notification for them (a hostile
 * settings file with ten bad values must not open ten toasts).
 */
function warnOnce(messages: readonly string[]): void {
  const fresh = messages.filter((m) => !warned.has(m));
  if (fresh.length === 0) return;
  if (warned.size + fresh.length > MAX_REMEMBERED) warned.clear();
  for (const m of fresh) {
    warned.add(m);
    sink?.(`Settings: ${m}`);
  }
  const text = fresh.length === 1
    ? `Agent Safe Edit — ${fresh[0]}`
    : `Agent Safe Edit corrected ${fresh.length} settings (${fresh.map((m) => m.split(':')[0]).join(', ')}); details in the "Agent Safe Edit" output.`;
  // Not awaited: a notification, never a modal in the way of a tool call.
  void Promise.resolve(vscode.window.showWarningMessage(text)).catch(() => undefined);
}
