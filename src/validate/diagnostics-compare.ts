import { lineTextAt, oneLine } from './format-problems';
import { diffLineArrays, splitLines } from './line-diff';
import { lastNonBlankLine, selectNewProblems, type TextEnds } from './novelty';
import { MAX_PROBLEMS, type ChangedRange, type RawProblem } from './types';

/**
 * The shape of a vscode.Diagnostic this module needs, as plain data (0-based positions,
 * severity numbered like vscode.DiagnosticSeverity: 0 Error, 1 Warning, 2 Information, 3 Hint),
 * so the comparison is unit-tested in plain Node. A real vscode.Diagnostic satisfies it.
 */
export interface PlainDiagnostic {
  message: string;
  severity: number;
  source?: string;
  code?: string | number | { value: string | number };
  range: { start: { line: number; character: number } };
}

export const SEVERITY_ERROR = 0;
export const SEVERITY_WARNING = 1;

/** The file's text before and after the edit. */
export interface EditTexts {
  baseText: string;
  candidateText: string;
}

function isEditTexts(edit: readonly ChangedRange[] | EditTexts): edit is EditTexts {
  return !Array.isArray(edit);
}

/** A diagnostic the edit introduced, as plain data for the tool result (1-based position). */
export interface NewDiagnostic {
  line: number;
  column: number;
  severity: 'error' | 'warning';
  message: string;
  source?: string;
  code?: string;
}

/**
 * The diagnostics in `after` that the edit introduced: errors, plus warnings when
 * `includeWarnings`. Matching follows selectNewProblems(): a diagnostic is old when `before`
 * has one with the same severity, source, code and message at the mapped position (or drifted
 * by at most 2 lines on unchanged lines, or in the same changed spot). `edit` is either the
 * texts before and after the edit (simplest: ranges and ends are computed here) or the edit's
 * line ranges, base and candidate sides (1-based, as diffLineRanges(oldText, newText)
 * returns); with ranges, `ends` (optional, see TextEnds) lets a problem at the end of the
 * file stay matched when text is appended. Result in `after` order, all of them (cap with formatNewDiagnostics).
 * Accepts vscode.Diagnostic objects directly (their severity enum uses the same numbers).
 */
export function newDiagnostics(
  before: readonly PlainDiagnostic[],
  after: readonly PlainDiagnostic[],
  edit: readonly ChangedRange[] | EditTexts,
  includeWarnings: boolean,
  ends?: TextEnds,
): NewDiagnostic[] {
  let changedRanges: readonly ChangedRange[];
  if (isEditTexts(edit)) {
    const baseLines = splitLines(edit.baseText);
    const candidateLines = splitLines(edit.candidateText);
    changedRanges = diffLineArrays(baseLines, candidateLines);
    ends ??= { baseLastLine: lastNonBlankLine(baseLines), candidateLastLine: lastNonBlankLine(candidateLines) };
  } else {
    changedRanges = edit;
  }
  const counts = (d: PlainDiagnostic) => d.severity === SEVERITY_ERROR || (includeWarnings && d.severity === SEVERITY_WARNING);
  const wanted = after.filter(counts);
  if (wanted.length === 0) return [];
  const tagged = wanted.map((d) => ({ ...toRaw(d), diagnostic: d }));
  const { fresh } = selectNewProblems(before.map(toRaw), tagged, changedRanges, ends);
  return fresh.map(({ diagnostic: d }) => {
    const code = codeText(d.code);
    return {
      line: d.range.start.line + 1,
      column: d.range.start.character + 1,
      severity: d.severity === SEVERITY_ERROR ? 'error' : 'warning',
      message: oneLine(d.message, 200),
      ...(d.source ? { source: d.source } : {}),
      ...(code ? { code } : {}),
    };
  });
}

function toRaw(d: PlainDiagnostic): RawProblem {
  return {
    line: d.range.start.line + 1,
    column: d.range.start.character + 1,
    key: JSON.stringify([d.severity, d.source ?? '', codeText(d.code), d.message]),
    message: d.message,
  };
}

function codeText(code: PlainDiagnostic['code']): string {
  if (code === undefined || code === null) return '';
  return typeof code === 'object' ? String(code.value) : String(code);
}

/**
 * New diagnostics as at most `max` (default 10) single lines,
 * `12:5 error: Cannot find name 'x'. (ts 2304) | const y = x;`, with the line's text taken
 * from `text` (the file after the edit) when given, and a last "… and N more" line when cut.
 */
export function formatNewDiagnostics(diagnostics: readonly NewDiagnostic[], text?: string, max = MAX_PROBLEMS): string[] {
  const lines = text === undefined ? undefined : splitLines(text);
  const out = diagnostics.slice(0, max).map((d) => {
    const origin = [d.source, d.code].filter(Boolean).join(' ');
    const head = `${d.line}:${d.column} ${d.severity}: ${oneLine(d.message, 200)}${origin ? ` (${origin})` : ''}`;
    const lineText = lines ? lineTextAt(lines, d.line) : '';
    return lineText ? `${head} | ${lineText}` : head;
  });
  if (diagnostics.length > max) out.push(`… and ${diagnostics.length - max} more`);
  return out;
}
