import { MAX_PROBLEMS, type SyntaxProblem } from './types';

const MAX_LINE_TEXT = 120;
const MAX_MESSAGE = 200;

/** Collapses whitespace and cuts `text` to `max` characters with an ellipsis. */
export function oneLine(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= max ? flat : flat.slice(0, max - 1) + '…';
}

/** The candidate's line `line` (1-based) trimmed and shortened for a result; '' when absent. */
export function lineTextAt(lines: readonly string[], line: number): string {
  return oneLine(lines[line - 1] ?? '', MAX_LINE_TEXT);
}

/**
 * Formats problems as at most `max` (default 10) single lines:
 * `L12:5 missing '}' | if (x) { | hint: unbalanced braces: a '}' is missing before line 12`.
 * When more problems exist a last line says how many were left out, so a result never grows
 * with the number of errors.
 */
export function formatProblems(problems: readonly SyntaxProblem[], max = MAX_PROBLEMS): string[] {
  const shown = problems.slice(0, max).map((p) => {
    const parts = [`L${p.line}:${p.column} ${oneLine(p.message, MAX_MESSAGE)}`];
    if (p.lineText) parts.push(oneLine(p.lineText, MAX_LINE_TEXT));
    if (p.hint) parts.push(`hint: ${oneLine(p.hint, MAX_MESSAGE)}`);
    return parts.join(' | ');
  });
  if (problems.length > max) shown.push(`… and ${problems.length - max} more`);
  return shown;
}
