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
  /**
   * What is compared before and after: 'files', the `paths` named (read directly, whether the
   * checkpoints take them or not; none named, nothing recorded and the answer says so);
   * 'workspace', the folders whole (a shell command may write anywhere, a patch naming more than
   * MAX_PATHS files). Said explicitly: an edit whose paths were all outside the root must never
   * turn into a whole-workspace compare that journals the user's recent work as the agent's.
   */
  scope: 'files' | 'workspace';
  /** Absolute real paths the call names (scope 'files'). */
  paths: string[];
}

/** The most paths one call may name, and the longest path or id accepted (the wire is bounded). */
export const MAX_PATHS = 200;
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
  // Absent in the events of hooks older than the scope: they sent no paths for a whole compare.
  const scope = o.scope === undefined ? (Array.isArray(o.paths) && o.paths.length > 0 ? 'files' : 'workspace') : o.scope;
  if (scope !== 'files' && scope !== 'workspace') return 'scope must be "files" or "workspace"';
  if (!Array.isArray(o.paths) || o.paths.length > MAX_PATHS) return `paths must be an array of at most ${MAX_PATHS} absolute paths`;
  const paths: string[] = [];
  for (const p of o.paths) {
    const path = text(p);
    if (!path || !(path.startsWith('/') || /^[A-Za-z]:[\\/]/.test(path))) return 'every path must be absolute';
    paths.push(path);
  }
  return { event: o.event, callId, turn: { id: turnId, client }, writer: { kind: 'agent_tool', name }, scope, paths: scope === 'files' ? paths : [] };
}
