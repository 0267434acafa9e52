import type { ActivityLog } from '../core/activity';
import type { GuardState } from '../core/guard';
import type { SafeEditSettings } from '../core/settings';
import type { EolKind } from '../core/text/eol';
import type { Failure, Result } from '../core/types';
import type { BackupStore } from '../history/backupStore';
import type { ResolvedPath, WorkspaceRoot } from '../files/confine';
import type { KeyedLock } from '../files/file-lock';
import type { CheckpointDiff } from '../history/checkpoints/diffCheckpoints';
import type { ChangeKind, Writer } from '../history/types';
import type { HookedCall } from './writers/hooked-calls';

/**
 * The one interface between the tool engine and where files live. The engine (every tool, the
 * single- and multi-file pipelines, the write transaction, rollback, crash recovery) is written
 * once against it; VS Code (src/hosts/vscode: editor buffers, WorkspaceEdit + save, chat
 * consent, diagnostics) and the disk (src/hosts/disk: the headless server) implement it. A
 * rule about edits, writes, deletes or rollback belongs above this line, so the two cannot drift.
 */
export interface Host {
  /** Our backup store's folder: never a valid target of any tool. */
  readonly storageDir: string;
  readonly store: BackupStore;
  /** Per-file locks, keyed by real path. */
  readonly locks: KeyedLock;
  readonly guard: GuardState;
  readonly activity: ActivityLog;
  readonly files: FileHost;
  /** The safeEdit.* settings as they apply now (VS Code: scoped and clamped; disk: the defaults). */
  settings(): SafeEditSettings;
  log(line: string): void;
  /** The tool's input checked against the schema the manifest declares. */
  checkInput(tool: string, input: unknown): { ok: true; value: unknown } | { ok: false; failure: Failure };
  /** The identity the guard and the journal key a path by (a path that does not resolve keeps a lexical form). */
  identify(path: string): Promise<string>;
  /** A cheap token that changes whenever the file may have changed ("" when it cannot be resolved). */
  peekVersion(path: string): Promise<string>;
  /** The turn a call belongs to (its chat request, or its MCP session's quiet-gap turn). */
  turnIdFor(invocationToken: unknown, preferId?: string): string | undefined;
  /**
   * A protected file's change needs the user's yes: VS Code asks (the chat's confirmation of
   * this exact change for this call's `holder`, else a modal); the disk host cannot ask and
   * refuses unless the user allowed protected files. `holder` is the call's
   * InvocationContext.consentHolder (undefined: no confirmation can cover the call).
   */
  consentForSensitive(target: Target, oldText: string, newText: string, tool: string, holder: string | undefined): Promise<{ ok: true } | { ok: false; failure: Failure }>;
  /** A modal question to the user; the chosen button, or undefined (no one to ask, dismissed). */
  ask(prompt: UserPrompt): Promise<string | undefined>;
  /** What execute_program may do here. */
  readonly exec: ExecHost;
  /** After-write observers (VS Code's diagnostics); absent where there are none. */
  readonly diagnostics?: DiagnosticsHost;
  /** Workspace checkpoints, which let the changes of other writers be recorded; absent where none are taken. */
  readonly checkpoints?: CheckpointHost;
  /** The recording of other writers' changes (engine/writers/writer-recorder.ts); absent where there is none. */
  readonly writers?: WritersHost;
}

/** What one recording of other writers' changes wrote to the journal. */
export interface RecordedChanges {
  files: Array<{ path: string; kind: ChangeKind; writer: Writer['kind'] }>;
  /** The group the files form, when there are several of one writer. */
  groupId?: string;
  /** Paths seen changed but not recorded, and why. */
  skipped: Array<{ path: string; reason: string }>;
}

/** Records the changes writers other than our tools' edits make (see WriterRecorder). */
export interface WritersHost {
  /** The id of a turn an agent's own edit started, which the first tool call of ours in it takes (not our commands). */
  adoptableTurnId(): string | undefined;
  /** A call of our tools (the turn goes on, or a new one starts). */
  noteCall(turnId: string | undefined, client: string | undefined): void;
  /** Records the current turn's changes now: before anything reads the turn from the journal. */
  settle(): Promise<RecordedChanges>;
  /** Files a turn changed that could not be recorded, and why (newest recordings; bounded). */
  notRecorded(turnId: string | undefined): Array<{ path: string; reason: string }>;
  /** Another agent's tool call, told by its hook (pre: checkpoint; post: what it changed, journaled as its). */
  hookedCall(call: HookedCall): Promise<RecordedChanges>;
  /** The hooked calls whose post has not come yet (a background owner does not end while one waits). */
  openCallCount(now: number): number;
  /** Runs execute_program's program between two checkpoints and records what it changed as one change. */
  aroundProgram<T>(argv: string[], turnId: string | undefined, client: string | undefined, run: () => Promise<T>): Promise<{ result: T; recorded: RecordedChanges }>;
}

