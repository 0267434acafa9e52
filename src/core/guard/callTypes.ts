/**
 * One tool call as the guard sees it.
 *
 * What the caller passes as `canonicalInput` decides what counts as "the same call":
 * - a stable JSON of the input (keys sorted, defaults filled in), so that key order or an
 *   omitted default does not make two identical requests look different;
 * - for reads and listings (safe_read_file, list_backups), the sha256 of the file's current text
 *   as well (e.g. `{"path":"a.c","start_line":1,"current_sha256":"…"}`): re-reading a file
 *   that changed is not a repetition, so "edit, read, edit, read…" with successful edits never
 *   looks like a cycle. Edits need nothing extra: their `base_sha256` already changes.
 * - for unparseable input, the raw text received.
 */
export interface GuardCall {
  tool: string;
  /** Workspace-relative path, normalized by the caller (same file ⇒ same string). */
  path?: string;
  canonicalInput: string;
  /** False when the input failed schema validation or could not be parsed. */
  inputValid: boolean;
}

/**
 * A tool's result as the guard sees it. Pass the whole failure object: its extra fields are
 * kept (nested as `original`) when the guard replaces the failure.
 */
export interface GuardOutcome {
  success: boolean;
  error_type?: string;
  message?: string;
  [field: string]: unknown;
}

/** The identity of a call for repetition detection. */
export function callKey(call: Pick<GuardCall, 'tool' | 'canonicalInput'>): string {
  return `${call.tool}\u0000${call.canonicalInput}`;
}

/**
 * Shortens `text` to at most `max` characters (an ellipsis marks the cut) and folds line
 * breaks into "⏎", so it fits in one line of a message.
 */
export function clip(text: string, max: number): string {
  const oneLine = text.replace(/\r\n|\r|\n/g, '⏎');
  return oneLine.length <= max ? oneLine : `${oneLine.slice(0, Math.max(0, max - 1))}…`;
}

/**
 * "tool path {input…}", for naming a call in a message. When the canonical input is a JSON
 * object it is shown compactly: an `input` object wrapper (`{"input":{…},"current_sha256":…}`)
 * is flattened, `path` (already shown) is left out, and sha256 values are cut to 8
 * characters; the input part is clipped to 60 characters. Other input is shown clipped.
 */
export function summarizeCall(call: Pick<GuardCall, 'tool' | 'path' | 'canonicalInput'>): string {
  const input = clip(compactInput(call.canonicalInput), 60);
  return call.path ? `${call.tool} ${call.path} ${input}` : `${call.tool} ${input}`;
}

function compactInput(canonicalInput: string): string {
  let value: unknown;
  try {
    value = JSON.parse(canonicalInput);
  } catch {
    return canonicalInput;
  }
  if (!isPlainObject(value)) return canonicalInput;
  const { input, ...others } = value;
  const flat: Record<string, unknown> = isPlainObject(input) ? { ...input, ...others } : value;
  const { path: _path, ...rest } = flat;
  return JSON.stringify(rest, (_key, v: unknown) => (typeof v === 'string' && /^[0-9a-f]{64}$/i.test(v) ? `${v.slice(0, 8)}…` : v));
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
