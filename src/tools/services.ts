import type * as vscode from 'vscode';
import type { ActivityLog } from '../core/activity';
import type { Failure } from '../core/types';
import type { KeyedLock } from '../workspace/file-lock';
import type { SafeEditSettings } from '../workspace/settings';
import type { GuardState } from '../core/guard';

/**
 * Everything a tool needs from the rest of the extension, built once in activate(). Tools get
 * this object rather than importing singletons, so tests and benchmarks can build their own.
 */
export interface Services {
  readonly extensionUri: vscode.Uri;
  readonly storageDir: string;
  readonly locks: KeyedLock;
  readonly activity: ActivityLog;
  settings(scope?: vscode.Uri): SafeEditSettings;
  readonly guard: GuardState;
  checkInput(tool: string, input: unknown): { ok: true; value: unknown } | { ok: false; failure: Failure };
  /** The file identity the guard counts by: the workspace-relative path, or the input as given when it does not resolve. */
  normalizeForGuard(path: string): string;
  /** sha256 of a file's current text, or "" when it cannot be read (used for read identity). */
  peekSha256(path: string): Promise<string>;
  log(line: string): void;
}
