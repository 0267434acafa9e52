import { sha256Bytes, sha256Text } from '../../core/hash';
import { decodeTextFile } from '../../files/decode';
import { isRestorable } from '../../history/retention';
import { changeKindOf, JournalEntry, Writer } from '../../history/types';
import type { CheckpointHost, FolderCheckpoint, Host, RecordedChanges, WritersHost } from '../host';
import { journalObservedChanges, ObservedChange } from '../write/transaction';
import { compareCheckpoints, readObserved } from './observed-changes';

export interface WriterRecorderOptions {
  /** The turns' quiet gap (safeEdit.turns.quietGapMinutes): activity closer than this is one turn. */
  quietGapMs: () => number;
  /** The clock (tests pass a fake one). */
  now?: () => number;
}

type Recorded = RecordedChanges;

const NOTHING: Recorded = { files: [], skipped: [] };

/** When the oldest folder checkpoint of a set began: journal entries from then on are newer than it. */
function since(checkpoints: FolderCheckpoint[]): number {
  return Math.min(...checkpoints.map((c) => c.started));
}

/**
 * Records in the journal what writers other than our tools' edits changed, by comparing
 * workspace checkpoints: execute_program's run (a checkpoint before and after), and during an
 * agent turn everything else (Copilot's own tools, the terminal, tasks, other programs), each
 * file with its before-state from the checkpoint that preceded the change. Outside a turn (no
 * agent activity within the quiet gap) a new checkpoint only becomes the next turn's base:
 * what the user does between turns is not the agent's and is not recorded.
 *
 * `base` is the newest checkpoint whose later changes are not recorded yet; every recording
 * moves it forward. All work runs one at a time. Host-independent: the VS Code host feeds it
 * calls, file events and writer hints; the unit tests feed it a fake clock and checkpoints.
 */
export class WriterRecorder implements WritersHost {
  private base: FolderCheckpoint[] | undefined;
  private lastActivity = Number.NEGATIVE_INFINITY;
  private turn: { id?: string; client?: string } = {};
  /** What is known about who wrote a path since the base (absolute path → writer). */
  private readonly hints = new Map<string, Writer>();
  private queue: Promise<unknown> = Promise.resolve();
  private readonly now: () => number;

  constructor(private readonly host: Pick<Host, 'store' | 'files' | 'log'> & { checkpoints: CheckpointHost }, private readonly options: WriterRecorderOptions) {
    this.now = options.now ?? Date.now;
  }

  /** True while an agent turn goes on (a call or an agent's write within the quiet gap). */
  inTurn(at = this.now()): boolean {
    return at - this.lastActivity <= this.options.quietGapMs();
  }

  /** The checkpoint a turn starting now would use (tests, status). */
  currentBase(): FolderCheckpoint[] | undefined {
    return this.base;
  }

  /**
   * A call of our tools. A call of another turn first settles what happened in the previous
   * one (queued: it never delays the call).
   */
  noteCall(turnId: string | undefined, client: string | undefined): void {
    const at = this.now();
    if (this.inTurn(at) && turnId !== undefined && this.turn.id !== undefined && turnId !== this.turn.id) {
      const previous = this.turn;
      void this.enqueue(() => this.recordSinceBase(previous));
    }
    this.lastActivity = at;
    this.turn = { ...(turnId !== undefined ? { id: turnId } : {}), ...(client !== undefined ? { client } : {}) };
  }

  /** An agent's write seen in an editor (not the user's): the turn goes on, and the path's writer is known. */
  noteAgentWrite(absPath: string, writer: Writer): void {
    this.lastActivity = this.now();
    this.hints.set(absPath, writer);
  }

  /** Who wrote a path, when a host saw it (the user's save or typing); the newest hint wins. */
  noteWriter(absPath: string, writer: Writer): void {
    this.hints.set(absPath, writer);
  }

  /**
   * Files changed and then stayed quiet (the host's debounce): during a turn the changes are
   * recorded; outside one the new checkpoint becomes the base. Also the first checkpoint after
   * activation.
   */
  settleQuiet(): Promise<Recorded> {
    return this.enqueue(() => (this.inTurn() ? this.recordSinceBase(this.turn) : this.refreshBase()));
  }

  /** Records the current turn's changes now (before a turn rollback or a history listing reads the journal). */
  settle(): Promise<Recorded> {
    return this.enqueue(() => (this.inTurn() ? this.recordSinceBase(this.turn) : Promise.resolve(NOTHING)));
  }

  /**
   * execute_program: what other writers did so far is settled (that checkpoint is the run's
   * before), the program runs, and what changed from then to a checkpoint after it is one
   * change attributed to it. The program runs outside the queue; nothing else records meanwhile.
   */
  async aroundProgram<T>(argv: string[], turnId: string | undefined, client: string | undefined, run: () => Promise<T>): Promise<{ result: T; recorded: Recorded }> {
    this.noteCall(turnId, client);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const before = await this.enqueue(async () => {
      if (this.base && this.inTurn()) await this.recordSinceBase(this.turn);
      else await this.refreshBase();
      return this.base;
    });
    // Hold the queue while the program runs: a quiet-settle would attribute its files to "outside".
    const waiting = this.enqueue(() => held);
    try {
      const result = await run();
      release();
      await waiting;
      const recorded = await this.enqueue(async () => {
        const after = await this.host.checkpoints.takeAll();
        if (!before || after.length === 0) return { ...NOTHING, skipped: [{ path: '.', reason: 'no checkpoint of the workspace could be taken' }] };
        this.base = after;
        const writer: Writer = { kind: 'execute_program', argv };
        return this.record(before, after, { id: turnId, client }, () => writer, 'execute_program');
      });
      return { result, recorded };
    } finally {
      release();
    }
  }

