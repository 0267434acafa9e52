/**
 * Deterministic fuzz cases for every entry point that runs on agent or file text. A case is
 * a plain object (it crosses a worker boundary by structured clone) made from (seed, index)
 * alone, so any reported case can be made again with the same two numbers.
 *
 * The inputs lean towards what has broken engines before: long runs of one character, blank
 * lines, no final newline, CRLF and mixed endings, BOMs, "\ No newline" markers, elision
 * markers, line-number prefixes, repeated lines (ambiguity), and now and then a large file or
 * a huge hunk.
 */

export type FuzzCase =
  | { kind: 'unified_diff'; base: string; patch: string; fuzzy: boolean; noFastPath: boolean }
  | { kind: 'search_replace'; base: string; oldText: string; newText: string; expected: number; noFastPath: boolean }
  | { kind: 'edit_lines'; base: string; mode: 'insert' | 'replace' | 'delete'; start: number; end?: number; newLines: string[] }
  | { kind: 'html'; base: string; patches: Array<{ selector: string; op: string; html?: string; name?: string; value?: string }> }
  | { kind: 'elision'; lines: string[]; text: string }
  | { kind: 'selector'; selector: string }
  | { kind: 'validator_output'; output: string; name: string }
  | { kind: 'line_numbers'; lines: string[] }
  | { kind: 'sensitive_path'; path: string; globs: string[] }
  | { kind: 'path_syntax'; path: string }
  | { kind: 'size_guard'; base: string; next: string }
  | { kind: 'consent_view'; oldText: string; newText: string }
  | { kind: 'exec_args'; program: string; args: string[]; stdin: boolean }
  | { kind: 'apply_patch'; files: Array<[string, string]>; patch: string }
  | { kind: 'multi_unified'; files: Array<[string, string]>; patch: string }
  | { kind: 'replace_edits'; files: Array<[string, string]>; edits: Array<{ path: string; old_text: string; new_text: string; expected_replacements?: number }> }
  /** Many hunks, or one huge hunk, on a large file; placed as one file's diff, a multi-file diff or apply_patch chunks. */
  | { kind: 'many_hunks'; base: string; patch: string; entry: 'single' | 'multi' | 'apply_patch' }
  /** Many replace_in_file edits of one or two (sometimes large) files. */
  | { kind: 'many_edits'; files: Array<[string, string]>; edits: Array<{ path: string; old_text: string; new_text: string; expected_replacements?: number }> }
  /** Only for the harness's own test: never returns. */
  | { kind: 'spin' };

export const CASE_KINDS = [
  'unified_diff',
  'search_replace',
  'edit_lines',
  'html',
  'elision',
  'selector',
  'validator_output',
  'line_numbers',
  'sensitive_path',
  'path_syntax',
  'size_guard',
  'consent_view',
  'exec_args',
  'apply_patch',
  'multi_unified',
  'replace_edits',
  'many_hunks',
  'many_edits',
] as const;

/** mulberry32: a small seeded generator; the same seed gives the same sequence on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Gen {
  constructor(readonly rand: () => number) {}
  int(lo: number, hi: number): number {
    return lo + Math.floor(this.rand() * (hi - lo + 1));
  }
  chance(p: number): boolean {
    return this.rand() < p;
  }
  pick<T>(xs: readonly T[]): T {
    return xs[Math.floor(this.rand() * xs.length)];
  }
  /** Mostly small, sometimes large: the sizes that matter for a hang are the long ones. */
  size(small: number, large: number): number {
    return this.chance(0.02) ? this.int(small, large) : this.int(0, small);
  }
}

const RUN_CHARS = ['.', ' ', '\t', 'a', '-', '+', '@', '#', '/', '*', '}', '\\', '|', '…', '\u00a0', '0', '<', '"', '(', '\r'];

