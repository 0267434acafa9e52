import type { JournalEntry, Writer } from '../../history/types';
import type { CheckpointHost, FolderCheckpoint, Host, RecordedChanges, WritersHost } from '../host';
import { journalObservedChanges, ObservedChange } from '../write/transaction';
import { GapPiece, gapsOf, Side, TakeWindow } from './journal-gaps';
import { compareCheckpoints, readObserved } from './observed-changes';
import { PathActivity, PathSeen } from './path-activity';
import { RecordingTurn, TurnWindow } from './turn-window';

export interface WriterRecorderOptions {
  /** How long after the agent's last activity other writers' changes are still the turn's (safeEdit.writers.turnTailSeconds). */
  tailMs: () => number;
  /** Whether other writers are recorded during turns (safeEdit.writers.recordTurns); execute_program's runs always are. */
  recordTurns: () => boolean;
  /**
   * The host reports file events (noteEvent) for every path the checkpoints cover: settles may
   * examine only those paths. Without a watcher every checkpoint walks the folders whole.
   */
  watcher?: boolean;
  /**
   * Take a checkpoint when a turn starts (a host without a watcher, whose base is not kept fresh
   * in the background: the headless server). Changes before it are nobody's turn.
   */
  checkpointAtTurnStart?: boolean;
  /** The clock (tests pass a fake one). */
  now?: () => number;
}

type Recorded = RecordedChanges;
type RecorderHost = Pick<Host, 'store' | 'files' | 'log'> & { checkpoints: CheckpointHost };

const NOTHING: Recorded = { files: [], skipped: [] };
/** Per turn, the most paths kept as "not recorded", and the most turns remembered. */
const MAX_SKIPPED_KEPT = 50;
const MAX_TURNS_KEPT = 20;
/** Takes between two prunings of old checkpoints. */
const PRUNE_EVERY = 25;

/** When the oldest folder checkpoint of a set began: journal entries from then on are newer than it. */
function since(checkpoints: FolderCheckpoint[]): number {
  return Math.min(...checkpoints.map((c) => c.started));
}

/** When a set of folder checkpoints was taken, from the first start to the last end. */
function takeWindow(checkpoints: FolderCheckpoint[]): TakeWindow {
  return { started: since(checkpoints), ended: Math.max(...checkpoints.map((c) => c.ended ?? c.started)) };
}

/** Our own write's temporary file (files/write-direct.ts), seen if a checkpoint ran mid-write: never another writer's. */
export function isOurTemporaryFile(abs: string): boolean {
  const name = abs.slice(Math.max(abs.lastIndexOf('/'), abs.lastIndexOf('\\')) + 1);
  return name.startsWith('.') && name.endsWith('.tmp') && name.includes('.ase-');
}

/** Both names (lower case) of every case-only rename journaled since `since`. */
function caseRenamedSince(entries: readonly JournalEntry[], sinceTime: number): Set<string> {
  const out = new Set<string>();
  for (const e of entries) {
    if (e.time < sinceTime) break; // newest first
    if (e.renamed_from !== undefined && e.renamed_from.toLowerCase() === e.path.toLowerCase()) out.add(e.path.toLowerCase());
  }
  return out;
}

/**
 * Records in the journal what writers other than our tools' edits changed, by comparing
 * workspace checkpoints: execute_program's run (a checkpoint before and after), and during an
 * agent turn (TurnWindow) everything else — Copilot's own tools, the terminal, tasks, other
 * programs — each file with its before-state from the checkpoint that preceded the change, at
 * the time its first write was seen. Outside a turn a new checkpoint only becomes the next
 * turn's base: what happens between turns is nobody's turn.
 *
 * `base` is the newest checkpoint whose later changes are not recorded yet; every recording
 * moves it forward. All work runs one at a time. Host-independent: the VS Code host feeds it
 * calls, file events and writer hints; the unit tests feed it a fake clock and real checkpoints.
 */
