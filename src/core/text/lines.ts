/**
 * A text split into lines for line-addressed editing, keeping everything needed to rebuild
 * the untouched parts byte for byte: the BOM, each line's own terminator, and whether the
 * text ends with a newline.
 *
 * Only "\n" and "\r\n" are line breaks; a lone "\r" stays part of the line's content (old Mac
 * files are not supported as such, but they are never corrupted either: they are one line).
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

/** The terminator most lines use ("\n" on a tie or when there are none). */
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

/** Split a snippet (patch body, old/new text) on "\n" or "\r\n", without a BOM, keeping a trailing empty line as a line. */
export function splitSnippet(text: string): string[] {
  return text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
}
