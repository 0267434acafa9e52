import * as nodePath from 'node:path';
import type { Writer } from '../history/types';

/** The agents whose hook payloads the hook command reads. */
export const AGENTS = ['claude-code', 'codex', 'cursor', 'gemini-cli', 'copilot'] as const;
export type AgentName = (typeof AGENTS)[number];

export type HookKind = 'edit' | 'write' | 'notebook' | 'shell' | 'other';

/** One agent's hook event in the shape the hook command works on, whatever the agent. */
export interface HookCall {
  agent: AgentName;
  event: 'pre' | 'post';
  /** The agent's own tool name (for a shell command: the agent's shell tool). */
  tool: string;
  kind: HookKind;
  /** Absolute paths the call names, inside the root or not (none for a shell command: it may write anywhere). */
  paths: string[];
  sessionId: string;
  /** Ties a pre event to its post event. */
  callId: string;
  /** The shell command, for the writer's name. */
  command?: string;
}

/** A payload read, or why it is not one we act on (another event, another agent's shape). */
export type ParsedHook = { ok: true; call: HookCall } | { ok: false; reason: string };

/** What an agent's hook answers: "go on" (proceed) or "do not run this call" (deny). */
export interface AgentDialect {
  parse(payload: Record<string, unknown>, root: string): ParsedHook;
  /** stdout for "go on" (empty: print nothing). */
  proceed(event: 'pre' | 'post'): string;
  /** stdout for refusing a pre-event call with a reason the agent shows the model. */
  deny(reason: string): string;
}

export function str(v: unknown): string | undefined {
  return typeof v === 'string' && v !== '' ? v : undefined;
}

export function obj(v: unknown): Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/**
 * The absolute paths of the named relative or absolute `paths` (relative ones resolved against
 * `root`), each once. Paths outside the root are kept: the hook names them as not recorded
 * rather than dropping them silently (run-hook.ts splits them). Bounded: past MAX_NAMED the rest
 * is not read, and a list that long is compared whole anyway (more than MAX_PATHS).
 */
export function namedPaths(root: string, paths: readonly unknown[]): string[] {
  const out = new Set<string>();
  for (const p of paths) {
    if (typeof p !== 'string' || p === '' || p.includes('\0')) continue;
    out.add(nodePath.resolve(root, p));
    if (out.size >= MAX_NAMED) break;
  }
  return [...out];
}

/** The most paths one call names that are read one by one; more (a huge patch) and the whole root is compared. */
export const MAX_PATHS = 200;
/** The most named paths a payload is read for (a list longer than MAX_PATHS is compared whole). */
const MAX_NAMED = MAX_PATHS + 1;

/** The values under the usual path keys of a tool input (file_path, filePath, path, notebook_path…), arrays included. */
export function pathFields(input: Record<string, unknown>, keys: readonly string[]): unknown[] {
  const out: unknown[] = [];
  for (const k of keys) {
    const v = input[k];
    if (Array.isArray(v)) out.push(...v.map((x) => (typeof x === 'string' ? x : str(obj(x).filePath) ?? str(obj(x).file_path) ?? str(obj(x).path))));
    else out.push(v);
  }
  return out;
}

/** A file tool's kind: a notebook when every path is one, else `fallback`. */
export function fileKind(paths: readonly string[], fallback: 'edit' | 'write'): HookKind {
  return paths.length > 0 && paths.every((p) => p.toLowerCase().endsWith('.ipynb')) ? 'notebook' : fallback;
}

/** The session id of a payload under the names agents give it. */
export function sessionOf(p: Record<string, unknown>): string {
  return str(p.session_id) ?? str(p.sessionId) ?? str(p.conversation_id) ?? 'unknown-session';
}

/** A shell command as text (Codex passes argv as an array). */
export function commandText(v: unknown): string | undefined {
  if (Array.isArray(v)) return v.filter((x) => typeof x === 'string').join(' ') || undefined;
  return str(v);
}

/** The reason a strict-mode pre hook gives for refusing an agent's own file tool. */
export function strictReason(tool: string, kind: HookKind): string {
  const ours = kind === 'write' ? 'write_file' : 'safe_patch or replace_in_file';
  return `Agent Safe Edit strict mode: ${tool} is not allowed here because its edits bypass the hash-checked, backed-up file tools. Use the agent-safe-edit MCP tool ${ours} instead (read the file with safe_read_file first for its sha256).`;
}

/** The writer a call's change is journaled under. */
export function writerOf(call: HookCall): Writer {
  return { kind: 'agent_tool', name: `${call.agent}:${call.kind === 'shell' ? 'shell' : call.tool}` };
}

/** An absolute path under `root` as the same path under the root's real path. */
export function realUnder(abs: string, root: string, realRoot: string): string {
  return abs === root || !abs.startsWith(root) ? abs : realRoot + abs.slice(root.length);
}
