import { accessSync, constants } from 'node:fs';
import * as path from 'node:path';

/** Answers whether a program can be run by that name (found on PATH, or a usable path). */
export type WhichFn = (program: string) => boolean;

/** Per language id: the programs to try in order, and the argv built for the first found. */
const CANDIDATES: Record<string, Array<{ program: string; argv: (program: string) => string[] }>> = {
  c: [
    { program: 'gcc', argv: (p) => [p, '-fsyntax-only', '-I${fileDirname}', '-x', 'c', '${file}'] },
    { program: 'cc', argv: (p) => [p, '-fsyntax-only', '-I${fileDirname}', '-x', 'c', '${file}'] },
    { program: 'clang', argv: (p) => [p, '-fsyntax-only', '-I${fileDirname}', '-x', 'c', '${file}'] },
  ],
  cpp: [
    { program: 'g++', argv: (p) => [p, '-fsyntax-only', '-I${fileDirname}', '-x', 'c++', '${file}'] },
    { program: 'clang++', argv: (p) => [p, '-fsyntax-only', '-I${fileDirname}', '-x', 'c++', '${file}'] },
  ],
  python: [
    { program: 'python3', argv: (p) => [p, '-m', 'py_compile', '${file}'] },
    { program: 'python', argv: (p) => [p, '-m', 'py_compile', '${file}'] },
  ],
  go: [{ program: 'gofmt', argv: (p) => [p, '-e', '${file}'] }],
};

/**
 * The validators offered by default: for each language id, the argv of the first candidate
 * program `which` reports as available (gcc, else cc, else clang for c; g++ / clang++ for
 * cpp; python3 / python for python; gofmt for go). Languages with no available program are
 * left out. These are only suggestions: the extension runs external validators only when
 * `safeEdit.validators` (a restricted setting) enables them.
 */
export function defaultValidators(which: WhichFn = isOnPath): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const [languageId, candidates] of Object.entries(CANDIDATES)) {
    const found = candidates.find((c) => which(c.program));
    if (found) out[languageId] = found.argv(found.program);
  }
  return out;
}

/**
 * True when `program` is an executable file: a path containing a separator is checked as
 * is, a bare name is looked up in each PATH directory (with PATHEXT extensions on Windows).
 */
export function isOnPath(program: string, env: NodeJS.ProcessEnv = process.env): boolean {
  if (program.includes('/') || program.includes('\\')) return isExecutable(program);
  const dirs = (env.PATH ?? env.Path ?? '').split(path.delimiter).filter(Boolean);
  const exts = process.platform === 'win32' ? ['', ...(env.PATHEXT ?? '.EXE;.CMD;.BAT;.COM').split(';')] : [''];
  return dirs.some((d) => exts.some((e) => isExecutable(path.join(d, program + e))));
}

function isExecutable(file: string): boolean {
  try {
    accessSync(file, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