const LINES = [
  '',
  ' ',
  '\t',
  '}',
  '{',
  'a',
  'foo foo foo',
  'int main(void) {',
  '    return 0;',
  '  if (argc != 2) {',
  '...',
  '// ... existing code ...',
  '# rest of the file unchanged',
  '/* ... */',
  '<!-- ... -->',
  '@@',
  '@@ -1 +1 @@',
  '-',
  '+',
  ' ',
  '\\ No newline at end of file',
  '--- a/x',
  '+++ b/x',
  '12 | const x = 1;',
  '3: line',
  '```',
  'import sys',
  'print(sys.argv)',
  '<div id="a">x</div>',
  '    ....  63 / 120 ( 52%)',
  'ünïcödé – “quotes”',
  'x = [1, 2, 3]',
];

/** One line: a known troublemaker, a long run of one character, or random characters. */
function line(g: Gen): string {
  const r = g.rand();
  if (r < 0.55) return g.pick(LINES);
  if (r < 0.75) {
    const c = g.pick(RUN_CHARS);
    const run = c.repeat(g.size(60, 20000));
    return g.chance(0.5) ? run + g.pick(LINES) : g.pick(LINES) + run;
  }
  let s = '';
  const n = g.size(20, 4000);
  for (let i = 0; i < n; i++) s += g.chance(0.9) ? String.fromCharCode(g.int(32, 126)) : g.pick(RUN_CHARS);
  return s;
}

function lines(g: Gen, max: number, largeMax: number): string[] {
  const n = g.size(max, largeMax);
  const out: string[] = [];
  // a few distinct lines repeated make ambiguity likely, as in real files
  const pool = Array.from({ length: g.int(1, 8) }, () => line(g));
  for (let i = 0; i < n; i++) out.push(g.chance(0.5) ? g.pick(pool) : line(g));
  return out;
}

function join(g: Gen, ls: string[]): string {
  const style = g.int(0, 5);
  const eol = (i: number) => (style === 0 ? '\r\n' : style === 1 ? (i % 2 ? '\r\n' : '\n') : style === 2 ? g.pick(['\n', '\r\n', '\r']) : '\n');
  let s = g.chance(0.05) ? '\ufeff' : '';
  for (let i = 0; i < ls.length; i++) {
    s += ls[i];
    if (i < ls.length - 1 || g.chance(0.6)) s += eol(i);
  }
  return s;
}

function text(g: Gen): string {
  return join(g, lines(g, 30, 30000));
}

/** A hunk built from the base (context, removals, additions), then damaged in the ways models damage them. */
function hunkFromBase(g: Gen, baseLines: string[]): string[] {
  const start = g.int(0, Math.max(0, baseLines.length - 1));
  const len = g.chance(0.03) ? g.int(0, 3000) : g.int(0, 8);
  const out: string[] = [];
  for (let i = start; i < Math.min(baseLines.length, start + len); i++) {
    const r = g.rand();
    const l = g.chance(0.1) ? baseLines[i].trim() + (g.chance(0.5) ? ' ' : '') : baseLines[i];
    out.push(r < 0.6 ? ' ' + l : r < 0.85 ? '-' + l : r < 0.9 ? l : '+' + line(g));
  }
  const adds = g.int(0, 3);
  for (let k = 0; k < adds; k++) out.splice(g.int(0, out.length), 0, '+' + line(g));
  if (g.chance(0.1)) out.splice(g.int(0, out.length), 0, '\\ No newline at end of file');
  if (g.chance(0.1)) out.splice(g.int(0, out.length), 0, g.pick(['', ' ', '-', '+', ' ...', '+// ... existing code ...']));
  return out;
}

function header(g: Gen, hunkLen: number): string {
  const forms = [
    `@@ -${g.int(0, 50)},${hunkLen} +${g.int(0, 50)},${g.int(0, hunkLen + 3)} @@`,
    '@@ @@',
    '@@',
    `@@ -${g.int(-5, 1e9)} +${g.int(0, 5)} @@`,
    `@@ -${g.int(1, 9)},0 +${g.int(1, 9)},0 @@`,
    `@@@ -1,${g.int(0, 99999)} +1 @@@`,
  ];
  return g.pick(forms);
}

