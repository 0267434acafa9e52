import { parse, printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { RawProblem } from '../types';
import { PositionIndex } from './text-positions';

/**
 * Syntax errors of a JSON or JSONC text, as VS Code's JSON language features classify them:
 * for language id 'json' comments and trailing commas are errors; for 'jsonc' comments are
 * allowed and trailing commas are only a warning, so neither is reported. An empty or
 * whitespace-only text is not an error (VS Code does not validate empty documents).
 */
export function jsonProblems(text: string, languageId: 'json' | 'jsonc'): RawProblem[] {
  if (text.trim() === '') return [];
  const strict = languageId === 'json';
  const errors: ParseError[] = [];
  parse(text, errors, { disallowComments: strict, allowTrailingComma: !strict, allowEmptyContent: true });
  const positions = new PositionIndex(text);
  return errors.map((e) => {
    const code = printParseErrorCode(e.error);
    const { line, column } = positions.at(e.offset);
    return { line, column, key: `JSON:${code}`, message: jsonMessage(code) };
  });
}

/** A readable message for a jsonc-parser error code (its names are CamelCase identifiers). */
function jsonMessage(code: string): string {
  switch (code) {
    case 'InvalidCommentToken':
      return 'comments are not permitted in JSON';
    case 'PropertyNameExpected':
      return 'property name expected (a trailing comma, or a missing key?)';
    case 'ValueExpected':
      return 'value expected (a trailing comma, or a missing value?)';
    case 'CommaExpected':
      return "',' expected";
    case 'ColonExpected':
      return "':' expected";
    case 'CloseBraceExpected':
      return "'}' expected";
    case 'CloseBracketExpected':
      return "']' expected";
    case 'EndOfFileExpected':
      return 'end of file expected (more than one top-level value?)';
    default:
      return code.replace(/([a-z])([A-Z])/g, '$1 $2').toLowerCase();
  }
}