/** One workspace folder's checkpoint. */
export interface FolderCheckpoint {
  /** The folder's real path. */
  root: string;
  id: string;
  /** Epoch milliseconds when the take started: files written later may be missing from it. */
  started: number;
  /** When the take returned (set by the recorder): a write between the two may be caught half done. */
  ended?: number;
}

/** Workspace checkpoints as the engine uses them (the host applies its excludes and caps). */
export interface CheckpointHost {
  /**
   * A checkpoint of every workspace folder, taken now and awaited (incremental: unchanged files
   * are not read); a folder whose take failed is missing. `changedPaths` (absolute): only these
   * may have changed since each folder's newest checkpoint (a watcher's events), so only they are
   * examined; undefined walks the folders whole.
   */
  takeAll(changedPaths?: string[]): Promise<FolderCheckpoint[]>;
  diff(a: string, b: string): Promise<Result<{ diff: CheckpointDiff }>>;
  /** Drops old checkpoints (all but the newest few per folder, and those older than the history) except `keep`, and the blobs only they held. */
  prune(keep: string[]): Promise<void>;
}

/** A modal question: the buttons in order, and which one means "yes" (for the test stub). */
export interface UserPrompt {
  message: string;
  detail: string;
  choices: readonly string[];
  yes: string;
}

/** A confined path: where it is, really, and the identity the model, the journal and the guard see. */
export interface Target extends ResolvedPath {
  displayPath: string;
}

/** A file's text as a tool sees it, read under its lock. */
export interface FileText {
  text: string;
  /** sha256Text of `text` (BOM excluded): the hash protocol's value. */
  sha256: string;
  eol: EolKind;
  /** A UTF-8 BOM is on disk; kept by every write, never part of `text` or the hash. */
  bom: boolean;
  /** The file's permission bits, when the host knows them: a move or a re-creation keeps them. */
  mode?: number;
  /** An editor holds the file (VS Code host). */
  isOpen?: boolean;
  /** That editor has changes the user has not saved: a rollback never overwrites them, a save never happens for them. */
  isDirty?: boolean;
  /**
   * The editor has no unsaved changes but does not hold what the disk holds (another program
   * wrote the file): `text` is the disk's, and the host writes to disk directly.
   */
  editorStale?: boolean;
  /**
   * The editor has no unsaved changes and holds the disk's text with its line endings
   * normalized (VS Code's model does that to mixed ones): `text` is the disk's, and the host
   * writes to disk directly so every other line ending survives.
   */
  editorEolNormalized?: boolean;
  /**
   * The disk's bytes, when they are not `text` in UTF-8: an editor with no unsaved changes holds
   * the file in another encoding (latin1, UTF-16) and saves it back as these bytes. The write
   * transaction backs up these bytes, not the text, so a rollback restores them exactly.
   */
  diskBytes?: Buffer;
}

/** A file that cannot be read as text (binary, not UTF-8, too large), read for a rollback. */
export interface FileBytes {
  bytes: Buffer;
  /** sha256 of the bytes. */
  sha256: string;
  /** Why it is not text: the text read's failure type. */
  unreadable: string;
  /** The file's permission bits, when the host knows them (as FileText.mode). */
  mode?: number;
  isOpen?: boolean;
  isDirty?: boolean;
}

export type FileContent = FileText | FileBytes;

export function isFileBytes(c: FileContent | undefined): c is FileBytes {
  return c !== undefined && 'bytes' in c;
}

/** What a text write left: the text, its hash, whether it is on disk, and notes for the model. */
export interface Applied {
  text: string;
  sha256: string;
  /** False when the text stands in an editor but is not saved (the user's own unsaved changes were there). */
  saved: boolean;
  notes: string[];
  /** sha256 of the bytes the write left on disk, when they are not `text` in UTF-8 (saved in another encoding). */
  diskSha256?: string;
}

/** What a new file takes over from the file it stands in for: the BOM and the permission bits. */
export interface FileLike {
  bom: boolean;
  mode?: number;
}

