/**
 * Locating one hunk on the base: every candidate placement at the strictest level that has
 * any (see match.ts), or why there is none. A failure says its type at once and builds its
 * message (with the diagnosis of the nearest lines) only when asked: a multi-file plan asks
 * "does this hunk place alone?" of every hunk and reads only the type.
 */
import type { Hunk } from './parse';
import { locate, Match, Level, OldLine } from './match';
import { planSegment, oldSide, SegmentPlan } from './plan';
import { resolveElided, isMarkerLine } from './elided';
import { diagnose } from './diagnose';
import type { ExactScan } from './fastPatch';
import { HunkCandidates, candidatesOf } from './select';
import type { EngineError, EngineErrorType } from './types';
import type { PatchContext } from './patch-context';
import { isElisionMarker } from '../elision';

/** A hunk that cannot be placed: its type now, its full error on demand (computed once). */
export interface HunkFailure {
  hunk: number;
  type: EngineErrorType;
  error(): EngineError;
}

export type Located = HunkCandidates | HunkFailure;

/** What planning a candidate costs per hunk line, in comparisons (indentation inference, the edits). */
const PLAN_STEPS_PER_LINE = 32;

export const isFailure = (x: Located): x is HunkFailure => 'type' in x;

const quote = (s: string) => `'${s.trim().length > 120 ? s.trim().slice(0, 120) + '…' : s.trim()}'`;

const failed = (hunk: number, error: EngineError): HunkFailure => ({ hunk, type: error.type, error: () => error });

function lazyFailure(hunk: number, type: EngineErrorType, make: () => EngineError): HunkFailure {
  let e: EngineError | undefined;
  return { hunk, type, error: () => (e ??= make()) };
}

/**
 * Locate `h` in the context's base. `useScan`: the exact level may take the fast path's raw
 * scan (an LF text, no constrained hunk in the file patch, fast path allowed); the answer can
 * differ from the line matcher's at the text's last line, so it is part of the memo's key.
 * The result is kept in the context, so a hunk placed alone and with the others is searched once.
 */
export function locateHunk(ctx: PatchContext, h: Hunk, useScan: boolean): Located {
  let memo = ctx.located.get(h) as Array<Located | undefined> | undefined;
  if (!memo) ctx.located.set(h, (memo = []));
  const slot = useScan ? 1 : 0;
  return (memo[slot] ??= locateOnce(ctx, h, useScan));
}

function locateOnce(ctx: PatchContext, h: Hunk, useScan: boolean): Located {
  const { options } = ctx;
  // a "+" line that is an elision marker would write a placeholder over real code
  for (const l of h.lines) {
    if (l.kind === '+' && isElisionMarker(l.text) && !ctx.baseSet.has(l.text.trim())) {
      return failed(h.index, {
        type: 'ELISION_BLOCKED',
        message: `Hunk ${h.index}: added line ${quote(l.text)} is a placeholder for code, not code. Write the real lines, or mark unchanged lines as context.`,
        hunk: h.index,
        line: l.text,
      });
    }
  }
  const model = ctx.model;
  const file = ctx.file;
  const old = oldSide(h.lines);
  ctx.meter.charge(h.lines.length);
  const hint = h.oldStart !== undefined && h.oldStart > 0 ? h.oldStart - 1 : undefined;
  const N = model.lines.length;
  const range = h.minStart !== undefined || h.atEnd ? { lo: Math.max(h.minStart ?? 0, h.atEnd ? N - old.length : 0), hi: N } : undefined;
  if (!old.length) {
    // Nothing to anchor on: allowed only for an empty file, an explicit "insert at the top"
    // (@@ -0,0 ...), or a hunk constrained to the end of the file (appended there).
    if (N === 0 || h.oldStart === 0 || h.atEnd) {
      const at = h.atEnd ? N : 0;
      return candidatesOf(h, [[{ start: at, oldLen: 0, tier: 'exact', edits: [{ start: at, end: at, lines: h.lines.map((l) => l.text) }] }]]);
    }
    return failed(h.index, {
      type: 'INVALID_PATCH',
      message: `Hunk ${h.index} has only added lines, so nothing anchors it in the file. Add 2-3 unchanged context lines around the change.`,
      hunk: h.index,
    });
  }
  let matches: Match[];
  const scan: ExactScan | undefined = useScan ? ctx.scanOf(h, old.map((l) => l.text)) : undefined;
  if (scan?.count === 1) matches = [{ start: ctx.lineAt(scan.offset), level: Level.Exact }];
  else matches = locate(file, old, { fuzzy: false, minLevel: scan?.count === 0 ? Level.Trailing : Level.Exact, range });
  const hasMarkers = options.elision !== false && h.lines.some((l) => l.kind === ' ' && isElisionMarker(l.text)) && h.lines.some((l) => isMarkerLine(l, ctx.baseSet));
  if (!matches.length && hasMarkers) {
    const r = resolveElided(file, h.lines, ctx.baseSet);
    // elision resolves on the whole file; a placement outside the constraint is not one
    if (r.kind === 'placed' && range && (r.plans[0].start < range.lo || r.plans[r.plans.length - 1].start + r.plans[r.plans.length - 1].oldLen > range.hi)) {
      return failed(h.index, { type: 'NO_MATCH', message: `Hunk ${h.index}: its lines were found only outside the part of the file its anchor allows (line ${range.lo + 1} on${h.atEnd ? ', ending at the last line' : ''}).`, hunk: h.index });
    }
    if (r.kind === 'placed') return candidatesOf(h, [r.plans], { elided: true });
    if (r.kind === 'failed') {
      return lazyFailure(h.index, r.type, () => {
        const segOld = r.segmentLines ? oldSide(r.segmentLines) : old;
        const d = r.type === 'NO_MATCH' ? diagnose(file, segOld, hint) : undefined;
        const line = d ? segOld[d.index]?.text : undefined;
        return {
          type: r.type,
          message:
            `Hunk ${h.index}: ${r.reason}` +
            (line !== undefined ? `; line ${quote(line)} was not found${d?.found ? `, the nearest is ${d.found.line_number}: ${quote(d.found.text)}` : ''}` : '') +
            (r.candidates?.length ? ` (candidates at lines ${r.candidates.join(', ')})` : '') +
            `. Re-send hunk ${h.index} without the elision marker, with the real unchanged lines as context.`,
          hunk: h.index,
          ...(line !== undefined ? { line } : {}),
          ...(d?.found ? { found: d.found } : {}),
          ...(r.candidates ? { candidates: r.candidates } : {}),
        };
      });
    }
  }
  if (!matches.length && !hasMarkers && options.fuzzy !== false) matches = locate(file, old, { fuzzy: true, minLevel: Level.Fuzzy, range });
  if (!matches.length) return lazyFailure(h.index, 'NO_MATCH', () => notFoundError(ctx, h, old, hint));
  // "\ No newline at end of file" on the old side says its last line is the file's last line
  if (matches.length > 1 && h.oldNoEol && !model.finalNewline) {
    const atEnd = matches.filter((m) => m.start + old.length === N);
    if (atEnd.length) matches = atEnd;
  }
  return candidatesFrom(ctx, h, old.length, matches);
}

