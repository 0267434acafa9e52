import type { RawProblem } from '../types';
import { splitRows } from '../../core/text/split';

/**
 * Problems parsed from a validator's output. Recognised line shapes (path = the temp file,
 * matched by its base name so absolute/relative spellings both work):
 *  - gcc/clang/gofmt/tsc-like: `path:LINE:COL: [fatal error|error|warning|note:] message`
 *  - `path:LINE: message` (no column)
 *  - Python: `File "path", line N` … then an `XxxError: message` line; and py_compile's
 *    one-line form `Sorry: XxxError: message (name.py, line N)`.
 * Warnings and notes are left out (only errors block). Lines about other files (headers)
 * are left out. The key is the message with the file name removed, for base/candidate matching.
 */
const MAX_LINE_CHARS = 2000;

export function parseValidatorOutput(output: string, fileBaseName: string): RawProblem[] {
  const out: RawProblem[] = [];
  const lines = splitRows(output);
  const name = escapeRegExp(fileBaseName);
  const located = new RegExp(`^(?:.*[\\\\/])?${name}:(\\d+)(?::(\\d+))?:\\s*(?:(fatal error|error|warning|note|info)\\s*:\\s*)?(.*)$`, 'i');
  const pyFile = new RegExp(`^\\s*File "(?:.*[\\\\/])?${name}", line (\\d+)`);
  const pySorry = new RegExp(`^Sorry: (\\w+(?:Error|Exception)): (.*) \\((?:.*[\\\\/])?${name}, line (\\d+)\\)\\s*$`);
  let pendingPython: { line: number; column: number } | undefined;

  for (let i = 0; i < lines.length; i++) {
    // The patterns below have two unanchored `.*` each, quadratic in the line's length, and
    // a compiler may echo an agent's very long source line: no real message needs more.
    const text = lines[i].length > MAX_LINE_CHARS ? lines[i].slice(0, MAX_LINE_CHARS) : lines[i];
    const sorry = pySorry.exec(text);
    if (sorry) {
      push(out, Number(sorry[3]), 1, `${sorry[1]}: ${sorry[2]}`);
      continue;
    }
    const py = pyFile.exec(text);
    if (py) {
      pendingPython = { line: Number(py[1]), column: 1 };
      continue;
    }
    if (pendingPython) {
      const caret = /^(\s*)\^/.exec(text);
      if (caret && i > 0) {
        // The caret sits under the offending column of the echoed source line above it.
        pendingPython.column = Math.max(1, caret[1].length - leadingSpaces(lines[i - 1]) + 1);
        continue;
      }
      const pyErr = /^(\w+(?:Error|Exception|Warning)): (.*)$/.exec(text);
      if (pyErr) {
        push(out, pendingPython.line, pendingPython.column, `${pyErr[1]}: ${pyErr[2]}`);
        pendingPython = undefined;
        continue;
      }
    }
    const m = located.exec(text);
    if (m) {
      const severity = (m[3] ?? 'error').toLowerCase();
      if (severity === 'warning' || severity === 'note' || severity === 'info') continue;
      push(out, Number(m[1]), m[2] ? Number(m[2]) : 1, m[4]);
    }
  }
  return out;
}

function push(out: RawProblem[], line: number, column: number, message: string): void {
  const clean = message.trim() || 'error';
  out.push({ line: Math.max(1, line), column: Math.max(1, column), key: `EXT:${clean}`, message: clean });
}

function leadingSpaces(s: string): number {
  return /^\s*/.exec(s)?.[0].length ?? 0;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
