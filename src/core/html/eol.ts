/** End-of-line handling for inserted text: the file keeps its own EOL style. */

export type Eol = '\n' | '\r\n';

/**
 * The file's dominant EOL: CRLF when CRLF line ends outnumber lone LF ones, else LF (also
 * for a text without any line end).
 */
export function detectEol(text: string): Eol {
  let crlf = 0;
  let lf = 0;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    if (i > 0 && text.charCodeAt(i - 1) === 13) crlf++;
    else lf++;
  }
  return crlf > lf ? '\r\n' : '\n';
}

/** Rewrites every line end of `text` (CRLF, LF or lone CR) as `eol`. */
export function normalizeEol(text: string, eol: Eol): string {
  return text.replace(/\r\n|\r|\n/g, eol);
}
