import type { Writer } from '../../history/types';

/**
 * Another agent's tool call as its hook reports it (`agent-safe-edit hook`, src/hooks/), handed
 * to the recorder of whoever owns the history (a VS Code window, a headless server): `pre`
 * before the tool runs, `post` after it.
 */
export interface HookedCall {
  event: 'pre' | 'post';
  /** Ties a pre event to its post event (the agent's tool-use id, or what stands for it). */
  callId: string;
  /** The agent's session: the turn the change is journaled under, the agent as its client. */
  turn: { id: string; client: string };
  /** Who wrote: `{ kind: 'agent_tool', name: '<agent>:<tool>' }`. */
  writer: Writer;
  /** Absolute real paths the call names; empty: it may write anywhere (a shell command), so the workspace is compared whole. */
  paths: string[];
}

/** The most paths one call may name, and the longest path or id accepted (the wire is bounded). */
const MAX_PATHS = 200;
const MAX_TEXT = 4096;

function text(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' && v.length <= MAX_TEXT && !v.includes('\0') ? v : undefined;
}

/** A HookedCall from JSON of unknown shape (the listener's request body), or what is wrong with it. */
export function readHookedCall(v: unknown): HookedCall | string {
  if (v === null || typeof v !== 'object' || Array.isArray(v)) return 'not an object';
  const o = v as Record<string, unknown>;
  if (o.event !== 'pre' && o.event !== 'post') return 'event must be "pre" or "post"';
  const callId = text(o.callId);
  if (!callId) return 'callId must be a non-empty string';
  const turn = (o.turn ?? {}) as Record<string, unknown>;
  const turnId = text(turn.id);
  const client = text(turn.client);
  if (!turnId || !client) return 'turn must have an id and a client';
  const writer = (o.writer ?? {}) as Record<string, unknown>;
  const name = text(writer.name);
  if (writer.kind !== 'agent_tool' || !name) return 'writer must be {kind: "agent_tool", name}';
  if (!Array.isArray(o.paths) || o.paths.length > MAX_PATHS) return `paths must be an array of at most ${MAX_PATHS} absolute paths`;
  const paths: string[] = [];
  for (const p of o.paths) {
    const path = text(p);
    if (!path || !(path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path))) return 'every path must be absolute';
    paths.push(path);
  }
  return { event: o.event, callId, turn: { id: turnId, client }, writer: { kind: 'agent_tool', name }, paths };
}