export class WriterRecorder implements WritersHost {
  private base: FolderCheckpoint[] | undefined;
  private readonly window: TurnWindow;
  private readonly activity = new PathActivity();
  private queue: Promise<unknown> = Promise.resolve();
  private takesSincePrune = 0;
  /** What recordings could not record, by turn id ('' without one): the turn rollback names them. */
  private readonly skippedByTurn = new Map<string, Array<{ path: string; reason: string }>>();
  private readonly now: () => number;

  constructor(private readonly host: RecorderHost, private readonly options: WriterRecorderOptions) {
    this.now = options.now ?? Date.now;
    this.window = new TurnWindow(options.tailMs);
  }

  /** True while an agent turn goes on. */
  inTurn(): boolean {
    return this.window.current(this.now()) !== undefined;
  }

  /** The id of a turn an agent's own edit started, for the first call of ours in it to adopt. */
  adoptableTurnId(): string | undefined {
    return this.window.adoptableId(this.now());
  }

  notRecorded(turnId: string | undefined): Array<{ path: string; reason: string }> {
    return [...(this.skippedByTurn.get(turnId ?? '') ?? [])];
  }

  /** The checkpoint a turn starting now would use (tests, status). */
  currentBase(): FolderCheckpoint[] | undefined {
    return this.base;
  }

  /** A call of our tools. A call of another turn first records what the previous one changed (queued: it never delays the call). */
  noteCall(turnId: string | undefined, client: string | undefined): void {
    const at = this.now();
    const going = this.window.current(at);
    const ended = this.window.call(turnId, client, at);
    if (!this.options.recordTurns()) return;
    if (ended) void this.enqueue(() => this.recordSinceBase(ended, 'watched'));
    else if (!going && this.options.checkpointAtTurnStart) void this.enqueue(() => this.refreshBase('walk'));
  }

  /** A file event on an absolute path (any writer). */
  noteEvent(absPath: string): void {
    this.activity.event(absPath, this.now());
  }

  /**
   * Who wrote a path, where the host can tell: the user typing or saving; an agent's own tool
   * editing (which also starts or extends a turn).
   */
  noteWriter(absPath: string, writer: Writer, how: 'typed' | 'edited' | 'saved'): void {
    const at = this.now();
    if (writer.kind === 'agent_tool' && this.options.recordTurns()) this.window.agentWrite(at);
    this.activity.writer(absPath, writer, at, how);
  }

  /**
   * Files changed and then stayed quiet (the host's debounce): changes made within a turn are
   * recorded as its; otherwise the new checkpoint becomes the base. Also the first checkpoint.
   */
  settleQuiet(): Promise<Recorded> {
    return this.enqueue(() => {
      const turn = this.owningTurn();
      return turn ? this.recordSinceBase(turn, 'watched') : this.refreshBase('watched');
    });
  }

  /** Records the current turn's changes now, with a full walk (before a rollback or a listing reads the journal). */
  settle(): Promise<Recorded> {
    return this.enqueue(() => {
      const turn = this.owningTurn();
      return turn ? this.recordSinceBase(turn, 'walk') : Promise.resolve(NOTHING);
    });
  }

  /**
   * execute_program: what other writers did so far is settled (that checkpoint is the run's
   * before), the program runs, and what changed from then to a checkpoint after it is one
   * change attributed to it. The program runs outside the queue, which it holds meanwhile: a
   * quiet-settle would attribute its files to "outside".
   */
  async aroundProgram<T>(argv: string[], turnId: string | undefined, client: string | undefined, run: () => Promise<T>): Promise<{ result: T; recorded: Recorded }> {
    this.noteCall(turnId, client);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const before = await this.enqueue(async () => {
      const turn = this.owningTurn();
      if (turn && this.base) await this.recordSinceBase(turn, 'walk');
      else await this.refreshBase('walk');
      return this.base;
    });
    const waiting = this.enqueue(() => held);
    try {
      const result = await run();
      release();
      await waiting;
      const recorded = await this.enqueue(async () => {
        // Events of the program's writes may still be on their way: walk the folders whole.
        this.activity.take();
        const after = await this.stamped(this.host.checkpoints.takeAll());
        this.window.touch(this.now());
        if (!before || after.length === 0) return { ...NOTHING, skipped: [{ path: '.', reason: 'no checkpoint of the workspace could be taken' }] };
        this.base = after;
        const turn = this.window.latest();
        const writer: Writer = { kind: 'execute_program', argv };
        return this.record(before, after, { id: turnId ?? turn?.id, client: client ?? turn?.client }, new Map(), writer, 'execute_program');
      });
      return { result, recorded };
    } finally {
      release();
    }
  }

