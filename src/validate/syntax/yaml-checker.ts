import { parseAllDocuments } from 'yaml';
import type { RawProblem } from '../types';

/**
 * Syntax errors of a YAML text (all documents of a multi-document stream), as the `yaml`
 * package reports them. Warnings (e.g. unknown tags) are not errors and are left out.
 */
export function yamlProblems(text: string): RawProblem[] {
  const parsed = parseAllDocuments(text, { prettyErrors: true });
  const docs = Array.isArray(parsed) ? parsed : [];
  const out: RawProblem[] = [];
  // An EmptyStream (no documents) carries its errors on itself.
  const sources = docs.length > 0 ? docs : [parsed as unknown as { errors?: unknown[] }];
  for (const doc of sources) {
    for (const err of ((doc as { errors?: unknown[] }).errors ?? []) as Array<{ code?: string; message: string; linePos?: Array<{ line: number; col: number }> }>) {
      const pos = err.linePos?.[0];
      out.push({
        line: pos?.line ?? 1,
        column: pos?.col ?? 1,
        key: `YAML:${err.code ?? 'ERROR'}`,
        // prettyErrors appends a code excerpt after the first line; keep the first line only.
        message: err.message.split('\n')[0].replace(/ at line \d+, column \d+:?$/, ''),
      });
    }
  }
  return out;
}
