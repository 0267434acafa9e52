import type { RawProblem } from '../types';
import { splitRows } from '../../core/text/split';

/**
 * Indentation errors of a Python text, by the rules of Python's tokenizer, which
 * tree-sitter-python does not enforce (it accepts an unexpected indent silently):
 *  - after a logical line ending in ':' the next logical line must be indented deeper
 *    ("expected an indented block");
 *  - a line indented deeper than the current block without such a ':' is
 *    "unexpected indent";
 *  - a dedent must land on an enclosing block's indentation ("unindent does not match any
 *    outer indentation level").
 * Logical lines join across open brackets, backslash continuations and triple-quoted
 * strings; blank and comment-only lines are ignored. A tab advances to the next multiple
 * of 8, as in CPython. After a problem the checker adopts the offending indentation, so one
 * mistake yields one report, not a cascade.
 */
export function pythonIndentationProblems(text: string): RawProblem[] {
  const lines = splitRows(text);
  const out: RawProblem[] = [];
  const stack = [0];
  let depth = 0; // open brackets
  let inString: string | undefined; // the closing quote of an open triple-quoted string
  let continued = false; // previous physical line ended with a backslash
  let expectIndent = false; // previous logical line ended with ':'
  let lastOpenerLine = 0;

  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i];
    const startsLogical = depth === 0 && !inString && !continued;
    if (startsLogical) {
      const body = raw.trimStart();
      if (body === '' || body.startsWith('#')) continue;
      const indent = indentWidth(raw);
      const top = stack[stack.length - 1];
      if (expectIndent) {
        if (indent <= top) out.push(problem(i + 1, indent, 'INDENT:expected', `expected an indented block after line ${lastOpenerLine}`));
        else stack.push(indent);
      } else if (indent > top) {
        out.push(problem(i + 1, indent, 'INDENT:unexpected', 'unexpected indent'));
        stack.push(indent);
      } else if (indent < top) {
        while (stack.length > 1 && stack[stack.length - 1] > indent) stack.pop();
        if (stack[stack.length - 1] !== indent) {
          out.push(problem(i + 1, indent, 'INDENT:unindent', 'unindent does not match any outer indentation level'));
          stack.push(indent);
        }
      }
      expectIndent = false;
    }
    const scan = scanLine(raw, depth, inString);
    depth = scan.depth;
    inString = scan.inString;
    continued = scan.continued;
    if (depth === 0 && !inString && !continued && scan.lastCode !== undefined) {
      expectIndent = scan.lastCode === ':';
      if (expectIndent) lastOpenerLine = i + 1;
    }
  }
  if (expectIndent) out.push(problem(lines.length, 1, 'INDENT:expected', `expected an indented block after line ${lastOpenerLine}`));
  return out;
}

function problem(line: number, indent: number, key: string, message: string): RawProblem {
  return { line, column: indent + 1, key, message };
}

function indentWidth(line: string): number {
  let w = 0;
  for (const ch of line) {
    if (ch === ' ') w++;
    else if (ch === '\t') w = (Math.floor(w / 8) + 1) * 8;
    else if (ch === '\f') w = 0;
    else break;
  }
  return w;
}

/**
 * Scans one physical line for brackets, strings and comments. Returns the bracket depth and
 * open triple-quoted string after it, whether it ends with a continuation backslash, and the
 * last character of code on it (outside strings and comments), if any.
 */
function scanLine(line: string, depth: number, inString: string | undefined): { depth: number; inString: string | undefined; continued: boolean; lastCode: string | undefined } {
  let lastCode: string | undefined;
  let i = 0;
  while (i < line.length) {
    if (inString) {
      const end = findStringEnd(line, i, inString);
      if (end < 0) return { depth, inString, continued: false, lastCode };
      i = end;
      inString = undefined;
      lastCode = '"';
      continue;
    }
    const ch = line[i];
    if (ch === '#') break;
    if (ch === '"' || ch === "'") {
      const quote = line.startsWith(ch.repeat(3), i) ? ch.repeat(3) : ch;
      const end = findStringEnd(line, i + quote.length, quote);
      if (end < 0) {
        // An unterminated single-quoted string is a tokenizer error tree-sitter reports; drop it.
        if (quote.length === 1) return { depth, inString: undefined, continued: false, lastCode: '"' };
        return { depth, inString: quote, continued: false, lastCode };
      }
      i = end;
      lastCode = '"';
      continue;
    }
    if (ch === '(' || ch === '[' || ch === '{') depth++;
    else if (ch === ')' || ch === ']' || ch === '}') depth = Math.max(0, depth - 1);
    if (ch === '\\' && i === line.length - 1) return { depth, inString, continued: true, lastCode };
    if (ch !== ' ' && ch !== '\t') lastCode = ch;
    i++;
  }
  return { depth, inString, continued: false, lastCode };
}

/** Index just past the closing `quote` at or after `from`, honouring backslash escapes; -1 if none. */
function findStringEnd(line: string, from: number, quote: string): number {
  for (let i = from; i < line.length; i++) {
    if (line[i] === '\\') {
      i++;
      continue;
    }
    if (line.startsWith(quote, i)) return i + quote.length;
  }
  return -1;
}