  /** The turn the changes seen since the base belong to: the one going on, or the latest if they began within its tail. */
  private owningTurn(): RecordingTurn | undefined {
    if (!this.options.recordTurns()) return undefined;
    const going = this.window.current(this.now());
    if (going) return going;
    const earliest = this.activity.earliest();
    return earliest !== undefined && earliest <= this.window.endsAt() ? this.window.latest() : undefined;
  }

  /** A checkpoint of only the paths the watcher named since the base, when they are all known; else of everything. */
  private async takeNow(mode: 'watched' | 'walk'): Promise<{ after: FolderCheckpoint[]; seen: Map<string, PathSeen> }> {
    const { seen, complete } = this.activity.take();
    const paths = mode === 'watched' && this.options.watcher === true && complete && this.base ? [...seen.keys()] : undefined;
    const after = await this.stamped(this.host.checkpoints.takeAll(paths));
    return { after, seen };
  }

  /**
   * The checkpoints with the time their take returned. Every PRUNE_EVERY takes, the old ones are
   * pruned (the base and the new ones kept): a settle every few seconds of activity would
   * otherwise grow the store without bound. Runs inside a queued task, so no take overlaps it.
   */
  private async stamped(taking: Promise<FolderCheckpoint[]>): Promise<FolderCheckpoint[]> {
    const taken = await taking;
    const ended = this.now();
    if (++this.takesSincePrune >= PRUNE_EVERY) {
      this.takesSincePrune = 0;
      await this.host.checkpoints.prune([...(this.base ?? []), ...taken].map((c) => c.id));
    }
    return taken.map((c) => ({ ...c, ended }));
  }

  private async refreshBase(mode: 'watched' | 'walk'): Promise<Recorded> {
    const { after } = await this.takeNow(mode);
    if (after.length > 0) this.base = after;
    return NOTHING;
  }

  /** Records base → a checkpoint now, as the turn's; without a base, the new checkpoint only becomes one. */
  private async recordSinceBase(turn: RecordingTurn, mode: 'watched' | 'walk'): Promise<Recorded> {
    const before = this.base;
    const { after, seen } = await this.takeNow(mode);
    if (after.length === 0) return NOTHING;
    this.base = after;
    if (!before) {
      const unknown = [...seen.keys()].slice(0, MAX_SKIPPED_KEPT).map((path) => ({ path, reason: 'changed before the first checkpoint of the workspace was complete: its earlier state is unknown, so it is not restored' }));
      const skipped = unknown.length > 0 ? unknown : [{ path: '.', reason: 'no checkpoint held the files before this turn: their earlier state is unknown' }];
      this.keepSkipped(turn.id, skipped);
      return { ...NOTHING, skipped };
    }
    return this.record(before, after, turn, seen);
  }

  /** Remembers what a turn's recordings could not record (the newest turns, a bounded list each). */
  private keepSkipped(turnId: string | undefined, skipped: Array<{ path: string; reason: string }>): void {
    if (skipped.length === 0) return;
    const key = turnId ?? '';
    const list = this.skippedByTurn.get(key) ?? [];
    list.push(...skipped.slice(0, MAX_SKIPPED_KEPT - list.length));
    this.skippedByTurn.delete(key);
    this.skippedByTurn.set(key, list);
    if (this.skippedByTurn.size > MAX_TURNS_KEPT) this.skippedByTurn.delete(this.skippedByTurn.keys().next().value as string);
  }

