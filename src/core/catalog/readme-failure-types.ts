import type { ErrorType } from '../types';
import { ERROR_CATALOG, GUARD_ERROR_TYPES } from './errors';

/**
 * What README.md's list of failure types says after a type's name: the fields its result
 * carries, or what it means where the name does not say. A type without an entry is listed
 * by name alone.
 */
export const FAILURE_TYPE_DETAILS: Readonly<Partial<Record<ErrorType, string>>> = Object.freeze({
  INVALID_INPUT: 'names the field',
  PATH_DENIED: 'with `reason`',
  FILE_EXISTS: 'a patch adds a file, or moves one, onto a path that exists',
  HASH_MISMATCH: 'with `latest_file_state`: `sha256` and `diff_from_your_version` or `content`',
  INVALID_PATCH: 'hunk, line, nearest candidate',
  AMBIGUOUS_MATCH: '`candidates`; `readings` when an edit could be a first application or a repeat',
  SIZE_REDUCTION_BLOCKED: 'both sizes',
  DUPLICATE_CONTENT: '`existing_lines`',
  VALIDATION_FAILED: 'line:column, offending line, hint',
  HTML_PATCH_FAILED: '`failed_index`, `reason`, `valid_indexes`, `instruction`',
});

/** README's prose is wrapped at this width, as the hand-written paragraphs around it are. */
const WRAP_COLUMNS = 92;

/**
 * README's paragraph listing every failure type in the catalog's order; the guard's own
 * refusals (failure loops, repeated calls…) come after it, in the steering messages table.
 */
export function failureTypesParagraph(): string {
  const items = (Object.keys(ERROR_CATALOG) as ErrorType[])
    .filter((type) => !GUARD_ERROR_TYPES.has(type))
    .map((type) => (FAILURE_TYPE_DETAILS[type] ? `\`${type}\` (${FAILURE_TYPE_DETAILS[type]})` : `\`${type}\``));
  return wrap(`${items.join(', ')}, and the steering messages below.`, WRAP_COLUMNS);
}

/** Greedy word wrap on spaces (a word longer than the width gets a line of its own). */
function wrap(text: string, columns: number): string {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line && line.length + 1 + word.length > columns) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines.join('\n');
}
