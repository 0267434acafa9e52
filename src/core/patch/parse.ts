/**
 * Tolerant unified-diff parser.
 *
 * Accepts what models actually send, not only what `diff -u` prints:
 * - a ```diff (or ```patch, or bare ```) Markdown fence, and prose around it;
 * - missing `---`/`+++` file headers; `diff --git` / `Index:` lines; `a/` `b/` prefixes and timestamps;
 * - `@@` headers with wrong numbers, wrong counts, or none at all (`@@ @@`): the body is
 *   always recounted, the numbers are kept only as a location hint;
 * - blank context lines that lost their leading space;
 * - `\ No newline at end of file` after a context, removed or added line;
 * - CRLF patches (terminators are dropped; output terminators come from the file).
 *
 * A hunk body ends at the next `@@`, at a file header, at a fence (at column 0), or at the
 * first line that is not a body line. Empty lines at the end of a hunk are dropped unless the header's counts
 * say they belong to it: they only add context, never change the result, and a blank line
 * after a patch is far more often a separator than a context line.
 */

export interface HunkLine {
  kind: ' ' | '-' | '+';
  text: string;
}

export interface Hunk {
  /** 1-based position in the patch (over all files). */
  index: number;
  /** Start line of the old side from the header (1-based; 0 for "insert at the top"), if given. */
  oldStart?: number;
  oldCount?: number;
  newStart?: number;
  newCount?: number;
  lines: HunkLine[];
  /** The old side's last line has no terminator (a `\ No newline` marker followed it). */
  oldNoEol: boolean;
  /** The new side's last line has no terminator. */
  newNoEol: boolean;
  /**
   * Placement constraints set by callers that know more than a unified diff says (the
   * apply_patch format's `@@ anchor` lines and `*** End of File`); the unified-diff parser
   * never sets them. They only narrow where the hunk may match: uniqueness is then decided
   * among the placements that satisfy them.
   * - minStart: the old side must start at this 0-based base line or later;
   * - atEnd: the old side must end at the base's last line (an old side that is empty then
   *   appends at the end of the file).
   */
  minStart?: number;
  atEnd?: boolean;
}

export interface FilePatch {
  oldPath?: string;
  newPath?: string;
  /** The old side is /dev/null: the patch creates the file. */
  createsFile?: boolean;
  hunks: Hunk[];
}

export type ParseResult = { ok: true; files: FilePatch[] } | { ok: false; message: string };

const HUNK_HEADER = /^@@+\s*(?:-(\d+)(?:,(\d+))?)?\s*(?:\+(\d+)(?:,(\d+))?)?\s*@*/;

