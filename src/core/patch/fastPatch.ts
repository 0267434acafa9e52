/**
 * Fast path of applyUnifiedDiff for the common case: an LF file, or CRLF lines around each hunk, where
 * every hunk's old side occurs exactly once, verbatim and line-aligned. It searches the raw
 * text with native substring search instead of splitting the file into lines, and slices the
 * output together. It returns exactly what the general path returns for such input (the
 * exact tier, unique candidates, context bytes equal to the file's), and null whenever any
 * condition does not hold; the caller then takes the general path, which decides everything
 * else (tolerant tiers, ambiguity, elision, final-newline markers, CRLF).
 */
import { FilePatch, Hunk } from './parse';
import { EngineResult, HunkPlacement, ChangedRange } from './types';
import { isElisionMarker } from '../elision';
import { Finder } from '../text/find';

/**
 * Line-aligned, verbatim occurrences of `oldLines` (joined by `eol`) in `raw`: how many (0, 1,
 * or 2 meaning "two or more") and the offset of the first. With eol "\n" in a file without CR
 * this is exactly the general matcher's exact level: equal consecutive lines.
 */
export interface ExactScan {
  count: 0 | 1 | 2;
  offset: number;
}

export function scanExact(raw: string, oldLines: string[], eol: '\n' | '\r\n', steps?: (n: number) => void): ExactScan {
  const bom = raw.charCodeAt(0) === 0xfeff ? 1 : 0;
  const needle = oldLines.join(eol);
  let at = -1;
  // The step is explicit because an empty needle (a hunk whose old side is one blank line)
  // makes indexOf return the end of the text for every start past it: the loop must stop
  // when the search no longer moves forward, or it spins forever.
  const find = new Finder(raw, needle); // native indexOf can take |raw|·|needle| (see find.ts)
  for (let i = find.indexOf(bom); i >= 0; ) {
    const e = i + needle.length;
    const aligned =
      (i === bom || (raw.charCodeAt(i - 1) === 10 && (eol === '\n' || raw.charCodeAt(i - 2) === 13))) &&
      (e === raw.length || (raw.charCodeAt(e) === eol.charCodeAt(0) && (eol === '\n' || raw.charCodeAt(e + 1) === 10)));
    if (aligned) {
      if (at >= 0) {
        steps?.(find.steps);
        return { count: 2, offset: at };
      }
      at = i;
    }
    const next = i + 1 > raw.length ? -1 : find.indexOf(i + 1);
    i = next > i ? next : -1;
  }
  steps?.(find.steps);
  return at < 0 ? { count: 0, offset: -1 } : { count: 1, offset: at };
}

/** A hunk the fast path placed: its old side's offsets in the raw text, and its new side joined. */
export interface FastFound {
  hunk: Hunk;
  start: number; // offset of the old side in raw
  end: number; // offset just after it (at its last line's "\n", or the end of the text)
  newText: string;
}

/**
 * Where every hunk of `fp` goes when each is exact and unique (sorted by offset, none
 * overlapping another), or null. Each hunk's search is the context's (see exact-locator.ts),
 * so a hunk searched once is not searched again by a later call or by the general path.
 */
export function fastPlace(ctx: { raw: string; eol: '\n' | '\r\n'; scanOf(h: Hunk, oldLines: string[]): ExactScan }, fp: FilePatch): FastFound[] | null {
  // LF files (no CR at all), or CRLF around every hunk: the lines of its window are joined by
  // CRLF, and the line before the window and the window's last line end with CRLF, so every
  // line written takes CRLF exactly as the general path's neighbour rule gives.
  const eol = ctx.eol;
  const found: FastFound[] = [];
  for (const h of fp.hunks) {
    if (h.oldNoEol || h.newNoEol) return null;
    const oldL: string[] = [];
    const newL: string[] = [];
    let marker = false;
    for (const l of h.lines) {
      if (l.kind !== '+') oldL.push(l.text);
      if (l.kind !== '-') newL.push(l.text);
      if (l.kind !== '-' && isElisionMarker(l.text)) marker = true;
    }
    if (!oldL.length) return null;
    // a CR inside a line is content for the general path; keep such hunks there
    if (eol === '\r\n' && oldL.some((t) => t.indexOf('\r') >= 0)) return null;
    const scan = ctx.scanOf(h, oldL);
    if (marker || !newL.length || scan.count !== 1) return null;
    found.push({ hunk: h, start: scan.offset, end: scan.offset + joinedLength(oldL, eol), newText: newL.join(eol) });
  }
  const sorted = [...found].sort((a, b) => a.start - b.start);
  for (let k = 1; k < sorted.length; k++) if (sorted[k].start <= sorted[k - 1].end) return null;
  return sorted;
}

function joinedLength(lines: string[], eol: string): number {
  let n = (lines.length - 1) * eol.length;
  for (const l of lines) n += l.length;
  return n;
}

/** Apply `fp` when every hunk is exact and unique, or return null (see fastPlace). */
export function fastApplyFilePatch(raw: string, fp: FilePatch): EngineResult | null {
  const eol: '\n' | '\r\n' = raw.indexOf('\r') >= 0 ? '\r\n' : '\n';
  const found = fastPlace({ raw, eol, scanOf: (_h, oldL) => scanExact(raw, oldL, eol) }, fp);
  return found ? fastRender(raw, found) : null;
}

/** The result of the hunks fastPlace found, rendered from the raw text (one pass over it). */
export function fastRender(raw: string, sorted: FastFound[]): EngineResult {
  const bom = raw.charCodeAt(0) === 0xfeff ? 1 : 0;
  let out = raw.slice(0, bom);
  let pos = bom;
  let line = 0; // 0-based line at `pos`
  let delta = 0;
  const changed: ChangedRange[] = [];
  const placements: HunkPlacement[] = [];
  for (const f of sorted) {
    line += countNewlines(raw, pos, f.start);
    out += raw.slice(pos, f.start) + f.newText;
    pos = f.end;
    const p: HunkPlacement = { hunk: f.hunk.index, base_start_line: line + 1, new_start_line: line + delta + 1, tier: 'exact' };
    if (f.hunk.oldStart !== undefined && f.hunk.oldStart > 0) p.offset_from_hint = line + 1 - f.hunk.oldStart;
    placements.push(p);
    // changed ranges: each run of -/+ lines, in new-text line numbers
    let b = line;
    let run: { start: number; removed: number; added: number } | null = null;
    const flush = () => {
      if (!run) return;
      const s = run.start + delta + 1;
      const r = { start_line: s, end_line: s + run.added - 1 };
      const prev = changed[changed.length - 1];
      if (prev && r.start_line <= prev.end_line + 1 && r.end_line >= r.start_line && prev.end_line >= prev.start_line) prev.end_line = Math.max(prev.end_line, r.end_line);
      else changed.push(r);
      delta += run.added - run.removed;
      run = null;
    };
    for (const l of f.hunk.lines) {
      if (l.kind === ' ') {
        flush();
        b++;
      } else {
        run ??= { start: b, removed: 0, added: 0 };
        if (l.kind === '-') {
          run.removed++;
          b++;
        } else run.added++;
      }
    }
    flush();
    line = b - 1; // the old side's last line (pos sits at its end)
  }
  out += raw.slice(pos);
  placements.sort((a, b) => a.hunk - b.hunk);
  return { ok: true, text: out, hunks: placements, changed, tolerance: 'exact' };
}

function countNewlines(s: string, from: number, to: number): number {
  let n = 0;
  for (let i = s.indexOf('\n', from); i >= 0 && i < to; i = s.indexOf('\n', i + 1)) n++;
  return n;
}
