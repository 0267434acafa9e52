/**
 * Validation of messages from the dashboard webview. A webview is untrusted input: its
 * script could be altered or confused, so every message is checked for its shape, and every
 * id or path must name something the store knows, before any command runs.
 * No `vscode` import.
 */

export type DashboardRequest =
  | { type: 'ready' }
  | { type: 'rollback'; entryId: string }
  | { type: 'compare'; entryId: string }
  | { type: 'reveal'; path: string }
  | { type: 'resetCounters' }
  | { type: 'refresh' };

export type ParsedRequest = { ok: true; request: DashboardRequest } | { ok: false; reason: string };

export interface KnownData {
  /** True when the store has a journal entry with this id. */
  hasEntry(id: string): boolean;
  /** True when the store has entries for this workspace-relative path. */
  hasFile(path: string): boolean;
}

const ID_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;
const MAX_PATH = 4096;

/** Accepts exactly the message shapes above (extra fields are refused, too). */
export function parseDashboardMessage(raw: unknown, known: KnownData): ParsedRequest {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return { ok: false, reason: 'not an object' };
  const msg = raw as Record<string, unknown>;
  const keys = Object.keys(msg);
  const only = (...allowed: string[]) => keys.every((k) => allowed.includes(k));
  switch (msg.type) {
    case 'ready':
    case 'resetCounters':
    case 'refresh':
      return only('type') ? { ok: true, request: { type: msg.type } } : { ok: false, reason: 'unexpected fields' };
    case 'rollback':
    case 'compare': {
      if (!only('type', 'entryId')) return { ok: false, reason: 'unexpected fields' };
      const id = msg.entryId;
      if (typeof id !== 'string' || !ID_PATTERN.test(id)) return { ok: false, reason: 'entryId is not an id' };
      if (!known.hasEntry(id)) return { ok: false, reason: `no journal entry ${id}` };
      return { ok: true, request: { type: msg.type, entryId: id } };
    }
    case 'reveal': {
      if (!only('type', 'path')) return { ok: false, reason: 'unexpected fields' };
      const p = msg.path;
      if (typeof p !== 'string' || p.length === 0 || p.length > MAX_PATH) return { ok: false, reason: 'path is not a path' };
      if (!known.hasFile(p)) return { ok: false, reason: `no agent changes recorded for ${p}` };
      return { ok: true, request: { type: 'reveal', path: p } };
    }
    default:
      return { ok: false, reason: 'unknown message type' };
  }
}