  private async refreshBase(): Promise<Recorded> {
    const taken = await this.host.checkpoints.takeAll();
    if (taken.length > 0) this.base = taken;
    this.hints.clear();
    return NOTHING;
  }

  /** Records base → a checkpoint now, as the turn's; without a base, the new checkpoint only becomes one. */
  private async recordSinceBase(turn: { id?: string; client?: string }): Promise<Recorded> {
    const before = this.base;
    const after = await this.host.checkpoints.takeAll();
    if (after.length === 0) return NOTHING;
    this.base = after;
    if (!before) {
      this.hints.clear();
      return { ...NOTHING, skipped: [{ path: '.', reason: 'no checkpoint held the files before this turn: their earlier state is unknown' }] };
    }
    const hints = new Map(this.hints);
    this.hints.clear();
    return this.record(before, after, turn, (abs) => hints.get(abs) ?? { kind: 'outside' });
  }

  /**
   * Journals the changes between two checkpoints, one group per writer kind (several files of
   * one writer are one change), minus what the journal already explains: a file whose newest
   * entry left exactly what it holds now was written by our tools (or recorded already).
   */
  private async record(before: FolderCheckpoint[], after: FolderCheckpoint[], turn: { id?: string; client?: string }, writerOf: (abs: string) => Writer, tool?: string): Promise<Recorded> {
    const compared = await compareCheckpoints(this.host as Pick<Host, 'checkpoints'>, before, after);
    const skipped = [...compared.skipped];
    const byWriter = new Map<string, { writer: Writer; changes: ObservedChange[] }>();
    for (const c of compared.changed) {
      const observed = await readObserved(this.host, c);
      if (!observed) {
        skipped.push({ path: c.abs, reason: 'not a file the tools may touch, or its content could not be read' });
        continue;
      }
      const explained = explainedBy(this.host.store.list(observed.path), observed, since(before));
      if (explained === 'all') continue;
      const change = explained ? await this.fromJournaled(observed, explained.fromSha256) : observed;
      if (!change) {
        skipped.push({ path: observed.path, reason: 'the state our tools left is no longer in the store' });
        continue;
      }
      const writer = writerOf(c.abs);
      const key = JSON.stringify(writer);
      const slot = byWriter.get(key) ?? { writer, changes: [] };
      slot.changes.push(change);
      byWriter.set(key, slot);
    }
    const out: Recorded = { files: [], skipped };
    for (const { writer, changes } of byWriter.values()) {
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
    return out;
  }

  /** The change measured from the state our newest entry left (null: it deleted the file) instead of the checkpoint. */
  private async fromJournaled(observed: ObservedChange, fromSha256: string | null): Promise<ObservedChange | undefined> {
    const { before: _b, beforeMode: _m, ...rest } = observed;
    if (fromSha256 === null) return observed.after === undefined ? undefined : { ...rest, kind: 'create' };
    const read = await this.host.store.readSnapshot(fromSha256);
    if (!read.ok) return undefined;
    const before = 'bytes' in read.snapshot ? read.snapshot.bytes : Buffer.from(read.snapshot.text, 'utf8');
    return { ...rest, before, kind: observed.after === undefined ? 'delete' : 'modify' };
  }

  private enqueue<T>(task: () => Promise<T>): Promise<T> {
    const next = this.queue.then(task, task);
    this.queue = next.catch(() => undefined);
    return next;
  }
}

/**
 * How much of an observed change the journal already explains, from the file's entries (newest
 * first): 'all' when the newest restorable entry left what the file holds now (our tool wrote
 * it, or it was recorded already); the hash of that entry's after-state when the entry is newer
 * than the checkpoint the change is measured from (our tool wrote the file, then another writer
 * did: the other writer's change starts there); undefined when the journal knows nothing newer.
 */
export function explainedBy(entries: JournalEntry[], observed: ObservedChange, since: number): 'all' | { fromSha256: string | null } | undefined {
  const newest = entries.find(isRestorable);
  if (!newest) return undefined;
  const now = contentHash(observed.after);
  if (newest.after_sha256 === null || newest.outcome !== 'applied') return newest.time >= since ? (observed.after === undefined ? 'all' : undefined) : undefined;
  if (newest.after_sha256 === now.text || (newest.after_disk_sha256 !== undefined && newest.after_disk_sha256 === now.bytes)) return 'all';
  if (newest.time < since) return undefined;
  return { fromSha256: changeKindOf(newest) === 'delete' ? null : newest.after_sha256 };
}

function contentHash(bytes: Buffer | undefined): { text?: string; bytes?: string } {
  if (bytes === undefined) return {};
  const decoded = decodeTextFile(bytes, '');
  const raw = sha256Bytes(bytes);
  if (!decoded.ok) return { text: raw, bytes: raw };
  return { text: sha256Text(decoded.text), bytes: raw };
}