function unifiedDiff(g: Gen): FuzzCase {
  const baseLines = lines(g, 30, 20000);
  const base = join(g, baseLines);
  const parts: string[] = [];
  if (g.chance(0.5)) parts.push('--- a/file.txt', '+++ b/file.txt');
  if (g.chance(0.05)) parts.unshift('```diff');
  const hunks = g.int(0, 4);
  for (let h = 0; h < hunks; h++) {
    const body = g.chance(0.85) ? hunkFromBase(g, baseLines) : lines(g, 6, 5000).map((l) => g.pick([' ', '-', '+', '']) + l);
    parts.push(header(g, body.length), ...body);
  }
  if (g.chance(0.05)) parts.push('```');
  const eol = g.chance(0.2) ? '\r\n' : '\n';
  return { kind: 'unified_diff', base, patch: parts.join(eol) + (g.chance(0.7) ? eol : ''), fuzzy: g.chance(0.8), noFastPath: g.chance(0.2) };
}

function searchReplace(g: Gen): FuzzCase {
  const baseLines = lines(g, 30, 20000);
  const base = join(g, baseLines);
  const from = g.int(0, Math.max(0, baseLines.length - 1));
  let old = baseLines.slice(from, from + (g.chance(0.03) ? g.int(1, 3000) : g.int(1, 5)));
  if (g.chance(0.2)) old = old.map((l) => (g.chance(0.3) ? '  ' + l.trimStart() : l));
  if (g.chance(0.1)) old = old.map((l, i) => `${i + 1} | ${l}`);
  if (g.chance(0.1)) old = [line(g)];
  const oldText = old.join(g.chance(0.2) ? '\r\n' : '\n') + (g.chance(0.3) ? '\n' : '');
  const newText = lines(g, 5, 3000).join('\n') + (g.chance(0.3) ? '\n' : '');
  return { kind: 'search_replace', base, oldText: g.chance(0.02) ? '' : oldText, newText, expected: g.chance(0.8) ? 1 : g.int(0, 5), noFastPath: g.chance(0.2) };
}

function editLines(g: Gen): FuzzCase {
  const base = text(g);
  const n = base.split('\n').length;
  const start = g.int(-1, n + 2);
  return {
    kind: 'edit_lines',
    base,
    mode: g.pick(['insert', 'replace', 'delete'] as const),
    start,
    end: g.chance(0.7) ? g.int(start - 1, n + 2) : undefined,
    newLines: lines(g, 6, 5000),
  };
}

function htmlCase(g: Gen): FuzzCase {
  const ids = ['a', 'b', 'main', 'x1', 'größe', ''];
  const el = (): string => {
    const id = g.pick(ids);
    const tag = g.pick(['div', 'p', 'span', 'li', 'table', 'td', 'template', 'script', 'textarea', 'svg']);
    return `<${tag}${id ? ` id="${id}"` : ''}>${g.chance(0.5) ? line(g) : ''}${g.chance(0.3) ? el() : ''}${g.chance(0.9) ? `</${tag}>` : ''}`;
  };
  const body = Array.from({ length: g.size(10, 3000) }, () => (g.chance(0.8) ? el() : line(g)));
  const base = join(g, ['<!doctype html>', '<html><body>', ...body, '</body></html>']);
  const ops = ['replace', 'inner', 'append', 'prepend', 'before', 'after', 'remove', 'set_attribute', 'remove_attribute', 'bogus'];
  const patches = Array.from({ length: g.int(0, 4) }, () => ({
    selector: g.chance(0.8) ? `#${g.pick(ids)}` : g.pick(RUN_CHARS).repeat(g.size(10, 50000)) + '#a',
    op: g.pick(ops),
    html: g.chance(0.8) ? (g.chance(0.7) ? el() : line(g)) : undefined,
    name: g.chance(0.5) ? g.pick(['class', 'id', 'on click', '', 'data-x']) : undefined,
    value: g.chance(0.5) ? line(g) : undefined,
  }));
  return { kind: 'html', base, patches };
}

