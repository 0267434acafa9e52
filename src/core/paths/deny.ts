import { fail, Failure } from '../types';

/**
 * Why a path was refused. Part of the PATH_DENIED contract: the tool result carries it in
 * the `reason` field so a model (or a test) can branch on it without parsing the message.
 */
export type PathDenyReason =
  | 'NOT_A_STRING'
  | 'EMPTY'
  | 'TOO_LONG'
  | 'SURROUNDING_WHITESPACE'
  | 'NUL_BYTE'
  | 'CONTROL_CHARACTER'
  | 'BIDI_CONTROL'
  | 'INVALID_UNICODE'
  | 'INVISIBLE_CHARACTER'
  | 'UNC_PATH'
  | 'DEVICE_PATH'
  | 'DRIVE_RELATIVE'
  | 'RESERVED_NAME'
  | 'TRAILING_DOT_OR_SPACE'
  | 'INVALID_CHARACTER'
  | 'ALTERNATE_DATA_STREAM'
  | 'HOME_EXPANSION'
  | 'URI_SCHEME'
  | 'INVALID_URI'
  | 'LOOKALIKE_CHARACTER'
  | 'NO_WORKSPACE'
  | 'PARENT_ESCAPE'
  | 'OUTSIDE_WORKSPACE'
  | 'SYMLINK_ESCAPE'
  | 'DANGLING_SYMLINK'
  | 'PARENT_NOT_DIRECTORY'
  | 'SPECIAL_FILE'
  | 'HARD_LINK'
  | 'GIT_INTERNALS'
  | 'PROTECTED_STORAGE'
  | 'UNRESOLVABLE'
  /** The path resolved to another file once the file's lock was taken (a link changed meanwhile). */
  | 'PATH_CHANGED';

/** The longest slice of an offending path quoted back in a message. */
const MAX_QUOTED = 120;

/**
 * Quotes a (possibly hostile) path for a message: JSON-escaped so control characters and
 * quotes cannot forge text, and cut to a bounded length so a 1 MB path stays a short message.
 */
export function quotePath(input: unknown): string {
  if (typeof input !== 'string') return `(${input === null ? 'null' : typeof input})`;
  const cut = input.length > MAX_QUOTED ? `${input.slice(0, MAX_QUOTED)}…` : input;
  return JSON.stringify(cut);
}

/** A PATH_DENIED failure value with its `reason` and the quoted offending path. */
export function pathDenied(reason: PathDenyReason, message: string, input: unknown): { ok: false; failure: Failure } {
  return fail('PATH_DENIED', message, { reason, path: typeof input === 'string' ? input.slice(0, MAX_QUOTED) : null });
}
