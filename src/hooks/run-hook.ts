import { promises as fs } from 'node:fs';
import type { FolderCheckpoint } from '../engine/host';
import type { HookedCall } from '../engine/writers/hooked-calls';
import { findHookEndpoint } from '../headless/hook-endpoint';
import { recordBetween } from '../engine/writers/record-between';
import type { Writer } from '../history/types';
import { DIALECTS } from './agents';
import { AGENTS, AgentName, HookCall, obj, str, strictReason } from './hook-call';
import { openHookStore } from './open-hook-store';
import { pendingCheckpointIds, rememberCall, takeCall } from './pending-calls';
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

interface HookArgs {
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
export async function runHook(argv: readonly string[], io: HookIo): Promise<number> {
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
      const failed = await recordEvent(call, root, args);
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
async function recordEvent(call: HookCall, root: string, args: HookArgs): Promise<string | undefined> {
  if (!args.store) {
    const owned = await recordThroughOwner(call, root);
    if (owned !== 'no owner') return owned;
  }
  return recordInStore(call, root, args);
}

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

/** The writer a call's change is journaled under. */
function writerOf(call: HookCall): Writer {
  return { kind: 'agent_tool', name: `${call.agent}:${call.kind === 'shell' ? 'shell' : call.tool}` };
}

/** The event recorded in the headless store, opened by this process (no owner runs). */
async function recordInStore(call: HookCall, root: string, args: HookArgs): Promise<string | undefined> {
  const logged: string[] = [];
  const opened = await openHookStore(root, args.store, args.waitMs, (line) => logged.push(line));
  if (!opened.ok) return `not recorded: ${opened.failure.message}`;
  const { host, storeDir, close } = opened;
  try {
    // Paths as the checkpoints see them: under the root's real path.
    const paths = call.paths.map((p) => realUnder(p, root, opened.realRoot));
    if (call.event === 'pre') {
      const before = await take(host.checkpoints.takeAll(call.kind === 'shell' ? undefined : paths));
      if (before.length === 0) return `no checkpoint could be taken before ${call.tool}: ${logged.join('; ')}`;
      await rememberCall(storeDir, call.agent, { callId: call.callId, paths: call.kind === 'shell' ? [] : paths, before, created: Date.now() });
      return undefined;
    }
    const pending = await takeCall(storeDir, call.agent, call.callId);
    if (!pending) return `${call.tool}'s changes are not recorded: no pre-tool hook checkpoint of this call was found (is the pre hook configured?)`;
    const after = await take(host.checkpoints.takeAll(pending.paths.length ? pending.paths : undefined));
    if (after.length === 0) return `no checkpoint could be taken after ${call.tool}: ${logged.join('; ')}`;
    const named = new Set(pending.paths);
    const writer = writerOf(call);
    const recorded = await recordBetween(host, pending.before, after, {
      turn: { id: call.sessionId, client: call.agent }, now: Date.now(), writer,
      ...(call.kind === 'shell' && call.command ? { tool: `${call.agent}:shell` } : {}),
      ...(named.size ? { only: (abs: string) => named.has(abs) } : {}),
    });
    await host.checkpoints.prune([...after.map((c) => c.id), ...(await pendingCheckpointIds(storeDir))]);
    return recorded.skipped.length ? `not recorded: ${recorded.skipped.slice(0, 5).map((s) => `${s.path} (${s.reason})`).join('; ')}` : undefined;
  } finally {
    await close();
  }
}

async function take(taking: Promise<FolderCheckpoint[]>): Promise<FolderCheckpoint[]> {
  const taken = await taking;
  const ended = Date.now();
  return taken.map((c) => ({ ...c, ended }));
}

/** An absolute path under `root` as the same path under the root's real path. */
function realUnder(abs: string, root: string, realRoot: string): string {
  return abs === root || !abs.startsWith(root) ? abs : realRoot + abs.slice(root.length);
}
