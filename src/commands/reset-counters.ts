import * as vscode from 'vscode';
import type { Services } from '../hosts/vscode/services';
import type { CommandOutcome } from './restore-support';

/** "Reset Failure Counters": clears every failure counter and loop memory of this window. */
export function resetFailureCountersCommand(services: Services): CommandOutcome {
  services.guard.reset();
  const message = 'Agent Safe Edit: failure counters and loop detection were reset.';
  services.activity.note({ time: Date.now(), kind: 'reset', tool: 'command', message: 'Failure counters reset by the user' });
  void vscode.window.showInformationMessage(message);
  return { ok: true, message };
}
