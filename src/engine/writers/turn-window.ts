/** The agent turn other writers' changes are recorded into. */
export interface RecordingTurn {
  /** The turn id our calls carry (undefined: calls without a chat request, grouped by time). */
  id?: string;
  client?: string;
  /** The turn was started by an agent's own edit, not by a call of ours: its id is ours to give. */
  observed: boolean;
  /** Epoch ms of the agent's last activity: our call, an agent's own edit, a program's end. */
  lastActivity: number;
}

/**
 * When an agent turn goes on, for the recording of other writers: from the turn's first sign
 * (a call of our tools, or an edit by an agent's own tool) until `tailMs` after its last one.
 * Changes other writers make in that window are the turn's; later ones are nobody's turn (the
 * next background checkpoint absorbs them). Pure: the clock is passed in.
 */
export class TurnWindow {
  private turn: RecordingTurn | undefined;
  private observedCount = 0;
  private readonly prefix = Date.now().toString(36);

  constructor(private readonly tailMs: () => number) {}

  /** The turn in progress at `at`, if any. */
  current(at: number): RecordingTurn | undefined {
    return this.turn && at - this.turn.lastActivity <= this.tailMs() ? this.turn : undefined;
  }

  /** The latest turn, even past its tail (its changes may still be settling). */
  latest(): RecordingTurn | undefined {
    return this.turn;
  }

  /** Epoch ms up to which a change counts as the latest turn's. */
  endsAt(): number {
    return this.turn ? this.turn.lastActivity + this.tailMs() : Number.NEGATIVE_INFINITY;
  }

  /**
   * A call of ours. Returns the turn it ends, when it starts another one: a different turn id
   * while a turn goes on (whatever that turn changed is recorded as that turn's).
   */
  call(turnId: string | undefined, client: string | undefined, at: number): RecordingTurn | undefined {
    const going = this.current(at);
    if (going && (turnId === undefined || going.id === turnId || going.id === undefined)) {
      going.lastActivity = at;
      // Adopted by a call of ours: the turn is that chat's now, and the next chat's call starts another.
      if (turnId !== undefined && going.id === turnId) going.observed = false;
      if (going.id === undefined && turnId !== undefined) going.id = turnId;
      if (client !== undefined) going.client = client;
      return undefined;
    }
    const ended = this.turn;
    this.turn = { ...(turnId !== undefined ? { id: turnId } : {}), ...(client !== undefined ? { client } : {}), observed: false, lastActivity: at };
    return going ? ended : undefined;
  }

  /** An agent's own edit (not through our tools): the turn goes on, or one starts that we name. */
  agentWrite(at: number): void {
    const going = this.current(at);
    if (going) {
      going.lastActivity = at;
      return;
    }
    this.turn = { id: `turn-${this.prefix}-observed-${++this.observedCount}`, observed: true, lastActivity: at };
  }

  /**
   * The id of a turn an agent's own edit started, which the first call of ours in the same
   * window adopts (so a turn that began with Copilot's tool and went on with ours is one turn).
   */
  adoptableId(at: number): string | undefined {
    const going = this.current(at);
    return going?.observed ? going.id : undefined;
  }

  /** Extends the turn in progress (a program it ran just ended). */
  touch(at: number): void {
    const going = this.current(at);
    if (going) going.lastActivity = Math.max(going.lastActivity, at);
  }
}
