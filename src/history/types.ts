/**
 * What happened to one agent change:
 * - pending: `begin` wrote the snapshot, the edit is in flight;
 * - applied: the edit reached the file;
 * - blocked: a guard refused it, the file is unchanged;
 * - failed: it failed, the file is unchanged;
 * - rolled_back: the tool applied it and then reverted it itself (the file holds `before` again);
 * - interrupted: the process died between `begin` and `finish` (found by `open`); the
 *   file may or may not have been changed, the snapshot of `before` is kept.
 */
export type Outcome = 'pending' | 'applied' | 'blocked' | 'failed' | 'rolled_back' | 'interrupted';

/** Outcomes a caller may pass to `finish`. */
export type FinishOutcome = Exclude<Outcome, 'pending' | 'interrupted'>;

/** One journal entry: one agent change (or attempt) on one file. */
export interface JournalEntry {
  /** Unique within a store ("<time>-<counter>-<random>"); order entries by `list`, not by id. */
  id: string;
  /** Epoch milliseconds when the change began. */
  time: number;
  /** Tool that made it ("write_file", "rollback_file", …). */
  tool: string;
  /** Workspace-relative path as the caller gave it (the store never touches the file). */
  path: string;
  /** sha256 (sha256Text) of the file's text before the change. */
  before_sha256: string;
  /** sha256 after the change; null while pending or interrupted. */
  after_sha256: string | null;
  /**
   * sha256 of the bytes the change left on disk, when they are not the after text's UTF-8 (an
   * editor saved the file in another encoding). A later read of the file as bytes (no editor
   * decodes it then) is recognised as unchanged by this hash, as a read as text is by the other.
   */
  after_disk_sha256?: string;
  /** UTF-8 size of the text before the change. */
  bytes: number;
  /** UTF-8 size after the change; null when unknown. */
  after_bytes: number | null;
  lines_added: number;
  lines_removed: number;
  outcome: Outcome;
  /** The chat request (turn) the change belongs to, when the caller knows it. */
  turn_id?: string;
  /** Who made it: "chat" (Copilot or another chat participant), "mcp:<client name>", "command"…; absent when unknown. */
  client?: string;
  /** Epoch milliseconds of the completion record. */
  finished_time?: number;
  /** A short note from the caller (e.g. why it was blocked). */
  message?: string;
  /** True when the store holds the `before` text (restorable); false for attempts recorded without one. */
  has_snapshot: boolean;
  /**
   * What the change does to the file: create it, modify it, or delete it. Absent on entries
   * journaled before this field existed (see {@link changeKindOf}).
   */
  kind?: ChangeKind;
  /**
   * Set on every entry of one multi-file change (one tool call that changed several files
   * all or nothing): the entries are one unit in the history and for rollback. Shared by all
   * of them, with `group_size` the number of files the change wrote.
   */
  group_id?: string;
  group_size?: number;
  /**
   * What a change of a multi-file group meant to leave, journaled when it began: sha256Text of
   * the new text, null for a delete. Crash recovery rolls back only the files that hold it (the
   * change reached them); a file that holds anything else was changed since and is left alone.
   */
  intended_sha256?: string | null;
  /**
   * The file's UTF-8 BOM and permission bits before the change, when the writer knew them: a
   * rollback that re-creates a deleted file gives them back. Absent on older entries (no BOM,
   * the default mode).
   */
  before_bom?: boolean;
  before_mode?: number;
  /**
   * The permission bits the change left, when they are known and part of the change (a program
   * that changed a script's mode; a rollback that gave a mode back): a mode is part of a file's
   * state, so a change of mode alone is a change, and rolling it back restores `before_mode`.
   */
  after_mode?: number;
  /**
   * On the new name of a case-only rename (a create entry; its group holds the old name's
   * delete entry): the name the file had, and the temporary name in the same folder it passes
   * through, so crash recovery finds the file under whichever of the three names it has.
   */
  renamed_from?: string;
  rename_via?: string;
  /** The writer of a change recorded after the fact (see Writer); absent on our tools' own edits. */
  writer?: Writer;
}

/**
 * Who wrote a change that did not come through one of our tools' own edits: a program that
 * execute_program ran (its argv), an agent's own tool (Copilot's replace_string_in_file, another
 * agent's Edit through its hooks), or a writer we only saw the effect of ("outside the tools":
 * a terminal, a task, another extension, a process outside VS Code). Absent on our tools' edits.
 */
export interface Writer {
  /** "user": the user's own typing or save during a turn, recorded so a turn rollback can show it, never restored unless picked. */
  kind: 'execute_program' | 'agent_tool' | 'outside' | 'user';
  /** The writer's name where known: "copilot:replace_string_in_file", "claude-code:Edit", a task's label… */
  name?: string;
  /** execute_program's program and arguments. */
  argv?: string[];
}

