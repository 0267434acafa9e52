import type * as vscode from 'vscode';
import type { Services } from '../tools/services';

/** Registers the command-palette commands. (Placeholder until the commands land.) */
export function registerCommands(_context: vscode.ExtensionContext, _services: Services): void {}