function validatorOutput(g: Gen): FuzzCase {
  const name = g.pick(['main.c', 'a.py', 'x.ts', 'f(1).c']);
  const shapes = [
    () => `${'/'.repeat(g.size(3, 3000))}${name}:${g.int(1, 99)}:${g.int(1, 9)}: error: ${line(g)}`,
    () => `Sorry: IndentationError: ${' ('.repeat(g.size(3, 3000))}x (${name}, line 3)`,
    () => `  File "${'a/'.repeat(g.size(3, 3000))}${name}", line ${g.int(1, 99)}`,
    () => ' '.repeat(g.size(5, 5000)) + '^',
    () => line(g),
  ];
  const out = Array.from({ length: g.size(6, 2000) }, () => g.pick(shapes)()).join(g.chance(0.2) ? '\r\n' : '\n');
  return { kind: 'validator_output', output: out, name };
}

/**
 * An apply_patch (V4A) text over a few files: chunks cut from the files (damaged as in
 * hunkFromBase), `@@` anchors taken from their lines or made up, End of File and Move markers,
 * unified headers, fences, a missing End Patch, CRLF, and now and then a large file or chunk.
 */
function applyPatchCase(g: Gen): FuzzCase {
  const names = ['a.txt', 'src/b.py', 'c', 'd/e.md', 'a.txt'];
  const files: Array<[string, string, string[]]> = [];
  for (let k = g.int(0, 3); k > 0; k--) {
    const ls = lines(g, 30, 20000);
    files.push([g.pick(names), join(g, ls), ls]);
  }
  const parts: string[] = [];
  if (g.chance(0.1)) parts.push(g.pick(['```', '```diff', 'Here is the patch:']));
  if (g.chance(0.9)) parts.push(g.pick(['*** Begin Patch', '*** Begin Patch  ', '*** Begin Patch\t']));
  for (let k = g.int(0, 4); k > 0; k--) {
    const f = files.length && g.chance(0.8) ? g.pick(files) : ([g.pick(names), '', [line(g)]] as [string, string, string[]]);
    const op = g.rand();
    if (op < 0.15) parts.push(`*** Add File: ${f[0]}`, ...lines(g, 6, 3000).map((l) => (g.chance(0.97) ? '+' : g.pick(['', ' '])) + l));
    else if (op < 0.25) parts.push(`*** Delete File: ${f[0]}`, ...(g.chance(0.05) ? [line(g)] : []));
    else {
      parts.push(`*** Update File: ${g.chance(0.05) ? pathString(g) : f[0]}`);
      if (g.chance(0.1)) parts.push(`*** Move to: ${g.pick(names)}`);
      for (let h = g.int(0, 4); h > 0; h--) {
        for (let a = g.chance(0.3) ? g.int(1, 3) : 0; a > 0; a--) parts.push('@@ ' + (g.chance(0.7) ? g.pick(f[2]) : line(g)));
        if (g.chance(0.7)) parts.push(g.chance(0.8) ? '@@' : header(g, 3));
        const body = g.chance(0.85) ? hunkFromBase(g, f[2]) : lines(g, 6, 5000).map((l) => g.pick([' ', '-', '+', '']) + l);
        // mostly well-formed bodies, so that most cases reach the matcher rather than the parser
        parts.push(...(g.chance(0.7) ? body.filter((l) => l === '' || ' -+'.includes(l[0])) : body));
        if (g.chance(0.1)) parts.push('*** End of File');
      }
    }
  }
  if (g.chance(0.7)) parts.push(g.pick(['*** End Patch', '*** End Patch ', '```']));
  const eol = g.chance(0.2) ? '\r\n' : '\n';
  return { kind: 'apply_patch', files: files.map(([p, t]): [string, string] => [p, t]), patch: parts.join(eol) + (g.chance(0.7) ? eol : '') };
}

/** A few files of random lines (sometimes large), each as [path, text, lines]. */
function someFiles(g: Gen, names: readonly string[], min = 0): Array<[string, string, string[]]> {
  const files: Array<[string, string, string[]]> = [];
  for (let k = g.int(min, 3); k > 0; k--) {
    const ls = lines(g, 30, 20000);
    files.push([g.pick(names), join(g, ls), ls]);
  }
  return files;
}

