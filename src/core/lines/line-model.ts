/**
 * A text as lines plus the exact line endings, so a line edit can be made and the text put
 * back together byte for byte: `text === join(split(text))` for every string.
 */
export interface LineModel {
  lines: string[];
  /** eols[i] ends lines[i]: '\n', '\r\n', or '' for a last line without a final newline. */
  eols: string[];
}

export function splitLines(text: string): LineModel {
  const lines: string[] = [];
  const eols: string[] = [];
  let start = 0;
  while (start < text.length) {
    const nl = text.indexOf('\n', start);
    if (nl === -1) {
      lines.push(text.slice(start));
      eols.push('');
      break;
    }
    const crlf = nl > start && text.charCodeAt(nl - 1) === 13;
    lines.push(text.slice(start, crlf ? nl - 1 : nl));
    eols.push(crlf ? '\r\n' : '\n');
    start = nl + 1;
  }
  return { lines, eols };
}

export function joinLines(model: LineModel): string {
  let out = '';
  for (let i = 0; i < model.lines.length; i++) out += model.lines[i] + model.eols[i];
  return out;
}

/** The line ending new lines should get near line index `at`: the nearest neighbour's, else the file's majority, else LF. */
export function eolNear(model: LineModel, at: number): string {
  for (let d = 0; d < model.lines.length; d++) {
    for (const i of [at - 1 - d, at + d]) {
      if (i >= 0 && i < model.eols.length && model.eols[i] !== '') return model.eols[i];
    }
  }
  return '\n';
}
