import type * as vscode from 'vscode';
import type { Services } from '../tools/services';

/** Registers the views, the dashboard and the status bar item. (Placeholder until the UI lands.) */
export function registerUi(_context: vscode.ExtensionContext, _services: Services): Record<string, unknown> {
  return {};
}
