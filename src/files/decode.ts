import { fail, Result } from '../core/types';

/**
 * Decodes file bytes the way the tools accept them: UTF-8 only (a UTF-8 BOM is noted and
 * stripped, as VS Code's document model does), no NUL bytes (binary), no invalid sequences
 * (we refuse rather than re-encode, which would silently change bytes the agent never saw).
 */
export function decodeTextFile(bytes: Uint8Array, displayPath: string): Result<{ text: string; bom: boolean }> {
  if (bytes.length >= 2 && ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff))) {
    return fail('NOT_UTF8', `${displayPath} is UTF-16 encoded; the tools only edit UTF-8 text files.`);
  }
  if (bytes.indexOf(0) !== -1) {
    return fail('BINARY_FILE', `${displayPath} looks binary (it contains NUL bytes); the tools only handle text files.`);
  }
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes);
  } catch {
    return fail('NOT_UTF8', `${displayPath} is not valid UTF-8; the tools refuse to re-encode it.`);
  }
  const bom = text.charCodeAt(0) === 0xfeff;
  return { ok: true, text: bom ? text.slice(1) : text, bom };
}

/** Line-ending style of a text: the text kit's (core/text/eol.ts), re-exported for the tools. */
export { eolKind, type EolKind } from '../core/text/eol';

/**
 * Number of lines as a person counts them: a final line ending terminates the last line
 * rather than starting an empty one ("" → 0, "a" → 1, "a\n" → 1, "a\nb" → 2).
 */
export function lineCount(text: string): number {
  if (text.length === 0) return 0;
  let n = 1;
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) n++;
  return text.endsWith('\n') ? n - 1 : n;
}
