import { promises as fs } from 'node:fs';
import type { HookedCall } from '../engine/writers/hooked-calls';
import { findHookEndpoint } from '../headless/hook-endpoint';
import { DIALECTS } from './agents';
import { AGENTS, AgentName, HookCall, obj, realUnder, str, strictReason, writerOf } from './hook-call';
import { sendToOwner } from './send-to-owner';

export const HOOK_USAGE = `usage: cli.js hook AGENT [--root DIR] [--store DIR] [--strict] [--wait-ms N]
  AGENT: ${AGENTS.join(' | ')}; the agent's hook payload (JSON) on stdin`;

export interface HookIo {
  stdin: string;
  env: NodeJS.ProcessEnv;
  cwd: string;
  out(text: string): void;
  err(text: string): void;
}

export interface HookArgs {
  agent: AgentName;
  root?: string;
  store?: string;
  strict: boolean;
  waitMs: number;
}

function parseHookArgs(argv: readonly string[], env: NodeJS.ProcessEnv): HookArgs | string {
  const agent = argv[0] as AgentName;
  if (!AGENTS.includes(agent)) return `unknown agent ${JSON.stringify(argv[0] ?? '')}`;
  const out: HookArgs = { agent, strict: env.AGENT_SAFE_EDIT_STRICT === '1', waitMs: 3000 };
  for (let i = 1; i < argv.length; i++) {
    const a = argv[i];
    if (a === '--strict') out.strict = true;
    else if (a === '--root' && argv[i + 1]) out.root = argv[++i];
    else if (a === '--store' && argv[i + 1]) out.store = argv[++i];
    else if (a === '--wait-ms' && /^\d{1,6}$/.test(argv[i + 1] ?? '')) out.waitMs = Number(argv[++i]);
    else return `unknown argument ${JSON.stringify(a)}`;
  }
  return out;
}

/**
 * `cli.js hook AGENT`: one agent hook event. Pre: a checkpoint of the paths the call names (of
 * the whole root for a shell command), remembered under the call id; post: another, and what
 * changed between them is journaled as one change by {agent_tool, "<agent>:<tool>"} in the
 * agent's session's turn. In strict mode a pre event of the agent's own file tools is denied.
 * Whatever fails on our side, the agent is told to go on (exit 0) and stderr says what failed:
 * a hook must never stop an agent's work because the history could not be written.
 */
export async function runHook(argv: readonly string[], io: HookIo, storeRecorder: () => StoreRecorder): Promise<number> {
  const args = parseHookArgs(argv, io.env);
  if (typeof args === 'string') {
    io.err(`agent-safe-edit hook: ${args}\n${HOOK_USAGE}\n`);
    return 0;
  }
  const dialect = DIALECTS[args.agent];
  let payload: Record<string, unknown>;
  try {
    payload = obj(JSON.parse(io.stdin));
  } catch (e) {
    io.err(`agent-safe-edit hook: the payload on stdin is not JSON (${(e as Error).message}); nothing recorded\n`);
    io.out(dialect.proceed('pre'));
    return 0;
  }
  const root = args.root ?? str(payload.cwd) ?? (Array.isArray(payload.workspace_roots) ? str(payload.workspace_roots[0]) : undefined) ?? io.cwd;
  const parsed = dialect.parse(payload, root);
  if (!parsed.ok) {
    io.out(dialect.proceed('pre'));
    return 0;
  }
  const { call } = parsed;
  if (call.event === 'pre' && args.strict && (call.kind === 'edit' || call.kind === 'write' || call.kind === 'notebook')) {
    io.out(dialect.deny(strictReason(call.tool, call.kind)));
    return 0;
  }
  if (call.kind !== 'other') {
    try {
      const failed = await recordEvent(call, root, args, storeRecorder);
      if (failed) io.err(`agent-safe-edit hook: ${failed}\n`);
    } catch (e) {
      io.err(`agent-safe-edit hook: not recorded: ${(e as Error).message}\n`);
    }
  }
  io.out(dialect.proceed(call.event));
  return 0;
}

/** How long a hook waits for the window or server that owns the history: a pre event's answer comes once its checkpoint is taken. */
const OWNER_TIMEOUT_MS = 30_000;

/**
 * Records one event; what could not be recorded, or undefined. The process that owns the
 * folder's history (a VS Code window with the folder open, an agent-safe-edit-mcp server on it)
 * gets the event when one runs; else the hook opens the headless store itself.
 */
async function recordEvent(call: HookCall, root: string, args: HookArgs, storeRecorder: () => StoreRecorder): Promise<string | undefined> {
  if (!args.store) {
    const owned = await recordThroughOwner(call, root);
    if (owned !== 'no owner') return owned;
  }
  return storeRecorder()(call, root, args);
}

/** Records one event in the headless store this process opens (hooks/record-in-store.ts, loaded only when needed): what could not be recorded, or undefined. */
export type StoreRecorder = (call: HookCall, root: string, args: Pick<HookArgs, 'store' | 'waitMs'>) => Promise<string | undefined>;

/** The event handed to the folder's owner: what it could not record, or 'no owner' when none runs (or none answers). */
async function recordThroughOwner(call: HookCall, root: string): Promise<string | undefined | 'no owner'> {
  let realRoot: string;
  try {
    realRoot = await fs.realpath(root);
  } catch {
    return 'no owner';
  }
  const endpoint = findHookEndpoint(realRoot);
  if (!endpoint) return 'no owner';
  const hooked: HookedCall = {
    event: call.event, callId: call.callId, turn: { id: call.sessionId, client: call.agent },
    writer: writerOf(call), paths: call.kind === 'shell' ? [] : call.paths.map((p) => realUnder(p, root, realRoot)),
  };
  const answer = await sendToOwner(endpoint, hooked, OWNER_TIMEOUT_MS);
  if ('unreachable' in answer) return 'no owner';
  if (!answer.ok) return `not recorded by ${endpoint.workspace}'s owner (process ${endpoint.pid}): ${answer.message}`;
  const { skipped } = answer.recorded;
  return skipped.length ? `not recorded: ${skipped.slice(0, 5).map((s) => `${s.path} (${s.reason})`).join('; ')}` : undefined;
}