/**
 * A unified diff of several files: sections with ---/+++ headers (now and then /dev/null on
 * either side, a rename, a missing header), hunks cut from the files, retries of hunks already
 * applied, CRLF; the multi-file planner's retry check (placeHunks) runs on every failing hunk.
 */
function multiUnifiedCase(g: Gen): FuzzCase {
  const names = ['a.txt', 'src/b.py', 'c', 'a.txt'];
  const files = someFiles(g, names, 1);
  const parts: string[] = [];
  // mostly one section per file (a file named twice is refused before any matching)
  const order = g.chance(0.9) ? [...new Map(files.map((f) => [f[0], f])).values()] : files;
  for (const f of g.chance(0.1) ? [...order, [g.pick(names), '', [line(g)]] as [string, string, string[]]] : order) {
    if (g.chance(0.95)) parts.push(`--- ${g.chance(0.05) ? '/dev/null' : `a/${f[0]}`}`, `+++ ${g.chance(0.05) ? '/dev/null' : `b/${g.chance(0.05) ? g.pick(names) : f[0]}`}`);
    for (let h = g.int(1, 3); h > 0; h--) {
      const body = g.chance(0.85) ? hunkFromBase(g, f[2]) : lines(g, 6, 5000).map((l) => g.pick([' ', '-', '+', '']) + l);
      parts.push(g.chance(0.8) ? '@@' : header(g, body.length), ...(g.chance(0.8) ? body.filter((l) => l === '' || ' -+'.includes(l[0])) : body));
    }
  }
  const eol = g.chance(0.2) ? '\r\n' : '\n';
  return { kind: 'multi_unified', files: files.map(([p, t]): [string, string] => [p, t]), patch: parts.join(eol) + (g.chance(0.7) ? eol : '') };
}

/** Several replacements over a few files: old texts cut from the files (or not), overlapping now and then. */
function replaceEditsCase(g: Gen): FuzzCase {
  const names = ['a.txt', 'src/b.py', 'c'];
  const files = someFiles(g, names);
  const edits: Array<{ path: string; old_text: string; new_text: string; expected_replacements?: number }> = [];
  for (let k = g.int(1, 6); k > 0; k--) {
    const f = files.length && g.chance(0.85) ? g.pick(files) : ([g.pick(names), '', [line(g)]] as [string, string, string[]]);
    const at = g.int(0, Math.max(0, f[2].length - 1));
    const old = g.chance(0.8) ? f[2].slice(at, at + g.int(1, 4)).join('\n') : line(g);
    edits.push({ path: f[0], old_text: old, new_text: lines(g, 4, 2000).join('\n'), ...(g.chance(0.1) ? { expected_replacements: g.int(1, 5) } : {}) });
  }
  return { kind: 'replace_edits', files: files.map(([p, t]): [string, string] => [p, t]), edits };
}

/**
 * The large inputs of the planning-cost review: a file of many identical lines (sometimes
 * 300,000) or of unique lines (sometimes 160,000), and a patch of many hunks (sometimes
 * 20,000) cut from it (exact, with trailing blanks in the context, pure insertions, repeated
 * hunks, hunks at a wrong line, line numbers or none), or one huge hunk of the identical lines.
 */
