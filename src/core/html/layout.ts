/**
 * Where inserted HTML goes and with which surrounding line breaks, so that an insertion next
 * to an element that sits on its own line(s) also gets its own line(s), indented like its
 * siblings, instead of being glued to the neighbour's tag.
 *
 * Rules (the engine never adds whitespace inside whitespace-sensitive elements: pre,
 * textarea, script, style, listing, plaintext, xmp, nor around a fragment that contains
 * one, except the line break itself):
 * - before/after an element alone on its line(s): the fragment becomes new line(s) right
 *   above/below it, with the element's indentation;
 * - append/prepend into an element whose end/start tag ends a line: new line(s) after the
 *   last / before the first child, indented like the existing children (or one step more
 *   than the parent: a tab when the parent is indented with tabs, else two spaces);
 * - otherwise, and always for replace/inner, the fragment is spliced exactly where the
 *   element or its content is, as given.
 * In line mode the fragment is laid out by `asLines`.
 * Line ends are always converted to the file's EOL.
 */
import { Eol, normalizeEol } from '../text/eol';

export function lineStartOf(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

/** Offset of the line end (the `\r` of a CRLF, or the `\n`) at or after `pos`, or the text's length. */
export function lineEndOf(text: string, pos: number): number {
  const lf = text.indexOf('\n', pos);
  if (lf === -1) return text.length;
  return lf > pos && text.charCodeAt(lf - 1) === 13 ? lf - 1 : lf;
}

/** The spaces/tabs between the line start and `pos`, or null when something else precedes `pos` on its line. */
export function indentBefore(text: string, pos: number): string | null {
  const head = text.slice(lineStartOf(text, pos), pos);
  return /^[ \t]*$/.test(head) ? head : null;
}

/** Whether only spaces/tabs follow `pos` up to its line end. */
export function restOfLineBlank(text: string, pos: number): boolean {
  return /^[ \t]*$/.test(text.slice(pos, lineEndOf(text, pos)));
}

/** Whether `[start, end)` occupies whole lines (only indentation before, only blanks after). */
export function standsAlone(text: string, start: number, end: number): boolean {
  return indentBefore(text, start) !== null && restOfLineBlank(text, end);
}

/** One indentation step below `indent`. */
export function indentStep(indent: string): string {
  return indent.includes('\t') ? '\t' : '  ';
}

const WHITESPACE_SENSITIVE_TAG = /<(pre|textarea|script|style|listing|plaintext|xmp)\b/i;

/**
 * The fragment prepared for line mode, as whole lines including their indentation: EOLs
 * converted, blank edge lines dropped, every non-blank line prefixed with `indent` — unless
 * all of them already start with it (the model sent the file's own indentation), and except
 * continuation lines of a fragment holding a whitespace-sensitive element (their
 * whitespace is content).
 */
export function asLines(html: string, indent: string, eol: Eol): string {
  const lines = normalizeEol(html, '\n').split('\n');
  while (lines.length > 1 && lines[0].trim() === '') lines.shift();
  while (lines.length > 1 && lines[lines.length - 1].trim() === '') lines.pop();
  const nonBlank = lines.filter((line) => line.trim() !== '');
  if (nonBlank.every((line) => line.startsWith(indent))) return lines.join(eol);
  const sensitive = WHITESPACE_SENSITIVE_TAG.test(html);
  return lines.map((line, i) => (line.trim() === '' || (i > 0 && sensitive) ? line : indent + line)).join(eol);
}

/** The first line end at or after `pos` and its length (0 at the end of the text). */
export function lineBreakAt(text: string, pos: number): { at: number; length: number } {
  const at = lineEndOf(text, pos);
  if (at >= text.length) return { at, length: 0 };
  return { at, length: text.charCodeAt(at) === 13 ? 2 : 1 };
}