export type ChangeKind = 'create' | 'modify' | 'delete';

/**
 * The kind of an entry; entries journaled before `kind` existed marked a creation with the
 * message "created" (and an empty before-text) and a deletion with "deleted".
 */
export function changeKindOf(e: JournalEntry): ChangeKind {
  if (e.kind) return e.kind;
  if (e.message === 'created' && e.bytes === 0) return 'create';
  if (e.message === 'deleted') return 'delete';
  return 'modify';
}

export interface BackupStoreOptions {
  /** Journal entries kept per file; older ones are dropped first. Default 50. */
  maxEntriesPerFile?: number;
  /**
   * The store's cap: every blob it keeps (the history's snapshots and the workspace checkpoints'
   * chunks and files), the journal and the checkpoint records. Over it, old checkpoints go
   * first, then journal entries; one checkpoint records at most half of it (storeRetention.ts).
   * Default 200 MB.
   */
  maxTotalBytes?: number;
  /**
   * A new snapshot is stored as a delta against the file's newest keyframe only while the
   * compressed delta is at most this fraction of the keyframe's compressed size; beyond it
   * a fresh keyframe is written. Default 0.25.
   */
  deltaMaxRatio?: number;
  /** At most this many deltas share one keyframe. Default 200. */
  maxDeltasPerKeyframe?: number;
  /**
   * Test hook: called at each durability step of begin/finish, of retention, garbage
   * collection and journal compaction (e.g. "begin:snapshot", "gc:removed",
   * "compact:renamed"), so the crash test can kill the process at every one of them.
   */
  onStep?: (step: string) => void;
  /**
   * Where the store says what it refused to do and why (it lost its lock to another owner).
   * Default: console.warn.
   */
  log?: (line: string) => void;
  /**
   * Open collects no garbage and applies no retention: a timer does, this long after open
   * (unless a retention round that drops something, or applyCap({ collect: true }), came first).
   * Default 10 s.
   */
  collectAfterOpenMs?: number;
  /** The blob index on disk is brought up to date and marked clean once the store was idle this long (and at close). Default 2 s. */
  indexMarkIdleMs?: number;
}

/** What `open` found and repaired. */
export interface RecoveryReport {
  /** Ids of entries left pending by a crash, now marked "interrupted". */
  interrupted: string[];
  /**
   * Multi-file changes a crash cut short (some entry of the group was still pending): the
   * files may hold a mix of before and after texts. Rolling back the group (rollback_file of
   * any of its files) restores every file to its before text in one step.
   */
  interruptedGroups: Array<{ group_id: string; paths: string[] }>;
  /** Bytes of a torn (partially written) last journal line that were cut off. */
  tornBytes: number;
  /** Journal lines that could not be read and were skipped. */
  badLines: number;
  /** Temporary files of interrupted writes that were removed. */
  tempFilesRemoved: number;
}

export interface FileSummary {
  path: string;
  entries: number;
  /** Time of the newest entry. */
  last_time: number;
}

export interface StoreStats {
  entries: number;
  files: number;
  /** Bytes on disk: every blob (the history's snapshots, the checkpoints' chunks and files), the journal and the checkpoint records. */
  bytes: number;
  /** The cap retention keeps `bytes` within (BackupStoreOptions.maxTotalBytes). */
  max_bytes: number;
  /** Of `bytes`, the workspace checkpoints': their records and the blobs no journal entry (nor this session's snapshot) needs. */
  checkpoint_bytes: number;
  /** Workspace checkpoints stored. */
  checkpoints: number;
  /** Time of the oldest entry, null when empty. */
  oldest: number | null;
  /** Set while `bytes` is over `max_bytes`: by how much, and why retention could not bring it down. */
  over_cap?: { bytes: number; why: string };
}

/**
 * Entries the retention policy dropped from one file's history at one time, and why. Kept so
 * the user can see what was evicted (the dashboard lists these).
 */
export interface EvictionRecord {
  time: number;
  path: string;
  reason: 'count_limit' | 'size_budget';
  /** Restorable versions dropped (texts rollback could have restored). */
  versions: number;
  /** Attempts dropped (blocked, failed, rolled back: they changed nothing). */
  attempts: number;
  /**
   * Workspace checkpoints of the folder `path` the cap pruned (reason size_budget; versions and
   * attempts 0): the state they held is no longer a recording's starting point.
   */
  checkpoints?: number;
  /** Time of the oldest and newest dropped entry (or checkpoint). */
  from_time: number;
  to_time: number;
}
