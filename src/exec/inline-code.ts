/**
 * Which programs run code given on their command line, and which argument shapes do so.
 * Pure; every function is linear in its input. Detection errs on the side of asking: a
 * script argument that merely looks like an inline-code flag (`node build.js -p`) is asked
 * about too — a question costs less than a missed `sh -c`.
 */

/** A program's family by its file name: `/usr/bin/python3.11` → "python", `PWSH.EXE` → "pwsh". */
export function programName(programPath: string): string {
  let name = programPath;
  const cut = Math.max(name.lastIndexOf('/'), name.lastIndexOf('\\'));
  if (cut >= 0) name = name.slice(cut + 1);
  name = name.toLowerCase();
  for (const ext of ['.exe', '.com']) if (name.endsWith(ext)) name = name.slice(0, -ext.length);
  // Version suffixes: python3.11, lua5.4, php8.2, pypy3, ruby-3.2.
  let end = name.length;
  while (end > 1 && '0123456789.-_'.includes(name[end - 1])) end--;
  return name.slice(0, end);
}

/** Letters that, in a single-dash argument, mean "the code is the next argument / this one". */
const INLINE_LETTERS: Record<string, string> = {
  sh: 'c', bash: 'c', rbash: 'c', zsh: 'c', dash: 'c', ksh: 'c', mksh: 'c', ash: 'c', yash: 'c', csh: 'c', tcsh: 'c', fish: 'cC',
  python: 'c', pypy: 'c', jython: 'c',
  node: 'ep', nodejs: 'ep', bun: 'ep', deno: '', julia: 'eE',
  ruby: 'e', jruby: 'e', perl: 'eE', php: 'rBRE', lua: 'e', luajit: 'e', osascript: 'e', rscript: 'e', r: 'e', tclsh: '', wish: '',
  awk: '', gawk: '', mawk: '', nawk: '', pwsh: '', powershell: '', cmd: '',
};

/** Long options (before any `=`) that take code. */
const INLINE_LONG = new Set(['--command', '--init-command', '--eval', '--print', '--run', '--process-begin', '--process-code', '--process-end']);
/** Node's module-loading options: code when their value is a `data:` URL. */
const NODE_LOADERS = new Set(['-r', '--require', '--import', '--loader', '--experimental-loader']);

/** True for the programs listed above: shells and interpreters. */
export function isInterpreter(name: string): boolean {
  return Object.prototype.hasOwnProperty.call(INLINE_LETTERS, name);
}

/**
 * The index of the first argument that passes code inline to interpreter `name`, or -1.
 * `-1` for programs that are not interpreters. Covers: `-c`/`-e`-style flags (also inside a
 * cluster such as `-ec`, `-ne`), `--eval`/`--command`/`--print`…, node/bun `-p`, php
 * `-r/-B/-R/-E`, node loaders given a `data:` URL, `deno eval`, PowerShell `-Command`,
 * `-EncodedCommand`, `-CommandWithArgs` and their abbreviations, Windows PowerShell's
 * positional command, cmd `/c /k /r`, and awk's program text (any awk call without `-f`).
 */
export function inlineCodeIndex(name: string, args: readonly string[]): number {
  if (!isInterpreter(name)) return -1;
  if (name === 'pwsh' || name === 'powershell') return powershellIndex(name, args);
  if (name === 'cmd') return args.findIndex((a) => /^\/[ckr]/i.test(a));
  if (name === 'awk' || name === 'gawk' || name === 'mawk' || name === 'nawk') {
    return args.some((a) => a === '-f' || a.startsWith('--file')) ? -1 : args.findIndex((a) => !a.startsWith('-'));
  }
  if (name === 'deno') {
    const sub = args.findIndex((a) => !a.startsWith('-'));
    if (sub >= 0 && args[sub] === 'eval') return sub;
  }
  const letters = INLINE_LETTERS[name];
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const flag = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    if (a.startsWith('--')) {
      if (INLINE_LONG.has(flag)) return i;
    } else if (a.startsWith('-') && a.length > 1) {
      for (const ch of flag.slice(1)) if (letters.includes(ch)) return i;
    }
    if ((name === 'node' || name === 'nodejs') && NODE_LOADERS.has(flag)) {
      const value = a.includes('=') ? a.slice(a.indexOf('=') + 1) : args[i + 1] ?? '';
      if (value.toLowerCase().startsWith('data:')) return i;
    }
  }
  return -1;
}

function powershellIndex(name: string, args: readonly string[]): number {
  let sawFile = false;
  for (let i = 0; i < args.length; i++) {
    const a = args[i];
    const isOption = a.startsWith('-') || a.startsWith('/');
    if (!isOption) {
      // Windows PowerShell runs a bare positional argument as a command; pwsh as a script file.
      if (name === 'powershell' && !sawFile) return i;
      continue;
    }
    const s = a.replace(/^(--|-|\/)/, '').toLowerCase();
    if (s === '') continue;
    if (s === 'f' || 'file'.startsWith(s) && s.length >= 2) {
      sawFile = true;
      continue;
    }
    if (s === 'ec' || s === 'cwa' || 'command'.startsWith(s) || 'encodedcommand'.startsWith(s) || 'commandwithargs'.startsWith(s)) return i;
  }
  return -1;
}
