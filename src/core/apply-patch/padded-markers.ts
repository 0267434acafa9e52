/**
 * Marker lines written with whitespace around them (`  *** Update File: a.txt`,
 * ` *** End Patch`, `*** End of File  `): models emit these, and most of the time nothing else
 * could be meant. The rule (README.md, "Padded marker lines"):
 *
 * - Trailing whitespace never matters: no body line starts with `*` or `@`.
 * - Leading whitespace makes a line a marker when its trimmed text is one, except where the
 *   same line also reads as a context line: inside an `*** Update File:` section, a line that
 *   starts with a space is `' ' + text`. That reading is possible only when the section's file
 *   has a line whose trimmed text is the marker's (the whitespace tier matches it there), so:
 *   the file has no such line → the marker; the file has one → ambiguous, refused.
 * - Without the files (listing the paths a patch names) a padded line reads as the marker: the
 *   set of paths named is then a superset of what the final reading names.
 *
 * Every check is `startsWith` / `===` on a trimmed line: linear, no regex.
 */

export const BEGIN = '*** Begin Patch';
export const END = '*** End Patch';
export const ADD = '*** Add File:';
export const DELETE = '*** Delete File:';
export const UPDATE = '*** Update File:';
export const MOVE = '*** Move to:';
export const EOF_MARK = '*** End of File';

export const isOpHeader = (m: string): boolean => m.startsWith(ADD) || m.startsWith(DELETE) || m.startsWith(UPDATE);

/** True for a (trimmed) line that is a marker after "*** Begin Patch": End, a file header, Move to, End of File, or a chunk's `@@`. */
export function isInnerMarker(trimmed: string): boolean {
  return trimmed === END || trimmed === EOF_MARK || isOpHeader(trimmed) || trimmed.startsWith(MOVE) || trimmed.startsWith('@@');
}

/** Whether the file at `path` has a line whose trimmed text is `trimmed` (false when there is no such file). */
export type FileHasLine = (path: string, trimmed: string) => boolean;

/**
 * A FileHasLine over `readFile`: each file's trimmed lines are collected once, the first time
 * a padded marker in its section asks (one linear pass), then answered from a Set.
 */
export function fileLineLookup(readFile: (path: string) => string | undefined): FileHasLine {
  const byPath = new Map<string, Set<string>>();
  return (path, trimmed) => {
    let lines = byPath.get(path);
    if (!lines) {
      lines = new Set();
      const text = readFile(path);
      if (text !== undefined) {
        let start = 0;
        while (start <= text.length) {
          let end = text.indexOf('\n', start);
          if (end < 0) end = text.length;
          lines.add(text.slice(start, end).trim());
          start = end + 1;
        }
      }
      byPath.set(path, lines);
    }
    return lines.has(trimmed);
  };
}