function manyHunksCase(g: Gen): FuzzCase {
  const same = g.chance(0.3);
  const n = same ? (g.chance(0.1) ? g.int(20_000, 300_000) : g.int(50, 3000)) : g.chance(0.05) ? g.int(20_000, 160_000) : g.int(100, 5000);
  const pool = Array.from({ length: g.int(1, 4) }, () => line(g).slice(0, 200));
  const baseLines = Array.from({ length: n }, (_, i) => (same ? (g.chance(0.002) ? pool[i % pool.length] : '    counter += step;') : g.chance(0.2) ? pool[i % pool.length] : `  value${i} = f(${i % 97});`));
  const eol = g.chance(0.15) ? '\r\n' : '\n';
  const base = baseLines.join(eol) + (g.chance(0.9) ? eol : '');
  const hunks: string[][] = [];
  if (same && g.chance(0.5)) {
    // one huge hunk of identical lines, its middle line changed
    const size = g.int(100, Math.min(3000, n));
    const at = g.int(0, n - size);
    const body = baseLines.slice(at, at + size).map((l, k) => (k === size >> 1 ? `-${l}\n+${l} // edited` : ` ${l}`));
    hunks.push([g.chance(0.5) ? `@@ -${at + 1},${size} +${at + 1},${size} @@` : '@@ @@', ...body.join('\n').split('\n')]);
  } else {
    const count = g.chance(0.05) ? g.int(1000, 20_000) : g.int(5, 300);
    const step = Math.max(1, Math.floor(n / count));
    for (let k = 0; k < count; k++) {
      const i = Math.min(n - 4, Math.max(3, k * step + g.int(0, step - 1)));
      const ctx = (j: number) => ' ' + baseLines[j] + (g.chance(0.05) ? '  ' : '');
      const shape = g.rand();
      const body =
        shape < 0.7 ? [ctx(i - 3), ctx(i - 2), ctx(i - 1), '-' + baseLines[i], '+' + baseLines[i] + ' // edited', ctx(i + 1), ctx(i + 2)]
        : shape < 0.85 ? [ctx(i - 2), ctx(i - 1), ctx(i), '+  inserted();']
        : shape < 0.95 ? ['-' + baseLines[i], '+' + line(g).slice(0, 100)]
        : hunkFromBase(g, baseLines);
      const hint = g.chance(0.7) ? i - 2 + (g.chance(0.1) ? g.int(-50, 50) : 0) : undefined;
      hunks.push([hint !== undefined ? `@@ -${Math.max(1, hint)},7 +${Math.max(1, hint)},7 @@` : '@@', ...body]);
      if (g.chance(0.01)) hunks.push(hunks[hunks.length - 1]);
    }
  }
  const entry = g.pick(['single', 'multi', 'apply_patch'] as const);
  let patch: string;
  if (entry === 'apply_patch') patch = ['*** Begin Patch', '*** Update File: big.txt', ...hunks.flatMap((h) => ['@@', ...h.slice(1)]), '*** End Patch'].join('\n') + '\n';
  else patch = [...(entry === 'multi' || g.chance(0.5) ? ['--- a/big.txt', '+++ b/big.txt'] : []), ...hunks.flat()].join('\n') + '\n';
  return { kind: 'many_hunks', base, patch, entry };
}

/** Many edits (sometimes 500) of one or two files (sometimes 100,000 lines), some of them overlapping, repeated or absent. */
function manyEditsCase(g: Gen): FuzzCase {
  const files: Array<[string, string, string[]]> = [];
  for (const name of g.chance(0.3) ? ['a.txt', 'b.txt'] : ['a.txt']) {
    const same = g.chance(0.2);
    const n = g.chance(0.05) ? g.int(20_000, 100_000) : g.int(50, 3000);
    const ls = Array.from({ length: n }, (_, i) => (same ? '  x = x + 1;' : g.chance(0.1) ? line(g).slice(0, 120) : `  const v${i} = load(${i});`));
    files.push([name, ls.join(g.chance(0.1) ? '\r\n' : '\n') + '\n', ls]);
  }
  const count = g.chance(0.05) ? g.int(200, 500) : g.int(2, 60);
  const edits: Array<{ path: string; old_text: string; new_text: string; expected_replacements?: number }> = [];
  for (let k = 0; k < count; k++) {
    const f = g.pick(files);
    const at = g.int(0, f[2].length - 1);
    const old = g.chance(0.9) ? f[2].slice(at, at + g.int(1, 3)).join('\n') : line(g).slice(0, 100);
    edits.push({ path: f[0], old_text: old, new_text: g.chance(0.1) ? '' : `${old.trim().slice(0, 40)} // ${k}`, ...(g.chance(0.05) ? { expected_replacements: g.int(1, 3) } : {}) });
  }
  return { kind: 'many_edits', files: files.map(([p, t]): [string, string] => [p, t]), edits };
}

