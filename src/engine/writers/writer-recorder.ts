import { FileState, readFileState } from '../../files/file-state';
import type { Writer } from '../../history/types';
import type { CheckpointHost, FolderCheckpoint, Host, RecordedChanges, WritersHost } from '../host';
import type { HookedCall } from './hooked-calls';
import { HookTurns } from './hook-turns';
import { MAX_HELD_BYTES, OpenCalls } from './open-calls';
import { PathActivity, PathSeen } from './path-activity';
import { recordBetween, recordObserved, SeenChange } from './record-between';
import { RecordingTurn, TurnWindow } from './turn-window';

export { isOurTemporaryFile } from './record-between';

export interface WriterRecorderOptions {
  /** How long after the agent's last activity other writers' changes are still the turn's (safeEdit.writers.turnTailSeconds). */
  tailMs: () => number;
  /** Whether other writers are recorded during turns (safeEdit.writers.recordTurns); execute_program's runs always are. */
  recordTurns: () => boolean;
  /**
   * The host reports file events (noteEvent) for every path the checkpoints cover: settles may
   * examine only those paths, while turns are recorded (the VS Code host watches only then).
   * Without a watcher every checkpoint walks the folders whole.
   */
  watcher?: boolean;
  /**
   * Take a checkpoint when a turn starts (a host without a watcher, whose base is not kept fresh
   * in the background: the headless server). Changes before it are nobody's turn.
   */
  checkpointAtTurnStart?: boolean;
  /** The largest file a hooked call's named files are read up to (safeEdit.checkpoints.maxFileBytes). */
  maxFileBytes: () => number;
  /** A pause in an agent session longer than this ends its turn (safeEdit.turns.quietGapMinutes). */
  quietGapMs: () => number;
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
  /** Tasks queued and not done, and of them those that only take a base (enqueue). */
  private pending = 0;
  private pendingBaseOnly = 0;
  /** The named hooked calls run beside base-only walks (enqueueNamed). */
  private namedTail: Promise<unknown> = Promise.resolve();
  private takesSincePrune = 0;
  /** What recordings could not record, by turn id ('' without one): the turn rollback names them. */
  private readonly skippedByTurn = new Map<string, Array<{ path: string; reason: string }>>();
  /** Other agents' tool calls between their pre and post hook events. */
  private readonly openCalls = new OpenCalls<Recorded>();
  private readonly hookTurns = new HookTurns();
  private readonly now: () => number;
  private stopped = false;

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
    if (this.stopped) return;
    const at = this.now();
    const going = this.window.current(at);
    const ended = this.window.call(turnId, client, at);
    if (!this.options.recordTurns()) return;
    if (ended) void this.enqueue(() => this.recordSinceBase(ended, 'watched'));
    else if (!going && this.options.checkpointAtTurnStart) void this.enqueue(() => this.refreshBase('walk'), 'base only');
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
    if (this.stopped) return Promise.resolve(NOTHING);
    // While another agent's call is open, its writes wait for its post event, which names their writer.
    if (this.openCalls.any(this.now())) return Promise.resolve(NOTHING);
    return this.enqueue(() => {
      const turn = this.owningTurn();
      return turn ? this.recordSinceBase(turn, 'watched') : this.refreshBase('watched');
    });
  }

  /**
   * A fresh base from a full walk, recording nothing: what changed while nothing watched (the
   * recording was off) is nobody's turn. The host calls it when the recording is turned on, so the
   * next turn is not given every change since the last checkpoint before that.
   */
  rebase(): Promise<Recorded> {
    return this.enqueue(() => this.refreshBase('walk'), 'base only');
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
    const started = this.now();
    try {
      const result = await run();
      release();
      await waiting;
      const recorded = await this.enqueue(async () => {
        // Events of the program's writes may still be on their way: walk the folders whole. What
        // the host saw meanwhile still tells the user's own saves from the program's writes.
        const { seen } = this.activity.take();
        const after = await this.stamped(this.host.checkpoints.takeAll());
        this.window.touch(this.now());
        if (!before || after.length === 0) return { ...NOTHING, skipped: [{ path: '.', reason: 'no checkpoint of the workspace could be taken' }] };
        this.base = after;
        const turn = this.window.latest();
        const writer: Writer = { kind: 'execute_program', argv };
        return this.record(before, after, { id: turnId ?? turn?.id, client: client ?? turn?.client }, usersOwn(seen, started, this.now()), writer, 'execute_program');
      });
      return { result, recorded };
    } finally {
      release();
    }
  }

  /**
   * Another agent's tool call, told by its hook. Pre: the files it names are read as they are
   * (a shell command names none: a checkpoint of the workspace, after what other writers did so
   * far is settled, as for execute_program). Post: the same again, and what changed between the
   * two is one change by the call's writer in its agent session's turn (hook-turns.ts). Hook
   * events are always recorded, whatever safeEdit.writers.recordTurns says: someone configured
   * the hook to record them.
   */
  /** The hooked calls whose post has not come yet (a background owner does not end while one waits). */
  openCallCount(now: number): number {
    return this.openCalls.count(now);
  }

  hookedCall(call: HookedCall): Promise<Recorded> {
    if (this.stopped) return Promise.resolve({ ...NOTHING, skipped: [{ path: '.', reason: 'this window no longer holds the history (a newer window on the folder does)' }] });
    return call.event === 'pre' ? this.beforeHookedCall(call) : this.afterHookedCall(call);
  }

  private beforeHookedCall(call: HookedCall): Promise<Recorded> {
    // The session's turn now; the post event's change goes into the turn its pre event was in.
    const turn = { id: this.hookTurns.idFor(call.turn.client, call.turn.id, this.now(), this.options.quietGapMs()), client: call.turn.client };
    this.noteCall(turn.id, turn.client);
    return this.queueFor(call, async () => {
      const opened = this.now();
      const key = callKey(call);
      if (call.scope === 'files') {
        if (call.paths.length === 0) return { ...NOTHING, skipped: [{ path: '.', reason: `${call.writer.name} names no file inside the workspace: nothing of it is recorded` }] };
        // The files it names, read as they are now: a whole checkpoint is the slow way to read a few files.
        const named = await this.readNamed(call.paths);
        this.openCalls.open(key, { before: { named }, opened, turn });
        // Said at once too, so the agent's log names what will not be recorded before the tool runs.
        const skipped = [...named].flatMap(([path, state]) => ('skip' in state ? [{ path, reason: state.skip }] : []));
        return { ...NOTHING, skipped };
      }
      const owning = this.owningTurn();
      const mode = this.watching() ? 'watched' : 'walk';
      if (owning && this.base) await this.recordSinceBase(owning, mode);
      else await this.refreshBase(mode);
      if (!this.base || this.base.length === 0) return { ...NOTHING, skipped: [{ path: '.', reason: `no checkpoint could be taken before ${call.writer.name}` }] };
      this.openCalls.open(key, { before: { checkpoint: this.base }, opened, turn });
      return NOTHING;
    });
  }

  private afterHookedCall(call: HookedCall): Promise<Recorded> {
    this.hookTurns.touch(call.turn.client, call.turn.id, this.now());
    return this.queueFor(call, async (): Promise<Recorded> => {
      const key = callKey(call);
      const open = this.openCalls.peek(key, this.now());
      const answered = open ? undefined : this.openCalls.answerOf(key, this.now());
      if (answered) return answered;
      if (call.scope === 'files' && call.paths.length === 0) return { ...NOTHING, skipped: [{ path: '.', reason: `${call.writer.name} names no file inside the workspace: nothing of it is recorded` }] };
      if (!open) return { ...NOTHING, skipped: [{ path: '.', reason: `${call.writer.name}'s changes are not recorded: no pre-tool hook event of this call was seen (is the pre hook configured?)` }] };
      const o = { turn: open.turn, now: this.now(), writer: call.writer, tool: call.writer.name ?? call.writer.kind };
      let recorded: Recorded;
      if ('named' in open.before) {
        // The other paths' events stay for the next settle.
        recorded = await this.recordNamed(open.before.named, open.opened, o);
      } else {
        // The command's writes may not have reached the watcher yet (its events come later than
        // the post): walk the folders whole, as after execute_program's run.
        const { after, seen } = await this.takeNow('walk');
        if (after.length === 0) return { ...NOTHING, skipped: [{ path: '.', reason: `no checkpoint could be taken after ${call.writer.name}` }] };
        this.base = after;
        // What the host saw meanwhile: a file the user saved during the call stays the user's.
        recorded = await recordBetween(this.host, open.before.checkpoint, after, { ...o, seen: usersOwn(seen, open.opened, o.now) });
      }
      this.openCalls.close(key, recorded, this.now());
      this.window.touch(this.now());
      this.keepSkipped(open.turn.id, recorded.skipped);
      // What other writers did meanwhile waited for this call (settleQuiet): its turn now.
      if (!this.openCalls.any(this.now()) && this.activity.earliest() !== undefined) void this.settleQuiet();
      return recorded;
    });
  }

  /**
   * Each named path's state, read only where the host's files may be touched (inside its folders:
   * a hook event may name any path); what would take one call past MAX_HELD_BYTES is named, not read.
   */
  private async readNamed(paths: readonly string[]): Promise<Map<string, FileState>> {
    const out = new Map<string, FileState>();
    let budget = MAX_HELD_BYTES;
    for (const abs of paths) {
      const inside = (await this.host.files.resolve(abs, { forWrite: true, allowCreate: true })).ok;
      const state: FileState = !inside ? { skip: 'not a file the tools may touch' }
        : budget > 0 ? await readFileState(abs, Math.min(this.options.maxFileBytes(), budget)) : { skip: `the call names more than ${MAX_HELD_BYTES} bytes of files` };
      if ('bytes' in state) budget -= state.bytes.length;
      out.set(abs, state);
    }
    return out;
  }

  /** A named call's change: each file read again, compared with its state before, journaled where it differs. */
  private async recordNamed(before: Map<string, FileState>, since: number, o: { turn: { id: string; client: string }; now: number; writer: Writer; tool: string }): Promise<Recorded> {
    const after = await this.readNamed([...before.keys()]);
    const changes: SeenChange[] = [];
    const skipped: Array<{ path: string; reason: string }> = [];
    for (const [abs, was] of before) {
      const now = after.get(abs) as FileState;
      if ('skip' in was || 'skip' in now) {
        skipped.push({ path: abs, reason: 'skip' in was ? was.skip : (now as { skip: string }).skip });
        continue;
      }
      if ('absent' in was && 'absent' in now) continue;
      // Same bytes and mode: unchanged (a change of mode alone is a change).
      if ('bytes' in was && 'bytes' in now && was.bytes.equals(now.bytes) && was.mode === now.mode) continue;
      const resolved = await this.host.files.resolve(abs, { forWrite: true, allowCreate: true });
      if (!resolved.ok) {
        skipped.push({ path: abs, reason: 'not a file the tools may touch' });
        continue;
      }
      changes.push({ abs, observed: {
        path: resolved.target.displayPath,
        kind: 'absent' in was ? 'create' : 'absent' in now ? 'delete' : 'modify',
        ...('bytes' in was ? { before: was.bytes, beforeMode: was.mode } : {}),
        ...('bytes' in now ? { after: now.bytes, afterMode: now.mode } : {}),
      } });
    }
    // A named file the user saved while the call was open stays the user's (the call's other events stay for the next settle).
    const seen = new Map<string, PathSeen>();
    for (const { abs } of changes) {
      const s = this.activity.get(abs);
      if (s) seen.set(abs, s);
    }
    return recordObserved(this.host, changes, since, undefined, { ...o, seen: usersOwn(seen, since, o.now) }, skipped);
  }

  /** Whether file events name every change since the base: the host has a watcher, and it watches only while turns are recorded. */
  private watching(): boolean {
    return this.options.watcher === true && this.options.recordTurns();
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
    const paths = mode === 'watched' && this.watching() && complete && this.base ? [...seen.keys()] : undefined;
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
      // An open shell call's before-checkpoint stays until its post compares with it.
      await this.host.checkpoints.prune([...[...(this.base ?? []), ...taken].map((c) => c.id), ...this.openCalls.checkpointIds()]);
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

  /** Journals the changes between two checkpoints (record-between.ts) and keeps what it could not record for the turn rollback to name. */
  private async record(before: FolderCheckpoint[], after: FolderCheckpoint[], turn: { id?: string; client?: string }, seen: Map<string, PathSeen>, fixedWriter?: Writer, tool?: string): Promise<Recorded> {
    const out = await recordBetween(this.host, before, after, { turn, seen, now: this.now(), ...(fixedWriter ? { writer: fixedWriter } : {}), ...(tool ? { tool } : {}) });
    this.keepSkipped(turn.id, out.skipped);
    return out;
  }

  /**
   * Records nothing more (its store is given to another owner): what is queued finishes; quiet
   * settles, turns and hooked calls record nothing from then on (execute_program still runs).
   */
  async stop(): Promise<void> {
    this.stopped = true;
    await this.queue;
    await this.namedTail;
  }

  /**
   * One task at a time, in order. A task that only takes a new base ('base only': a walk at a
   * turn's start) journals nothing, so a named hooked call need not wait behind it (see
   * enqueueNamed); every other task first waits for the named calls in flight.
   */
  private enqueue<T>(task: () => Promise<T>, kind: 'journals' | 'base only' = 'journals'): Promise<T> {
    this.pending++;
    if (kind === 'base only') this.pendingBaseOnly++;
    const run = async (): Promise<T> => {
      if (kind === 'journals') await this.namedTail;
      return task();
    };
    const next = this.queue.then(run, run);
    const done = () => {
      this.pending--;
      if (kind === 'base only') this.pendingBaseOnly--;
    };
    next.then(done, done);
    this.queue = next.catch(() => undefined);
    return next;
  }

  /** A hooked call's queue: a call that names files beside base-only walks, a whole-folder one in order. */
  private queueFor(call: HookedCall, task: () => Promise<Recorded>): Promise<Recorded> {
    return call.scope === 'files' ? this.enqueueNamed(task) : this.enqueue(task);
  }

  /**
   * A named hooked call's pre or post (it reads and journals only the files it names): beside a
   * walk that only takes a base — the first call of a turn does not wait for a walk of the whole
   * folder, whose base the post's journal entry covers either way (gapsOf) — and behind anything
   * queued that journals, in order with the other named calls.
   */
  private enqueueNamed<T>(task: () => Promise<T>): Promise<T> {
    if (this.pending !== this.pendingBaseOnly) return this.enqueue(task);
    const next = this.namedTail.then(task, task);
    this.namedTail = next.catch(() => undefined);
    return next;
  }
}

/**
 * The paths the host saw the user write (type or save) since `since`, for a recording whose
 * changes a call or a run names the writer of: the user's evidence outranks that claim
 * (record-between.ts writerOf), nothing else of what was seen counts. The times are the
 * recording's: an event's arrival is no measure of when a program wrote.
 */
function usersOwn(seen: ReadonlyMap<string, PathSeen>, since: number, now: number): Map<string, PathSeen> {
  const out = new Map<string, PathSeen>();
  for (const [abs, s] of seen) if (s.writer?.kind === 'user' && (s.writerAt ?? 0) >= since) out.set(abs, { first: now, last: now, writer: s.writer });
  return out;
}

/** Calls are told apart by agent and id: two agents' ids may be alike. */
function callKey(call: HookedCall): string {
  return `${call.turn.client}\0${call.callId}`;
}
