/** Short, model-readable descriptions of positions and structural problems. */
import type { TileProblem } from './tiling';

/** 1-based line and column of `offset` in `text` (LF, CRLF or CR line ends). */
export function lineColAt(text: string, offset: number): { line: number; col: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10 || (c === 13 && text.charCodeAt(i + 1) !== 10)) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, col: offset - lineStart + 1 };
}

/** Up to `max` characters of `text` from `offset`, on one line, for quoting in a message. */
export function snippetAt(text: string, offset: number, max = 30): string {
  const raw = text.slice(offset, offset + max).split(/\r\n|\r|\n/)[0];
  return raw.length < text.length - offset ? raw + '…' : raw;
}

/** What a tiling problem means, in words, quoting the fragment `text` it was found in. */
export function describeTileProblem(problem: TileProblem, text: string, where: string): string {
  const { line, col } = lineColAt(text, problem.offset);
  const at = `${where} line ${line}, column ${col}`;
  const quote = JSON.stringify(snippetAt(text, problem.offset));
  const tag = problem.tag ? `<${problem.tag}>` : 'an element';
  switch (problem.kind) {
    case 'dropped':
      return `the parser ignores ${quote} at ${at} (a stray end tag, or a tag not allowed in this place)`;
    case 'moved':
      return `the parser moves or duplicates ${tag} at ${at} (misnested tags, or content not allowed in this place, e.g. inside a table)`;
    case 'unclosed':
      return `${tag} opened at ${at} has no end tag; close every non-void element explicitly`;
    case 'implied':
      return `the parser has to invent ${tag} at ${at} (an end tag without its start tag)`;
    case 'swallowed':
      return `${tag} at ${at} would extend past the inserted HTML (an element or comment left open)`;
    case 'tag_in_text':
      return `a tag at ${at} would be read as text (${quote}); escape a literal "<" as "&lt;"`;
  }
}
