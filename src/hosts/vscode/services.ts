import type * as vscode from 'vscode';
import type { Host, Target } from '../../engine/host';
import type { DiagnosticsActivity } from '../../validate/diagnostics-settle';
import type { LateDiagnostics } from './late-diagnostics';
import type { PromptRecord } from './user-prompt';
import type { ConsentTickets } from './consent-tickets';
import type { ProposedDocuments } from './proposed-documents';

/**
 * The VS Code host: the engine's Host (engine/host.ts) built once in activate(), plus what only
 * the extension's own parts use (the views, commands, the chat's consent, the test hooks).
 * Tools get this object rather than importing singletons, so tests and benchmarks can build
 * their own.
 */
export interface Services extends Host {
  readonly extensionUri: vscode.Uri;
  /** The read-only proposed texts diff editors show (a consent's Review Diff…, the setup's preview): one provider for the scheme. */
  readonly proposed: ProposedDocuments;
  /** Multi-file changes a crash cut short, found when the backup store opened (recovered at activation). */
  readonly interruptedGroups: Array<{ group_id: string; paths: string[] }>;
  readonly diagnosticsActivity: DiagnosticsActivity;
  /** Diagnostics that arrived after an edit's result; attached to the next result. */
  readonly lateDiagnostics: LateDiagnostics;
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
  /** VS Code's storage of this window (context.storageUri). */
  readonly windowDir: string;
  /** Where the backup store is: the folder's (state directory) or, for a window on several folders, `<windowDir>/backups`. */
  readonly historyDir: string;
  /** The folders (real paths) whose history this window holds: other agents' hooks of these folders come here. */
  historyFolders(): string[];
  /** A newer window on the folder asked for its history: stop recording, let the store go (hooks/hook-window.ts). */
  handOver(): Promise<void>;
  /** sha256 of a file's current text, or "" when it cannot be read (used for read identity). */
  peekSha256(path: string): Promise<string>;
}

export type { Target };
