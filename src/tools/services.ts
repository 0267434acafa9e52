import { LateDiagnostics } from './late-diagnostics';
import type * as vscode from 'vscode';
import type { ActivityLog } from '../core/activity';
import type { Failure } from '../core/types';
import type { KeyedLock } from '../workspace/file-lock';
import type { SafeEditSettings } from '../workspace/settings';
import type { GuardState } from '../core/guard';
import type { BackupStore } from '../history/backupStore';
import type { DiagnosticsActivity } from '../validate/diagnostics-settle';
import type { Target } from '../workspace/resolve-target';
import type { PromptRecord, UserPrompt } from './user-prompt';
import type { ConsentTickets } from './consent-tickets';

/**
 * Everything a tool needs from the rest of the extension, built once in activate(). Tools get
 * this object rather than importing singletons, so tests and benchmarks can build their own.
 */
export interface Services {
  readonly extensionUri: vscode.Uri;
  readonly storageDir: string;
  /** Multi-file changes a crash cut short, found when the backup store opened (recovered at activation). */
  readonly interruptedGroups: Array<{ group_id: string; paths: string[] }>;
  readonly locks: KeyedLock;
  readonly activity: ActivityLog;
  /** The safeEdit.* settings, read fresh (they are window-scoped: one value per window). */
  settings(): SafeEditSettings;
  readonly guard: GuardState;
  readonly store: BackupStore;
  readonly diagnosticsActivity: DiagnosticsActivity;
  /** Diagnostics that arrived after an edit's result; attached to the next result (issue 15). */
  readonly lateDiagnostics: LateDiagnostics;
  /** A stable id for the chat request a tool call belongs to, when its token identifies one. */
  turnIdFor(invocationToken: unknown): string | undefined;
  /** For a sensitive file (settings, workflows, lockfiles…): the user's explicit consent (a chat confirmation of this exact change, else a modal dialog), or PERMISSION_DENIED. */
  consentForSensitive(target: Target, oldText: string, newText: string, tool: string): Promise<{ ok: true } | { ok: false; failure: Failure }>;
  /** Sensitive-file changes the chat's confirmation already showed and the user accepted (see consent-tickets.ts). */
  readonly consentTickets: ConsentTickets;
  /** Test mode only: true while setConsentAnswerForTests has an answer (the chat's confirmation is then not used). */
  consentAnsweredForTests(): boolean;
  /** Test mode only: answers the consent dialog (undefined = show the real dialog) and clears the prompt record. Ignored otherwise. */
  setConsentAnswerForTests(answer: 'allow' | 'deny' | undefined): void;
  /** Test mode only: the modal prompts shown (or stub-answered) since the last setConsentAnswerForTests; [] otherwise. */
  consentPromptsForTests(): PromptRecord[];
  /** Test mode only: this session's UI token (lets a test pass `confirm: false` to a command); undefined otherwise. */
  uiTokenForTests(): string | undefined;
  /** A modal question to the user (answered by the stub in test mode); the chosen button or undefined. */
  ask(prompt: UserPrompt): Promise<string | undefined>;
  checkInput(tool: string, input: unknown): { ok: true; value: unknown } | { ok: false; failure: Failure };
  /**
   * The file identity the guard counts by: the same one the journal uses (the resolved
   * target's display path), so counters and history never key one file twice; a path that
   * does not resolve keeps a lexical normalization.
   */
  identify(path: string): Promise<string>;
  /** sha256 of a file's current text, or "" when it cannot be read (used for read identity). */
  peekSha256(path: string): Promise<string>;
  /**
   * A cheap token that changes whenever the file's text may have changed (the open document's
   * version, else the file's mtime and size), or "" when it cannot be resolved. Reads use it
   * as their call identity, so re-reading a changed file is not a repeated call — without
   * reading the file twice.
   */
  peekVersion(path: string): Promise<string>;
  log(line: string): void;
}
