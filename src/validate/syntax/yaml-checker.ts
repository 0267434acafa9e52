import { parseAllDocuments, type YAMLError } from 'yaml';
import type { RawProblem } from '../types';

/**
 * Syntax errors of a YAML text (all documents of a multi-document stream), as the `yaml`
 * package reports them. Warnings (e.g. unknown tags) are not errors and are left out.
 * Positions are 1-based; an error without a position is put at 1:1.
 */
export function yamlProblems(text: string): RawProblem[] {
  const parsed = parseAllDocuments(text, { prettyErrors: true });
  // An empty stream (no documents) carries its own errors; otherwise each document does.
  const errors: YAMLError[] = 'empty' in parsed ? parsed.errors : parsed.flatMap((doc) => doc.errors);
  return errors.map((err) => {
    const pos = err.linePos?.[0];
    return {
      line: pos?.line ?? 1,
      column: pos?.col ?? 1,
      key: `YAML:${err.code}`,
      // prettyErrors appends " at line L, column C:" and a code excerpt; keep the sentence.
      message: err.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, ''),
    };
  });
}
