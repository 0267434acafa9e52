import type { AgentName } from '../hook-call';
import type { HookEvent, HookShape } from './agent-files';
import { isOurHookCommand } from './hook-command';
import { JsonText, sameJson } from './json-text';

/** Our entry for one event, in the agent's shape. */
function ourEntry(shape: HookShape, event: HookEvent, command: string): Record<string, unknown> {
  if (shape === 'groups') return { ...(event.matcher ? { matcher: event.matcher } : {}), hooks: [{ type: 'command', command }] };
  if (shape === 'cursor') return { command, ...(event.matcher ? { matcher: event.matcher } : {}) };
  return { type: 'command', command };
}

function obj(v: unknown): Record<string, unknown> | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
}

/** Where our hooks are in one event's list: whole items that are ours, and our commands inside a group the user shares. */
function oursIn(list: unknown[], shape: HookShape, agent: AgentName): { whole: number[]; inside: [number, number][] } {
  const whole: number[] = [];
  const inside: [number, number][] = [];
  list.forEach((item, i) => {
    const o = obj(item);
    if (!o) return;
    if (shape !== 'groups') {
      if (isOurHookCommand(o.command, agent)) whole.push(i);
      return;
    }
    const hooks = Array.isArray(o.hooks) ? o.hooks : [];
    const mine = hooks.map((h, j) => (isOurHookCommand(obj(h)?.command, agent) ? j : -1)).filter((j) => j >= 0);
    if (mine.length > 0 && mine.length === hooks.length) whole.push(i);
    else for (const j of mine) inside.push([i, j]);
  });
  return { whole, inside };
}

/**
 * Puts our hook for each event into `hooks.<event>` (or, with `command` undefined, takes every
 * one of ours out): an entry of ours already there is replaced in place when it differs, extra
 * copies are removed, and the user's own hooks — a group they share with ours included — stay
 * as they are. A list left empty by a removal goes, and so does an emptied `hooks`.
 */
export function editHooks(doc: JsonText, file: string, agent: AgentName, shape: HookShape, events: readonly HookEvent[], command: string | undefined): { ok: true } | { ok: false; message: string } {
  const hooksNode = doc.node(['hooks']);
  if (hooksNode && hooksNode.type !== 'object') return { ok: false, message: `${file}: "hooks" is not an object; the file was left as it is.` };
  for (const event of events) {
    const path = ['hooks', event.event];
    const current = doc.value(path);
    if (current !== undefined && !Array.isArray(current)) return { ok: false, message: `${file}: "hooks.${event.event}" is not a list; the file was left as it is.` };
    const list = (current ?? []) as unknown[];
    const { whole, inside } = oursIn(list, shape, agent);
    const wanted = command === undefined ? undefined : ourEntry(shape, event, command);
    const keep = wanted !== undefined && whole.length > 0 ? whole[0] : -1;
    // Removed from the end backwards, so the indexes still to remove stay valid.
    const removals: (string | number)[][] = [
      ...inside.map(([i, j]) => [...path, i, 'hooks', j]),
      ...whole.filter((i) => i !== keep).map((i) => [...path, i]),
    ].sort(comparePathsDescending);
    for (const p of removals) doc.remove(p);
    if (wanted !== undefined) {
      if (keep < 0) doc.append(path, wanted);
      else {
        // Removals above `keep` in the list only ever came after it, so its index is unchanged.
        const at = [...path, keep];
        if (!sameJson(doc.value(at), wanted)) doc.set(at, wanted);
      }
    } else doc.removeIfEmpty(path);
  }
  if (command === undefined) doc.removeIfEmpty(['hooks']);
  return { ok: true };
}

/** Orders JSON paths so that a later element of a list comes first (for removal from the end). */
function comparePathsDescending(a: (string | number)[], b: (string | number)[]): number {
  for (let k = 0; k < Math.min(a.length, b.length); k++) {
    if (a[k] === b[k]) continue;
    if (typeof a[k] === 'number' && typeof b[k] === 'number') return (b[k] as number) - (a[k] as number);
    return String(b[k]).localeCompare(String(a[k]));
  }
  return b.length - a.length;
}

/** Sets our MCP server's entry under `mcpServers` (or removes it, and an `mcpServers` it leaves empty). */
export function editMcpServer(doc: JsonText, file: string, name: string, entry: unknown): { ok: true } | { ok: false; message: string } {
  const servers = doc.node(['mcpServers']);
  if (servers && servers.type !== 'object') return { ok: false, message: `${file}: "mcpServers" is not an object; the file was left as it is.` };
  if (entry === undefined) {
    doc.remove(['mcpServers', name]);
    doc.removeIfEmpty(['mcpServers']);
  } else doc.set(['mcpServers', name], entry);
  return { ok: true };
}