  /**
   * Journals the changes between two checkpoints minus what the journal already explains
   * (journal-gaps.ts): one group per writer and side of our own entries (several files of one
   * writer are one change), each entry at the time the change was made.
   */
  private async record(before: FolderCheckpoint[], after: FolderCheckpoint[], turn: { id?: string; client?: string }, seen: Map<string, PathSeen>, fixedWriter?: Writer, tool?: string): Promise<Recorded> {
    const compared = await compareCheckpoints(this.host, before, after, (abs) => seen.has(abs));
    const skipped = [...compared.skipped];
    const groups = new Map<string, { writer: Writer; changes: ObservedChange[] }>();
    const now = this.now();
    const renamed = caseRenamedSince(this.host.store.listAll(), since(before));
    for (const c of compared.changed) {
      if (isOurTemporaryFile(c.abs)) continue;
      const observed = await readObserved(this.host, c);
      // A 'skip' is not a gap in the history: the name still opens a file, which the next checkpoint sees.
      if (observed && 'skip' in observed) continue;
      if (!observed) {
        skipped.push({ path: c.abs, reason: 'not a file the tools may touch, or its content could not be read' });
        continue;
      }
      // Two journal names, one file (a case-insensitive file system): our rename's entries hold the change.
      if (renamed.has(observed.path.toLowerCase())) continue;
      const s = seen.get(c.abs);
      const pieces = gapsOf(this.host.store.list(observed.path), observed.before, observed.after, since(before), { first: s?.first ?? now, last: s?.last ?? now }, { before: takeWindow(before), after: takeWindow(after) });
      const writer = fixedWriter ?? s?.writer ?? { kind: 'outside' };
      for (const [index, piece] of pieces.entries()) {
        const change = await this.materialize(observed.path, piece, observed.beforeMode);
        if (!change) {
          skipped.push({ path: observed.path, reason: 'a state our tools left is no longer in the store' });
          continue;
        }
        // A change before our tool's first entry and one after its last are two changes of the file.
        const key = `${JSON.stringify(writer)}#${pieces.length > 1 ? index : 0}`;
        const slot = groups.get(key) ?? { writer, changes: [] };
        slot.changes.push(change);
        groups.set(key, slot);
      }
    }
    const out: Recorded = { files: [], skipped };
    for (const { writer, changes } of groups.values()) {
      const journaled = await journalObservedChanges(this.host as Host, changes, {
        tool: tool ?? writer.name ?? writer.kind, writer, ...(turn.id ? { turnId: turn.id } : {}), ...(turn.client ? { client: turn.client } : {}),
      });
      if (!journaled.ok) {
        this.host.log(`Changes by ${writer.kind} could not be recorded: ${journaled.failure.message}`);
        changes.forEach((c) => skipped.push({ path: c.path, reason: journaled.failure.message }));
        continue;
      }
      if (journaled.groupId) out.groupId = journaled.groupId;
      changes.forEach((c) => out.files.push({ path: c.path, kind: c.kind, writer: writer.kind }));
    }
    this.keepSkipped(turn.id, skipped);
    return out;
  }

  /** A gap piece as a change to journal, its stored sides read; undefined when a snapshot is gone. */
  private async materialize(path: string, piece: GapPiece, checkpointMode: number | undefined): Promise<ObservedChange | undefined> {
    const from = await this.bytesOf(piece.from);
    const to = await this.bytesOf(piece.to);
    if (from === null || to === null) return undefined;
    const kind = from === undefined ? 'create' : to === undefined ? 'delete' : 'modify';
    return {
      path, kind, time: piece.time,
      ...(from !== undefined ? { before: from } : {}),
      ...(to !== undefined ? { after: to } : {}),
      // The mode is the checkpoint's: known only for the side it read.
      ...('content' in piece.from && checkpointMode !== undefined ? { beforeMode: checkpointMode } : {}),
    };
  }

  /** The bytes of one side: undefined for no file, null when a stored snapshot cannot be read. */
  private async bytesOf(side: Side): Promise<Buffer | undefined | null> {
    if ('absent' in side) return undefined;
    if ('content' in side) return side.content;
    const read = await this.host.store.readSnapshot(side.stored);
    if (!read.ok) return null;
    return 'bytes' in read.snapshot ? read.snapshot.bytes : Buffer.from(read.snapshot.text, 'utf8');
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }
}
