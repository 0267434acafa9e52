/**
 * Line-ending detection and rewriting on a whole text. Only "\n" and "\r\n" end a line
 * here: a lone "\r" (old Mac files) is line content and counts for nothing; see
 * `normalizeEol` for the one function that does treat it as a line end. A BOM is content
 * like any other character and changes no count. Each function is one linear pass.
 */

export type Eol = '\n' | '\r\n';

/** What a text's line ends are: one style, a mix of both, or none at all (one line, or empty). */
export type EolKind = 'LF' | 'CRLF' | 'mixed' | 'none';

/**
 * The number of "\r\n" and of bare "\n" line ends in `text`. A final newline counts like
 * any other; a last line without one adds nothing; "" and "\r" give 0 and 0.
 */
export function countLineEnds(text: string): { crlf: number; lf: number } {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  return { crlf, lf };
}

/**
 * The text's dominant line end: "\r\n" when CRLF ends outnumber bare LF ones, else "\n"
 * (also on a tie and for a text without line ends). Unlike `dominantEol` on a LineModel,
 * a last line without a terminator casts no vote.
 */
export function detectEol(text: string): Eol {
  const { crlf, lf } = countLineEnds(text);
  return crlf > lf ? '\r\n' : '\n';
}

/** The line-ending style of `text` ("a\r\nb\n" is mixed; "a" and "" have none). */
export function eolKind(text: string): EolKind {
  const { crlf, lf } = countLineEnds(text);
  if (crlf === 0 && lf === 0) return 'none';
  if (crlf === 0) return 'LF';
  if (lf === 0) return 'CRLF';
  return 'mixed';
}

/**
 * True when `text` has a "\r" that is not followed by "\n" (a lone CR inside a line). Editors
 * such as VS Code read it as a line break, so their model of the file cannot keep its bytes.
 */
export function hasLoneCr(text: string): boolean {
  for (let i = text.indexOf('\r'); i !== -1; i = text.indexOf('\r', i + 1)) {
    if (text.charCodeAt(i + 1) !== 10) return true;
  }
  return false;
}

/**
 * Rewrites every line end of `text` as `eol`: "\r\n", "\n" and also a lone "\r" (inserted
 * text from an agent may carry any of them, and a lone "\r" left in would become a line
 * end in some editors and not in others). A final newline stays one; "" stays "".
 */
export function normalizeEol(text: string, eol: Eol): string {
  return text.replace(/\r\n|\r|\n/g, eol);
}
