import type { ErrorType } from '../types';

/**
 * How each failure type counts, for the journal, the dashboard, the status bar and the guard.
 * - `blocked`: a guard kept a harmful or unwanted write off the file (the net working).
 * - `failed`: the call did not do what was asked (bad input, no match, missing file…).
 * - `loop` / `limit` / `repeated`: the guard's own refusals, steering the agent.
 *
 * HASH_MISMATCH is `blocked`: the agent wrote against a version that is no longer the file's,
 * and applying it would have overwritten newer text (the user's or another edit's). Stopping
 * that is the product's first protection, so it counts with the other stopped writes.
 */
export type ErrorClass = 'blocked' | 'failed' | 'loop' | 'limit' | 'repeated';

export interface ErrorSpec {
  class: ErrorClass;
  /**
   * Not the agent's mistake (the user cancelled or refused consent): such a failure neither
   * counts toward a file's failure streak nor ends one.
   */
  neutral?: true;
}

/** Every failure type a tool can return; the Record makes a new ErrorType choose its class. */
export const ERROR_CATALOG: Readonly<Record<ErrorType, ErrorSpec>> = Object.freeze({
  INVALID_INPUT: { class: 'failed' },
  PATH_DENIED: { class: 'failed' },
  FILE_NOT_FOUND: { class: 'failed' },
  FILE_EXISTS: { class: 'failed' },
  IS_DIRECTORY: { class: 'failed' },
  BINARY_FILE: { class: 'failed' },
  NOT_UTF8: { class: 'failed' },
  TOO_LARGE: { class: 'failed' },
  LINE_RANGE_OUT_OF_BOUNDS: { class: 'failed' },
  HASH_MISMATCH: { class: 'blocked' },
  INVALID_PATCH: { class: 'failed' },
  INVALID_PATCH_LIMIT_EXCEEDED: { class: 'limit' },
  AMBIGUOUS_MATCH: { class: 'failed' },
  NO_MATCH: { class: 'failed' },
  ELISION_BLOCKED: { class: 'blocked' },
  SIZE_REDUCTION_BLOCKED: { class: 'blocked' },
  DUPLICATE_CONTENT: { class: 'blocked' },
  VALIDATION_FAILED: { class: 'blocked' },
  EDIT_FAILURE_LOOP: { class: 'loop' },
  REPEATED_CALL: { class: 'repeated' },
  REPEATED_BAD_INPUT: { class: 'repeated' },
  // The user refused consent for a sensitive file: the write was stopped, by the user.
  PERMISSION_DENIED: { class: 'blocked', neutral: true },
  NO_BACKUPS: { class: 'failed' },
  REVISION_OUT_OF_RANGE: { class: 'failed' },
  HTML_PATCH_FAILED: { class: 'failed' },
  WORKSPACE_UNTRUSTED: { class: 'failed' },
  PROGRAM_NOT_FOUND: { class: 'failed' },
  CANCELLED: { class: 'failed', neutral: true },
  INTERNAL_ERROR: { class: 'failed' },
});

/** The class of a failure type; a type outside the closed set (a bug, or a foreign tool's) is `failed`. */
export function errorClassOf(errorType: string | undefined): ErrorClass {
  return errorType !== undefined && Object.prototype.hasOwnProperty.call(ERROR_CATALOG, errorType) ? ERROR_CATALOG[errorType as ErrorType].class : 'failed';
}

/** Failure types that are not the agent's mistake (see ErrorSpec.neutral). */
export const NEUTRAL_ERROR_TYPES: ReadonlySet<string> = errorTypesWhere((s) => s.neutral === true);

/** The guard's own refusals: fed back to the guard, they are ignored. */
export const GUARD_ERROR_TYPES: ReadonlySet<string> = errorTypesWhere((s) => s.class === 'loop' || s.class === 'limit' || s.class === 'repeated');

function errorTypesWhere(test: (spec: ErrorSpec) => boolean): ReadonlySet<string> {
  return new Set(Object.entries(ERROR_CATALOG).filter(([, spec]) => test(spec)).map(([type]) => type));
}