/** Reading, writing and deleting files, the host's way. Every method is confined to targets it resolved. */
export interface FileHost {
  /** The workspace folders (VS Code's file folders; the disk host's one root). */
  roots(): WorkspaceRoot[];
  /** A tool's path, confined (realpath inside a root; never `.git` internals or our store for writes). */
  resolve(input: string, options: { forWrite: boolean; allowCreate: boolean }): Promise<Result<{ target: Target }>>;
  /** The text of an existing file (VS Code: the editor's buffer when it has unsaved changes). */
  readText(target: Target, maxBytes: number): Promise<Result<{ current: FileText }>>;
  /** A file for a rollback: text when it can be, else its bytes (up to maxRawBytes); undefined when missing. */
  readForRestore(target: Target, maxTextBytes: number, maxRawBytes: number): Promise<Result<{ current: FileContent | undefined }>>;
  /**
   * Creates (current undefined) or changes a text file; the host re-checks that the file holds
   * `current` where it writes to disk. A file created `like` another (a move's target, a deleted
   * file put back) gets that BOM and mode; a changed file always keeps its own.
   */
  writeText(target: Target, current: FileText | undefined, newText: string, createDirs: boolean, like?: FileLike): Promise<Result<{ applied: Applied }>>;
  /** Writes bytes (or a text's UTF-8) as they are, after checking the disk holds `current` (null: the file must not exist). */
  writeBytes(target: Target, current: FileContent | undefined, data: Buffer, createDirs: boolean): Promise<Result<{}>>;
  /**
   * Sets the permission bits of a file the caller just wrote under its lock (a rollback gives a
   * file the mode it had: a mode is part of a file's state). A failure changes nothing else.
   */
  setMode(target: Target, mode: number): Promise<Result<{}>>;
  /** Deletes the file only while it still holds `current` (another program's later content is never deleted unseen). */
  delete(target: Target, current: FileContent): Promise<Result<{}>>;
  /**
   * Renames a file that still holds `current`, within its folder, onto a name where nothing
   * stands or that is this very file under another case (a case-insensitive mount); never onto
   * another file. A host may refuse the second (VS Code on Linux takes names that differ in
   * case for two files); the caller then goes through a temporary name.
   */
  rename(from: Target, to: Target, current: FileText): Promise<Result<{}>>;
  /** True when the folder lists exactly `target`'s name, case included. */
  listsName(target: Target): Promise<boolean>;
  /** The language a validator checks the text as. */
  languageId(target: Target): string;
}

/** Where and whether execute_program runs. */
export interface ExecHost {
  /** A refusal before anything is resolved (untrusted workspace, exec off), else undefined. */
  refusal(client: string | undefined): Failure | undefined;
  /**
   * The user's answer for a call whose arguments need one every time (inline code, git
   * configuration, protected files named), or for every call where the host says so:
   * undefined = run, a failure = do not.
   */
  confirm(call: ExecConfirmation): Promise<Failure | undefined>;
}

export interface ExecConfirmation {
  program: string;
  resolvedPath: string;
  args: string[];
  cwd: string;
  stdinChars?: number;
  risks: Array<{ kind: string; index: number; reason: string }>;
  client: string | undefined;
}

/** Observers of an edit around its write (VS Code: the problems the edit introduced). */
export interface DiagnosticsHost {
  /** Before the write: what the file's problems are now; the returned watch goes to report. */
  watch(target: Target, current: FileText | undefined): Promise<unknown>;
  /** After the write: the fields the result carries, and whether the edit was undone again (rolledBack). */
  report(target: Target, watch: unknown, beforeText: string | undefined, applied: Applied, options: { mayRollBack: boolean }): Promise<DiagnosticsReport>;
}

export interface DiagnosticsReport {
  fields: Record<string, unknown>;
  rolledBack: boolean;
  /** One line naming the problems (for the message). */
  summary: string;
  /** The file's hash after a rollback. */
  sha256?: string;
}

/** A cancellation the engine can poll and listen to (VS Code's CancellationToken has this shape). */
export interface CancelSignal {
  readonly isCancellationRequested: boolean;
  onCancellationRequested(listener: () => void): { dispose(): void };
}

/** One tool call as the engine runs it. */
export interface InvocationContext {
  host: Host;
  token: CancelSignal;
  /** The chat request's opaque token (undefined outside a chat request): used to group turns. */
  invocationToken: unknown;
  /** Who called, as the history records it: "chat", "mcp:<client name>", undefined for other callers. */
  client?: string;
  /**
   * Who may use a consent ticket a chat confirmation left (hosts/vscode/consent-holder.ts): set
   * only on calls through vscode.lm, the one way a confirmation can precede a call; MCP and
   * command calls leave it undefined and are always asked in the tool's own dialog.
   */
  consentHolder?: string;
}