/**
 * The candidates of `matches` (one level). At the exact and trailing-whitespace levels a plan
 * cannot fail (the indentation is the file's), so plans are made only for the candidates
 * asked for. At looser levels every candidate is planned now, in file order, and the first
 * that cannot take its indentation refuses the hunk, as it always did.
 */
function candidatesFrom(ctx: PatchContext, h: Hunk, oldLen: number, matches: Match[]): Located {
  const level = matches[0].level;
  if (level < Level.Loose) {
    const made: Array<SegmentPlan[] | undefined> = new Array(matches.length);
    return {
      hunk: h,
      starts: matches.map((m) => m.start),
      allExact: level === Level.Exact,
      plans: (i) => {
        let p = made[i];
        if (!p) {
          ctx.meter.charge(PLAN_STEPS_PER_LINE * (h.lines.length + 2));
          p = made[i] = [planSegment(ctx.file, h.lines, matches[i]) as SegmentPlan];
        }
        return p;
      },
    };
  }
  const candidates: SegmentPlan[][] = [];
  for (const m of matches) {
    ctx.meter.charge(PLAN_STEPS_PER_LINE * (h.lines.length + oldLen + 2));
    const p = planSegment(ctx.file, h.lines, m);
    if (typeof p === 'string') {
      return failed(h.index, { type: 'NO_MATCH', message: `Hunk ${h.index}: ${p}. Re-send hunk ${h.index} with the file's indentation.`, hunk: h.index });
    }
    candidates.push([p]);
  }
  return candidatesOf(h, candidates);
}

function notFoundError(ctx: PatchContext, h: Hunk, old: OldLine[], hint: number | undefined): EngineError {
  const d = diagnose(ctx.file, old, hint);
  const bad = old[d.index];
  const what = bad.removed ? 'removed line' : 'context line';
  // a blank line has no "nearest line": say where it fails instead
  const blank = bad.text.trim() === '';
  const msg =
    (blank
      ? `Hunk ${h.index}: ${what} ${d.index + 1} of the hunk's old side is blank, ` +
        (d.found ? `but the file has ${quote(d.found.text)} there (line ${d.found.line_number})` : `but it would stand ${(d.placement ?? 0) + d.index < 0 ? 'before the first' : 'after the last'} line of the file`)
      : `Hunk ${h.index}: ${what} ${quote(bad.text)} was not found` + (d.found ? `; the nearest line is ${d.found.line_number}: ${quote(d.found.text)}` : '')) +
    (bad.removed ? '. A removed line must exist in the file.' : bad.pinned ? '. It stands next to added lines and decides where they go, so it must match the file (whitespace aside).' : '.') +
    ` Re-send hunk ${h.index} with its context and removed lines copied from the current file.`;
  return { type: 'NO_MATCH', message: msg, hunk: h.index, line: bad.text, ...(d.found ? { found: d.found } : {}) };
}