/** Strip `a/`, `b/`, quotes and a trailing timestamp from a header path; undefined for /dev/null. */
function headerPath(rest: string): string | undefined {
  let p = rest.split('\t')[0].trim();
  if (p.startsWith('"') && p.endsWith('"') && p.length >= 2) p = p.slice(1, -1);
  if (p === '/dev/null' || p === '') return undefined;
  return p.replace(/^[ab]\//, '');
}

/**
 * Parse `patchText` into file sections. Always succeeds when at least one hunk is present;
 * otherwise returns a message saying what was missing.
 */
export function parsePatch(patchText: string): ParseResult {
  const text = patchText.charCodeAt(0) === 0xfeff ? patchText.slice(1) : patchText;
  const raw = text.split('\n');
  const files: FilePatch[] = [];
  let file: FilePatch | null = null;
  let hunk: Hunk | null = null;
  let hunkNo = 0;
  let last: HunkLine | null = null;
  let sawHeaderOnly = false;

  for (let i = 0; i < raw.length; i++) {
    let line = raw[i];
    if (line.charCodeAt(line.length - 1) === 13) line = line.slice(0, -1);
    const c = line.charCodeAt(0);
    // body lines first: they are the vast majority
    if (c === 32 || c === 43 || c === 45) {
      // A "--- x" line starts a file header only when a "+++ " line follows; inside a hunk it
      // is otherwise a removed line that happens to start with "--".
      if (c === 45 && line.startsWith('--- ') && i + 1 < raw.length && raw[i + 1].startsWith('+++ ')) {
        if (hunk) trimTrailingBlank(hunk);
        hunk = null;
        last = null;
        if (!file || file.hunks.length || file.oldPath !== undefined || file.newPath !== undefined) files.push((file = { hunks: [] }));
        file.oldPath = headerPath(line.slice(4));
        file.createsFile = line.slice(4).split('\t')[0].trim() === '/dev/null';
        file.newPath = headerPath(raw[i + 1].slice(4));
        sawHeaderOnly = true;
        i++;
        continue;
      }
      if (!hunk) continue;
      last = { kind: c === 32 ? ' ' : c === 43 ? '+' : '-', text: line.slice(1) };
      hunk.lines.push(last);
      continue;
    }
    if (c === 64 && line.startsWith('@@')) {
      const h = HUNK_HEADER.exec(line);
      if (h) {
        if (hunk) trimTrailingBlank(hunk);
        if (!file) files.push((file = { hunks: [] }));
        hunk = {
          index: ++hunkNo,
          oldStart: num(h[1]),
          oldCount: h[1] === undefined ? undefined : (num(h[2]) ?? 1),
          newStart: num(h[3]),
          newCount: h[3] === undefined ? undefined : (num(h[4]) ?? 1),
          lines: [],
          oldNoEol: false,
          newNoEol: false,
        };
        last = null;
        file.hunks.push(hunk);
        continue;
      }
    }
    if (hunk && line === '') {
      last = { kind: ' ', text: '' };
      hunk.lines.push(last);
      continue;
    }
    if (hunk && c === 92) {
      // "\ No newline at end of file" applies to the line before it.
      if (last) {
        if (last.kind !== '+') hunk.oldNoEol = true;
        if (last.kind !== '-') hunk.newNoEol = true;
      }
      continue;
    }
    if (hunk && c === 9 && line.trim() === '') {
      // whitespace-only line without its marker: a blank context line whose space was eaten
      last = { kind: ' ', text: line };
      hunk.lines.push(last);
      continue;
    }
    // Anything else ends a hunk: a ``` fence (only at column 0: " ```" is a context line of a
    // Markdown file), "diff --git", "Index:", prose.
    if (hunk) trimTrailingBlank(hunk);
    hunk = null;
    last = null;
    if (line.startsWith('diff --git ') || line.startsWith('Index: ')) files.push((file = { hunks: [] }));
  }
  if (hunk) trimTrailingBlank(hunk);
  const withHunks = files.filter((f) => f.hunks.length);
  if (!withHunks.length) {
    return { ok: false, message: sawHeaderOnly ? 'The patch has file headers but no @@ hunk.' : 'The patch has no @@ hunk.' };
  }
  for (const f of withHunks) {
    for (const hk of f.hunks) {
      if (!hk.lines.some((l) => l.kind !== ' ')) {
        return { ok: false, message: `Hunk ${hk.index} changes nothing (it has no + or - line).` };
      }
    }
  }
  return { ok: true, files: withHunks };
}

const num = (s: string | undefined): number | undefined => (s === undefined ? undefined : Number(s));

/**
 * Drop empty context lines at the end of a hunk that its header does not count. When the
 * header's counts are missing or wrong, trailing empty lines are dropped: they can only
 * narrow the match, never change what is written.
 */
function trimTrailingBlank(h: Hunk): void {
  let oldN = 0;
  let newN = 0;
  for (const l of h.lines) {
    if (l.kind !== '+') oldN++;
    if (l.kind !== '-') newN++;
  }
  while (h.lines.length) {
    const l = h.lines[h.lines.length - 1];
    if (l.kind !== ' ' || l.text.trim() !== '') break;
    if (h.oldCount === oldN && h.newCount === newN) break; // the header counts it: keep
    h.lines.pop();
    oldN--;
    newN--;
  }
}

/**
 * Split a multi-file patch into one patch text per file section, each with its own
 * `---`/`+++` headers (synthesized as "a/PATH"/"b/PATH" when missing). Sections are in patch order.
 */
export function splitPatchByFile(patchText: string): Array<{ oldPath?: string; newPath?: string; patch: string }> {
  const parsed = parsePatch(patchText);
  if (!parsed.ok) return [];
  return parsed.files.map((f) => ({ oldPath: f.oldPath, newPath: f.newPath, patch: formatFilePatch(f) }));
}

/** Print a file section back as a unified diff (counts recomputed from the body). */
export function formatFilePatch(f: FilePatch): string {
  const out: string[] = [];
  out.push(`--- ${f.oldPath !== undefined ? `a/${f.oldPath}` : '/dev/null'}`);
  out.push(`+++ ${f.newPath !== undefined ? `b/${f.newPath}` : '/dev/null'}`);
  for (const h of f.hunks) {
    let o = 0;
    let n = 0;
    for (const l of h.lines) {
      if (l.kind !== '+') o++;
      if (l.kind !== '-') n++;
    }
    out.push(h.oldStart === undefined ? '@@ @@' : `@@ -${h.oldStart},${o} +${h.newStart ?? h.oldStart},${n} @@`);
    const lastOld = lastIndex(h.lines, (l) => l.kind !== '+');
    const lastNew = lastIndex(h.lines, (l) => l.kind !== '-');
    h.lines.forEach((l, i) => {
      out.push(l.kind + l.text);
      if ((h.oldNoEol && i === lastOld && l.kind === '-') || (h.newNoEol && i === lastNew && l.kind === '+') ||
        (l.kind === ' ' && ((h.oldNoEol && i === lastOld) || (h.newNoEol && i === lastNew)))) {
        out.push('\\ No newline at end of file');
      }
    });
  }
  return out.join('\n') + '\n';
}

function lastIndex<T>(a: T[], p: (x: T) => boolean): number {
  for (let i = a.length - 1; i >= 0; i--) if (p(a[i])) return i;
  return -1;
}
