import type { EngineError } from './types';

/** At most this many candidate lines, failed hunks or applicable hunks are listed. */
export const MAX_LISTED = 20;
const MAX_MESSAGE_CHARS = 1_000;
const MAX_LINE_CHARS = 400;

/**
 * An engine error with every list and text bounded, so a failure costs the model a few hundred
 * tokens whatever the file (10,000 identical lines once produced a 58 KB AMBIGUOUS_MATCH).
 * Lists keep their first MAX_LISTED items and say how many there were (`candidate_count`,
 * `failed_hunk_count`); texts are cut with an ellipsis. Pure; the input is not changed.
 */
export function boundEngineError(error: EngineError): EngineError {
  const out: EngineError = { ...error, message: cut(error.message, MAX_MESSAGE_CHARS) };
  if (Array.isArray(error.candidates) && error.candidates.length > MAX_LISTED) {
    out.candidates = error.candidates.slice(0, MAX_LISTED);
    out.candidate_count = error.candidates.length;
  }
  if (Array.isArray(error.failed_hunks)) {
    out.failed_hunks = error.failed_hunks.slice(0, MAX_LISTED).map((f) => ({ ...f, reason: cut(f.reason, MAX_MESSAGE_CHARS) }));
    if (error.failed_hunks.length > MAX_LISTED) out.failed_hunk_count = error.failed_hunks.length;
  }
  if (Array.isArray(error.applicable_hunks) && error.applicable_hunks.length > MAX_LISTED) {
    out.applicable_hunks = error.applicable_hunks.slice(0, MAX_LISTED);
    out.applicable_hunk_count = error.applicable_hunks.length;
  }
  if (typeof error.line === 'string') out.line = cut(error.line, MAX_LINE_CHARS);
  if (typeof error.expected === 'string') out.expected = cut(error.expected, MAX_LINE_CHARS);
  if (error.found) out.found = { ...error.found, text: cut(error.found.text, MAX_LINE_CHARS) };
  return out;
}

function cut(s: string, max: number): string {
  return typeof s === 'string' && s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
