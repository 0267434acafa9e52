import type { BackupStore } from '../history/backupStore';
import type { GuardState } from '../core/guard';
import type { SafeEditSettings } from '../core/settings';
import type { KeyedLock } from '../workspace/file-lock';

/**
 * What the headless server's tools share, built once at start (mcp-stdio.ts): the one
 * workspace root, the backup store (ours alone: it holds its lock), per-file locks, the
 * failure/loop guard, and the settings (the defaults: no VS Code settings here).
 */
export interface HeadlessContext {
  /** The workspace root as given (absolute). */
  readonly root: string;
  /** Its real path. */
  readonly realRoot: string;
  /** The store's directory: never a valid target. */
  readonly storeDir: string;
  readonly store: BackupStore;
  readonly locks: KeyedLock;
  readonly guard: GuardState;
  readonly settings: SafeEditSettings;
  readonly allowProtected: boolean;
  readonly allowExec: boolean;
  /** The turn id for a call now (calls of this one session within the quiet gap share one). */
  turnId(): string | undefined;
  log(line: string): void;
}

/** One call: who makes it (journaled) and its cancellation. */
export interface HeadlessCall {
  /** "mcp:<client name>" from the MCP initialize request's clientInfo. */
  client: string;
  signal?: AbortSignal;
}
