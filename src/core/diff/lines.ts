/**
 * Splits a text into lines that keep their terminators, so joining the result gives back
 * the text byte for byte. A line ends after '\n' ("\r\n" stays whole because '\r' is just
 * part of the line's content); a final line without '\n' is kept as is. The empty text
 * has no lines (not one empty line), which is what a line diff needs: an empty file and a
 * file holding "\n" differ by one line.
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

/** True when the line carries its '\n' terminator (only a file's last line may not). */
export function hasLineEnd(line: string): boolean {
  return line.endsWith('\n');
}
