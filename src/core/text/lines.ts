/**
 * The project's one line model: a text split into lines for line-addressed editing, keeping
 * everything needed to rebuild the untouched parts byte for byte: the BOM, each line's own
 * terminator, and whether the text ends with a newline. Mixed endings are kept line by line.
 *
 * Only "\n" and "\r\n" are line breaks; a lone "\r" stays part of the line's content (old Mac
 * files are not supported as such, but they are never corrupted either: they are one line).
 * Other ways of cutting a text (rows with a trailing empty one, lines keeping their ends)
 * are in ./split.ts; whole-text EOL counts in ./eol.ts.
 */
export interface LineModel {
  /** The original text, BOM included. */
  readonly raw: string;
  /** True when the text starts with U+FEFF; it is stripped before matching and restored on output. */
  readonly bom: boolean;
  /** The lines without their terminators. */
  readonly lines: string[];
  /** True when some line ends with "\r\n" (the per-line terminator is then looked up in `eolAt`). */
  readonly hasCR: boolean;
  /** True when the last line has a terminator (or the text is empty). */
  readonly finalNewline: boolean;
}

const BOM = '\uFEFF';

/**
 * Split `text` into a LineModel. An empty text (or a lone BOM) has zero lines. A text ending
 * with a terminator does not get an extra empty line: "a\n" is one line, "a\n\n" two.
 * Cost: one native split, plus one pass stripping "\r" when the text contains any.
 */
export function splitText(text: string): LineModel {
  const bom = text.startsWith(BOM);
  const body = bom ? text.slice(1) : text;
  if (body === '') return { raw: text, bom, lines: [], hasCR: false, finalNewline: true };
  const lines = body.split('\n');
  let finalNewline = false;
  if (lines[lines.length - 1] === '') {
    lines.pop();
    finalNewline = true;
  }
  const hasCR = body.indexOf('\r') >= 0;
  const model: LineModel & { crlf?: Uint8Array } = { raw: text, bom, lines, hasCR, finalNewline };
  if (hasCR) {
    // Record which lines ended with CRLF, then strip the CR from the content.
    const crlf = new Uint8Array(lines.length);
    const last = lines.length - 1;
    for (let i = 0; i < lines.length; i++) {
      const l = lines[i];
      // The last line only has a terminator when the text ends with a newline.
      if (l.length && l.charCodeAt(l.length - 1) === 13 && (i < last || finalNewline)) {
        crlf[i] = 1;
        lines[i] = l.slice(0, -1);
      }
    }
    model.crlf = crlf;
  }
  return model;
}

/** The terminator of line `i` as it is in the text: "\r\n", "\n", or "" for a last line without one. */
export function eolAt(m: LineModel, i: number): string {
  if (i === m.lines.length - 1 && !m.finalNewline) return '';
  const crlf = (m as { crlf?: Uint8Array }).crlf;
  return crlf && crlf[i] ? '\r\n' : '\n';
}

/**
 * The terminator most lines use ("\n" on a tie or when there are none). Every line votes,
 * and a last line without a terminator votes for "\n": "a\r\nb" gives "\n" where the
 * whole-text `detectEol` in ./eol.ts gives "\r\n". The difference is kept because the patch
 * engine's outputs (scenario fixtures, benchmark) rest on this count.
 */
export function dominantEol(m: LineModel): string {
  const crlf = (m as { crlf?: Uint8Array }).crlf;
  if (!crlf) return '\n';
  let n = 0;
  for (let i = 0; i < crlf.length; i++) n += crlf[i];
  return n * 2 > m.lines.length ? '\r\n' : '\n';
}

/**
 * Character offsets (into `raw`, BOM included) of the start of every line, plus one entry for
 * the end of the text. Computed once per model on demand.
 */
export function lineOffsets(m: LineModel): Uint32Array | Float64Array {
  const cached = (m as { offsets?: Uint32Array | Float64Array }).offsets;
  if (cached) return cached;
  const n = m.lines.length;
  const out = m.raw.length < 0xffffffff ? new Uint32Array(n + 1) : new Float64Array(n + 1);
  let pos = m.bom ? 1 : 0;
  const crlf = (m as { crlf?: Uint8Array }).crlf;
  for (let i = 0; i < n; i++) {
    out[i] = pos;
    pos += m.lines[i].length + (crlf && crlf[i] ? 2 : 1);
  }
  out[n] = m.raw.length;
  (m as { offsets?: Uint32Array | Float64Array }).offsets = out;
  return out;
}

/**
 * The model as two parallel arrays for splicing lines in and out: `ends[i]` terminates
 * `lines[i]` ("\n", "\r\n", or "" for a last line without one). The BOM, if any, is given
 * back as content of the first line (a lone BOM is one line with no terminator), so that
 * line numbers are those of the text as given and `joinLines` rebuilds `raw` exactly.
 */
export function editableLines(m: LineModel): { lines: string[]; ends: string[] } {
  const lines = m.lines.slice();
  const ends = lines.map((_, i) => eolAt(m, i));
  if (m.bom) {
    if (lines.length === 0) {
      lines.push(BOM);
      ends.push('');
    } else lines[0] = BOM + lines[0];
  }
  return { lines, ends };
}

/** Each line followed by its terminator: the inverse of `editableLines`. */
export function joinLines(lines: readonly string[], ends: readonly string[]): string {
  let out = '';
  for (let i = 0; i < lines.length; i++) out += lines[i] + ends[i];
  return out;
}

/**
 * The terminator a line inserted before line index `at` (0-based; `at` = count appends)
 * should get: that of the nearest line that has one, looking first above (at - 1), then
 * below (at), then two away, and so on; "\n" when no line has one (empty text, one line
 * without final newline). Stops at the first hit, so it is cheap where endings are present.
 */
export function eolNear(ends: readonly string[], at: number): string {
  for (let d = 0; d < ends.length; d++) {
    for (const i of [at - 1 - d, at + d]) {
      if (i >= 0 && i < ends.length && ends[i] !== '') return ends[i];
    }
  }
  return '\n';
}
