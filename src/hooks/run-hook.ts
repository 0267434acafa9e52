import { promises as fs } from 'node:fs';
import type { HookedCall } from '../engine/writers/hooked-calls';
import { findHookEndpoint } from '../headless/hook-endpoint';
import { DIALECTS } from './agents';
import * as nodePath from 'node:path';
import type { ConnectionRecord } from '../files/connection-file';
import { AGENTS, AgentName, HookCall, MAX_PATHS, obj, str, strictReason, writerOf } from './hook-call';
import { sendToOwner } from './send-to-owner';

export const HOOK_USAGE = `usage: cli.js hook AGENT [--root DIR] [--store DIR] [--strict] [--wait-ms N]
  AGENT: ${AGENTS.join(' | ')}; the agent's hook payload (JSON) on stdin
  --root DIR    the folder (default: the payload's cwd)
  --store DIR   the store a background owner opens when this hook has to start one
  --wait-ms N   how long to wait for a background owner to start (default 10000)`;

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
  const out: HookArgs = { agent, strict: env.AGENT_SAFE_EDIT_STRICT === '1', waitMs: 10_000 };
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
export async function runHook(argv: readonly string[], io: HookIo, startsOwner: OwnerStarter): Promise<number> {
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
      const failed = await recordEvent(call, root, args, startsOwner);
      if (failed) io.err(`agent-safe-edit hook: ${failed}\n`);
    } catch (e) {
      io.err(`agent-safe-edit hook: not recorded: ${(e as Error).message}\n`);
    }
  }
  io.out(dialect.proceed(call.event));
  return 0;
}

/** How long a hook waits for the folder's owner to answer: a pre event's answer comes once the files are read or the checkpoint taken. */
const OWNER_TIMEOUT_MS = 30_000;

/**
 * Records one event through the process that owns the folder's history (a VS Code window with
 * the folder open, an agent-safe-edit-mcp server on it, or a background owner, which this starts
 * when none runs): what could not be recorded, or undefined. The hook never opens the store.
 */
async function recordEvent(call: HookCall, root: string, args: HookArgs, startsOwner: OwnerStarter): Promise<string | undefined> {
  const given = nodePath.resolve(root);
  let realRoot: string;
  try {
    realRoot = await fs.realpath(given);
  } catch (e) {
    return `not recorded: the root ${root} cannot be used (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`;
  }
  const scoped = scopeOf(call, given, realRoot);
  const notes = scoped.outside.length ? [`not recorded: ${scoped.outside.slice(0, 5).join(', ')}${scoped.outside.length > 5 ? ` and ${scoped.outside.length - 5} more` : ''} (outside ${realRoot})`] : [];
  if (scoped.scope === 'files' && scoped.paths.length === 0) return notes.join('; ') || `not recorded: ${call.tool} names no file`;
  const deadline = Date.now() + args.waitMs;
  const endpoint = findHookEndpoint(realRoot) ?? await startsOwner(realRoot, args, deadline);
  if (typeof endpoint === 'string') return [...notes, `not recorded: ${endpoint}`].join('; ');
  const hooked: HookedCall = { event: call.event, callId: call.callId, turn: { id: call.sessionId, client: call.agent }, writer: writerOf(call), scope: scoped.scope, paths: scoped.paths };
  const answer = await sendToOwner(endpoint, hooked, OWNER_TIMEOUT_MS);
  if ('unreachable' in answer) return [...notes, `not recorded: the owner of ${endpoint.workspace} (process ${endpoint.pid}) cannot be reached (${answer.unreachable})`].join('; ');
  if (!answer.ok) return [...notes, `not recorded by ${endpoint.workspace}'s owner (process ${endpoint.pid}): ${answer.message}`].join('; ');
  const { skipped } = answer.recorded;
  if (skipped.length) notes.push(`not recorded: ${skipped.slice(0, 5).map((s) => `${s.path} (${s.reason})`).join('; ')}`);
  return notes.length ? notes.join('; ') : undefined;
}

/** Starts the folder's background owner and waits for its endpoint (hooks/start-owner.ts): the endpoint, or why there is none. */
export type OwnerStarter = (realRoot: string, args: Pick<HookArgs, 'store'>, deadline: number) => Promise<ConnectionRecord | string>;

/**
 * What the owner compares: the named paths inside the root (as the root's real path), or the
 * workspace whole for a shell command and for more paths than one call reads one by one. Paths
 * outside the root are named back to the agent's log, never silently dropped, and never turn a
 * file tool's call into a whole-workspace compare.
 */
export function scopeOf(call: HookCall, root: string, realRoot: string): { scope: 'files' | 'workspace'; paths: string[]; outside: string[] } {
  if (call.kind === 'shell') return { scope: 'workspace', paths: [], outside: [] };
  const paths: string[] = [];
  const outside: string[] = [];
  for (const p of call.paths) {
    const abs = nodePath.resolve(p);
    const real = under(abs, root) ? realRoot + abs.slice(root.length) : abs;
    if (under(real, realRoot)) paths.push(real);
    else outside.push(abs);
  }
  if (paths.length > MAX_PATHS) return { scope: 'workspace', paths: [], outside };
  return { scope: 'files', paths, outside };
}

function under(abs: string, folder: string): boolean {
  const rel = nodePath.relative(folder, abs);
  return rel !== '' && !rel.startsWith('..') && !nodePath.isAbsolute(rel);
}