function pathString(g: Gen): string {
  const seg = () => g.pick(['.git', '.vscode', 'settings.json', 'src', '..', '.', '', 'a b', 'CON', 'x'.repeat(g.size(3, 2000)), '.env', '*', '~', 'C:']);
  const sep = () => g.pick(['/', '\\', '//']);
  const n = g.size(5, 5000);
  let p = g.chance(0.1) ? '/' : '';
  for (let i = 0; i < n; i++) p += seg() + (i < n - 1 ? sep() : '');
  return p;
}

/** The case at `index` of the run with `seed`. */
export function makeCase(seed: number, index: number): FuzzCase {
  const g = new Gen(prng((seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0));
  const kind = CASE_KINDS[index % CASE_KINDS.length];
  switch (kind) {
    case 'unified_diff':
      return unifiedDiff(g);
    case 'search_replace':
      return searchReplace(g);
    case 'edit_lines':
      return editLines(g);
    case 'html':
      return htmlCase(g);
    case 'elision': {
      const ls = lines(g, 10, 3000);
      return { kind, lines: ls, text: join(g, ls) };
    }
    case 'selector':
      return { kind, selector: g.pick(RUN_CHARS).repeat(g.size(10, 400000)) + g.pick(['#a', 'x', '#größe', ' ', '']) + ' '.repeat(g.size(3, 100000)) };
    case 'validator_output':
      return validatorOutput(g);
    case 'line_numbers':
      return { kind, lines: lines(g, 10, 5000).map((l, i) => (g.chance(0.8) ? `${g.chance(0.9) ? i + 1 : g.int(0, 9)}${g.pick([' | ', ': ', '\t', '→', '|'])}${l}` : l)) };
    case 'sensitive_path':
      return { kind, path: pathString(g), globs: Array.from({ length: g.int(0, 3) }, () => g.pick(['**/*.json', 'secrets/**', '*'.repeat(g.size(3, 500)) + 'a', '{a,b}/**', '**/'.repeat(g.size(3, 300)) + 'x', 'a?b*c'])) };
    case 'path_syntax':
      return { kind, path: pathString(g) };
    case 'size_guard': {
      const base = text(g);
      return { kind, base, next: g.chance(0.5) ? base.slice(0, g.int(0, base.length)) : text(g) };
    }
    case 'consent_view': {
      // JSON-ish texts: deep nesting, long keys, duplicate keys, broken syntax.
      const json = () => (g.chance(0.5) ? '{"a":'.repeat(g.size(3, 20000)) + '1' + '}'.repeat(g.int(0, 50)) : `{${Array.from({ length: g.size(3, 3000) }, (_, i) => `"k${g.int(0, 50)}${g.pick(['', '.x', '\u202e'])}": ${g.pick(['1', 'true', '[1,2]', '{"n":' + i + '}', '"' + g.pick(RUN_CHARS).repeat(g.int(0, 200)) + '"'])}`).join(g.pick([',', ',\n', ' , ']))}}`);
      const oldText = g.chance(0.2) ? text(g) : json();
      return { kind, oldText, newText: g.chance(0.3) ? text(g) : json() };
    }
    case 'apply_patch':
      return applyPatchCase(g);
    case 'multi_unified':
      return multiUnifiedCase(g);
    case 'replace_edits':
      return replaceEditsCase(g);
    case 'many_hunks':
      return manyHunksCase(g);
    case 'many_edits':
      return manyEditsCase(g);
    case 'exec_args': {
      const names = ['sh', 'bash', 'python3.11', 'node', 'pwsh', 'powershell.exe', 'cmd.exe', 'git', 'env', 'awk', 'deno', 'gcc'];
      const arg = () => g.pick([g.pick(['-c', '-e', '--eval=x', '-Command', '/c', 'config', '-C', '.git', '.vscode/settings.json', 'data:x', '-S']), pathString(g), g.pick(RUN_CHARS).repeat(g.size(3, 100000))]);
      return { kind, program: `/usr/bin/${g.pick(names)}`, args: Array.from({ length: g.size(3, 1100) }, arg), stdin: g.chance(0.5) };
    }
  }
}
