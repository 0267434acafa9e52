/**
 * The two ways of cutting a text into an array of strings other than the LineModel
 * (`splitText` in ./lines), each for callers that need exactly this shape. They differ on
 * purpose from `splitText` and from each other; each contract says how.
 */

/**
 * Rows as a parser or a line diff counts them: cut at every "\n", a "\r" just before it
 * dropped. Unlike `splitText`, a final newline yields a last empty row ("a\n" → ["a", ""]),
 * "" yields [""], and a BOM stays in the first row; a lone "\r" is row content. Use it where
 * both sides of a comparison are cut alike or where row N must be line N of a tool's report
 * (tree-sitter rows, validator output, excerpts). Same as `text.split(/\r?\n/)`.
 */
export function splitRows(text: string): string[] {
  return text.split(/\r?\n/);
}

/**
 * Lines that keep their terminators, so `splitLinesKeepEnds(t).join('') === t` for every t.
 * A line ends after "\n" ("\r\n" stays whole, its "\r" being line content); a final line
 * without "\n" is kept as is; "" has no lines (not one empty line), which is what a line
 * diff needs: an empty file and a file holding "\n" differ by one line.
 */
export function splitLinesKeepEnds(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  for (;;) {
    const nl = text.indexOf('\n', start);
    if (nl < 0) break;
    lines.push(text.slice(start, nl + 1));
    start = nl + 1;
  }
  if (start < text.length) lines.push(text.slice(start));
  return lines;
}
