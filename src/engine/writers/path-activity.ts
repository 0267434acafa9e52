import type { Writer } from '../../history/types';

/** The most paths remembered between two recordings; past it, times and writers are unknown (a generator's tree). */
export const MAX_TRACKED_PATHS = 20_000;

/** What the host saw of one path since the last recording. */
export interface PathSeen {
  /** Epoch ms of the first and last event. */
  first: number;
  last: number;
  /** Who wrote it, where the host could tell. */
  writer?: Writer;
  /** When the host last told who wrote it (epoch ms). */
  writerAt?: number;
}

/**
 * What the host saw happen to paths since the last recording (file events, editor changes,
 * saves): when, and by whom where it can tell. Bounded: past MAX_TRACKED_PATHS paths the rest
 * are counted as overflow and recorded with what the checkpoints alone say.
 */
export class PathActivity {
  private seen = new Map<string, PathSeen>();
  private overflowed = false;

  /** A file event (created, changed, deleted) on an absolute path. */
  event(abs: string, at: number): void {
    this.slot(abs, at);
  }

  /**
   * Who wrote a path. The user's typing outranks an agent's edit (the text is then partly the
   * user's, and the user decides); a save outranks nothing, since saving an agent's unsaved
   * edit makes it no less the agent's.
   */
  writer(abs: string, writer: Writer, at: number, how: 'typed' | 'edited' | 'saved'): void {
    const s = this.slot(abs, at);
    if (!s) return;
    if (how === 'typed' || s.writer === undefined || (how === 'edited' && s.writer.kind !== 'user')) {
      s.writer = writer;
      s.writerAt = at;
    } else if (writer.kind === s.writer.kind) {
      s.writerAt = at;
    }
  }

  get(abs: string): PathSeen | undefined {
    return this.seen.get(abs);
  }

  /** The paths seen since the last take, or undefined when some were not remembered (a full walk is needed). */
  paths(): string[] | undefined {
    return this.overflowed ? undefined : [...this.seen.keys()];
  }

  /** Forgets everything (a recording or a new base consumed it); returns what was seen. */
  take(): { seen: Map<string, PathSeen>; complete: boolean } {
    const out = { seen: this.seen, complete: !this.overflowed };
    this.seen = new Map();
    this.overflowed = false;
    return out;
  }

  /** The earliest event time remembered, if any. */
  earliest(): number | undefined {
    let min: number | undefined;
    for (const s of this.seen.values()) if (min === undefined || s.first < min) min = s.first;
    return min;
  }

  private slot(abs: string, at: number): PathSeen | undefined {
    const s = this.seen.get(abs);
    if (s) {
      s.last = Math.max(s.last, at);
      return s;
    }
    if (this.seen.size >= MAX_TRACKED_PATHS) {
      this.overflowed = true;
      return undefined;
    }
    const fresh: PathSeen = { first: at, last: at };
    this.seen.set(abs, fresh);
    return fresh;
  }
}
