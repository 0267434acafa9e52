/**
 * The closed set of failure types a tool can return. Documented in README.md; a model can
 * branch on them, so adding one is a contract change.
 */
export type ErrorType =
  | 'INVALID_INPUT'
  | 'PATH_DENIED'
  | 'FILE_NOT_FOUND'
  | 'FILE_EXISTS'
  | 'IS_DIRECTORY'
  | 'BINARY_FILE'
  | 'NOT_UTF8'
  | 'TOO_LARGE'
  | 'LINE_RANGE_OUT_OF_BOUNDS'
  | 'HASH_MISMATCH'
  | 'INVALID_PATCH'
  | 'INVALID_PATCH_LIMIT_EXCEEDED'
  | 'AMBIGUOUS_MATCH'
  | 'NO_MATCH'
  | 'ELISION_BLOCKED'
  | 'SIZE_REDUCTION_BLOCKED'
  | 'DUPLICATE_CONTENT'
  | 'VALIDATION_FAILED'
  | 'EDIT_FAILURE_LOOP'
  | 'REPEATED_CALL'
  | 'REPEATED_BAD_INPUT'
  | 'PERMISSION_DENIED'
  | 'NO_BACKUPS'
  | 'REVISION_OUT_OF_RANGE'
  | 'HTML_PATCH_FAILED'
  | 'WORKSPACE_UNTRUSTED'
  | 'PROGRAM_NOT_FOUND'
  | 'CANCELLED'
  | 'INTERNAL_ERROR';

/** A failure as a value: the tool layer turns it into the JSON the model reads. */
export interface Failure {
  error_type: ErrorType;
  message: string;
  [field: string]: unknown;
}

export type Result<T> = ({ ok: true } & T) | { ok: false; failure: Failure };

export function fail(error_type: ErrorType, message: string, fields: Record<string, unknown> = {}): { ok: false; failure: Failure } {
  return { ok: false, failure: { error_type, message, ...fields } };
}
