/**
 * applyUnifiedDiff: apply every hunk of a one-file unified diff, or none.
 *
 * Each hunk is located on the unmodified base independently (so hunks may come in any order),
 * at the strictest tolerance level that finds it (see match.ts), and must be unique there
 * (see select.ts for the only disambiguation rules). All hunks are validated before any
 * output is produced; overlapping hunks are refused. Then the new text is rendered from the
 * base, copying untouched bytes verbatim (see render.ts).
 */
import { parsePatch, Hunk, FilePatch } from './parse';
import { KeyedLines, locate, Match, Level, OldLine } from './match';
import { splitText, LineModel, lineOffsets } from '../text/lines';
import { lineIndexAt } from '../text/offsets';
import { renderEdits, changedRanges, editsOverlap, LineEdit, mapToNew } from './render';
import { planSegment, oldSide, SegmentPlan } from './plan';
import { resolveElided, isMarkerLine } from './elided';
import { diagnose } from './diagnose';
import { fastApplyFilePatch, scanExact, ExactScan } from './fastPatch';
import { selectPlacements, HunkCandidates } from './select';
import { EngineResult, EngineError, HunkPlacement, failure, mostTolerant } from './types';
import { isElisionMarker } from '../elision';

export interface ApplyPatchOptions {
  /** Allow the "one slightly wrong context line" tier (default true). */
  fuzzy?: boolean;
  /** Resolve elision markers inside hunks (default true). */
  elision?: boolean;
  /** Skip the raw-text fast path (fastPatch.ts); the result is the same, only slower. For tests. */
  noFastPath?: boolean;
}

/** One hunk's located form: its candidate placements, each a set of segment plans (see select.ts). */
type Placed = HunkCandidates;

type HunkFailure = { hunk: number; error: EngineError };

const quote = (s: string) => `'${s.trim().length > 120 ? s.trim().slice(0, 120) + '…' : s.trim()}'`;

/**
 * Apply `patchText` to `baseText`. The patch must hold hunks for one file only (a multi-file
 * patch is INVALID_PATCH; split it with splitPatchByFile). Never throws on bad input.
 */
export function applyUnifiedDiff(baseText: string, patchText: string, options: ApplyPatchOptions = {}): EngineResult {
  const parsed = parsePatch(patchText);
  if (!parsed.ok) return failure('INVALID_PATCH', `${parsed.message} Send a unified diff with @@ hunks whose lines start with ' ', '-' or '+'.`);
  if (parsed.files.length > 1) {
    const names = parsed.files.map((f) => f.newPath ?? f.oldPath ?? '?');
    return failure('INVALID_PATCH', `The patch has ${parsed.files.length} file sections (${names.join(', ')}); send one file per call.`, { files: names });
  }
  return applyFilePatch(baseText, parsed.files[0], options);
}

/** Apply one parsed file section (see applyUnifiedDiff). */
export function applyFilePatch(baseText: string, fp: FilePatch, options: ApplyPatchOptions = {}): EngineResult {
  if (fp.createsFile && baseText.replace(/^\uFEFF/, '') !== '') {
    return failure('INVALID_PATCH', 'The patch creates the file (--- /dev/null), but the file already has content. Send a patch against its current content.');
  }
  const scans = new Map<Hunk, ExactScan>();
  // The fast path searches the whole text; constrained hunks take the general path.
  const constrained = fp.hunks.some((h) => h.minStart !== undefined || h.atEnd);
  if (!options.noFastPath && !constrained) {
    const fast = fastApplyFilePatch(baseText, fp, scans);
    if (fast) return fast;
  }
  const model = splitText(baseText);
  const file = new KeyedLines(model);
  /** The exact level via the raw-text scan (LF files only; see scanExact), reusing the fast path's scans. */
  const exactScan = model.hasCR || options.noFastPath || constrained
    ? undefined
    : (h: Hunk, old: OldLine[]): ExactScan => {
        let s = scans.get(h);
        if (!s) scans.set(h, (s = scanExact(baseText, old.map((l) => l.text), '\n')));
        return s;
      };
  let baseSet: Set<string> | null = null;
  const lazyBaseSet = () => (baseSet ??= new Set(model.lines.map((l) => l.trim())));

  const placed: Placed[] = [];
  const failed: HunkFailure[] = [];
  for (const h of fp.hunks) {
    const r = locateHunk(file, model, h, options, lazyBaseSet, exactScan);
    if ('error' in r) failed.push({ hunk: h.index, error: r.error });
    else placed.push(r);
  }
  const sel = selectPlacements(placed, collide);
  for (const f of sel.failed) failed.push(f);
  if (failed.length) return reportFailures(failed, sel.chosen.map((c) => c.hunk.index), fp.hunks.length);

  // overlaps: a hunk's changes may not touch lines another hunk changes or reads as its window
  const chosen = sel.chosen;
  for (let a = 0; a < chosen.length; a++) {
    for (let b = a + 1; b < chosen.length; b++) {
      if (collide(chosen[a].plans, chosen[b].plans)) {
        const [x, y] = [chosen[a].hunk.index, chosen[b].hunk.index].sort((p, q) => p - q);
        return failure('INVALID_PATCH', `Hunks ${x} and ${y} overlap in the file; merge them into one hunk or drop the duplicate.`, {
          hunk: y,
          failed_hunks: [{ hunk: y, reason: `overlaps hunk ${x}` }],
          applicable_hunks: chosen.map((c) => c.hunk.index).filter((i) => i !== y),
        });
      }
    }
  }
  const edits: LineEdit[] = chosen.flatMap((c) => c.plans.flatMap((p) => p.edits));
  const N = model.lines.length;
  let finalNewline = model.finalNewline;
  for (const c of chosen) {
    const h = c.hunk;
    const last = c.plans[c.plans.length - 1];
    // A final-newline change is applied only when the patch says so explicitly (the
    // "\ No newline" marker on one side only) at a hunk that reaches the end of the file.
    if (last.start + last.oldLen === N && h.oldNoEol !== h.newNoEol) finalNewline = !h.newNoEol;
  }
  if (N === 0 && chosen.some((c) => c.hunk.newNoEol)) finalNewline = false;
  const text = renderEdits(model, edits, finalNewline);
  const sortedEdits = [...edits].sort((a, b) => a.start - b.start);
  const hunks: HunkPlacement[] = chosen
    .map((c) => {
      const first = c.plans[0];
      const p: HunkPlacement = {
        hunk: c.hunk.index,
        base_start_line: first.start + 1,
        new_start_line: mapToNew(sortedEdits, first.start) + 1,
        tier: c.elided ? 'elision' : first.tier,
      };
      if (c.hunk.oldStart !== undefined && c.hunk.oldStart > 0) p.offset_from_hint = first.start + 1 - c.hunk.oldStart;
      return p;
    })
    .sort((a, b) => a.hunk - b.hunk);
  const notes: string[] = [];
  for (const p of hunks) if (p.tier !== 'exact') notes.push(`hunk ${p.hunk} matched at tier '${p.tier}' at line ${p.base_start_line}`);
  for (const c of [...chosen].sort((a, b) => a.hunk.index - b.hunk.index)) for (const p of c.plans) if (p.note) notes.push(`hunk ${c.hunk.index}: ${p.note}`);
  return {
    ok: true,
    text,
    hunks,
    changed: changedRanges(edits),
    tolerance: mostTolerant(hunks.map((p) => p.tier)),
    ...(notes.length ? { notes } : {}),
  };
}

/** Locate one hunk: all candidate placements at the strictest level that has any. */
function locateHunk(
  file: KeyedLines,
  model: LineModel,
  h: Hunk,
  options: ApplyPatchOptions,
  baseSet: () => Set<string>,
  exactScan?: (h: Hunk, old: OldLine[]) => ExactScan,
): Placed | { error: EngineError } {
  // a "+" line that is an elision marker would write a placeholder over real code
  for (const l of h.lines) {
    if (l.kind === '+' && isElisionMarker(l.text) && !baseSet().has(l.text.trim())) {
      return {
        error: {
          type: 'ELISION_BLOCKED',
          message: `Hunk ${h.index}: added line ${quote(l.text)} is a placeholder for code, not code. Write the real lines, or mark unchanged lines as context.`,
          hunk: h.index,
          line: l.text,
        },
      };
    }
  }
  const old = oldSide(h.lines);
  const hint = h.oldStart !== undefined && h.oldStart > 0 ? h.oldStart - 1 : undefined;
  const N = model.lines.length;
  const range = h.minStart !== undefined || h.atEnd ? { lo: Math.max(h.minStart ?? 0, h.atEnd ? N - old.length : 0), hi: N } : undefined;
  if (!old.length) {
    // Nothing to anchor on: allowed only for an empty file, an explicit "insert at the top"
    // (@@ -0,0 ...), or a hunk constrained to the end of the file (appended there).
    if (N === 0 || h.oldStart === 0 || h.atEnd) {
      const at = h.atEnd ? N : 0;
      return { hunk: h, candidates: [[{ start: at, oldLen: 0, tier: 'exact', edits: [{ start: at, end: at, lines: h.lines.map((l) => l.text) }] }]] };
    }
    return {
      error: {
        type: 'INVALID_PATCH',
        message: `Hunk ${h.index} has only added lines, so nothing anchors it in the file. Add 2-3 unchanged context lines around the change.`,
        hunk: h.index,
      },
    };
  }
  let matches: Match[];
  const scan = exactScan?.(h, old);
  if (scan?.count === 1) matches = [{ start: lineAt(model, scan.offset), level: Level.Exact }];
  else matches = locate(file, old, { fuzzy: false, minLevel: scan?.count === 0 ? Level.Trailing : Level.Exact, range });
  const hasMarkers = options.elision !== false && h.lines.some((l) => l.kind === ' ' && isElisionMarker(l.text)) && h.lines.some((l) => isMarkerLine(l, baseSet()));
  if (!matches.length && hasMarkers) {
    const r = resolveElided(file, h.lines, baseSet());
    // elision resolves on the whole file; a placement outside the constraint is not one
    if (r.kind === 'placed' && range && (r.plans[0].start < range.lo || r.plans[r.plans.length - 1].start + r.plans[r.plans.length - 1].oldLen > range.hi)) {
      return { error: { type: 'NO_MATCH', message: `Hunk ${h.index}: its lines were found only outside the part of the file its anchor allows (line ${range.lo + 1} on${h.atEnd ? ', ending at the last line' : ''}).`, hunk: h.index } };
    }
    if (r.kind === 'placed') return { hunk: h, candidates: [r.plans], elided: true };
    if (r.kind === 'failed') {
      const segOld = r.segmentLines ? oldSide(r.segmentLines) : old;
      const d = r.type === 'NO_MATCH' ? diagnose(file, segOld, hint) : undefined;
      const line = d ? segOld[d.index]?.text : undefined;
      return {
        error: {
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
        },
      };
    }
  }
  if (!matches.length && !hasMarkers && options.fuzzy !== false) matches = locate(file, old, { fuzzy: true, minLevel: Level.Fuzzy, range });
  if (!matches.length) {
    const d = diagnose(file, old, hint);
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
    return { error: { type: 'NO_MATCH', message: msg, hunk: h.index, line: bad.text, ...(d.found ? { found: d.found } : {}) } };
  }
  // "\ No newline at end of file" on the old side says its last line is the file's last line
  if (matches.length > 1 && h.oldNoEol && !model.finalNewline) {
    const atEnd = matches.filter((m) => m.start + old.length === model.lines.length);
    if (atEnd.length) matches = atEnd;
  }
  const candidates: SegmentPlan[][] = [];
  for (const m of matches) {
    const p = planSegment(file, h.lines, m);
    if (typeof p === 'string') {
      return { error: { type: 'NO_MATCH', message: `Hunk ${h.index}: ${p}. Re-send hunk ${h.index} with the file's indentation.`, hunk: h.index } };
    }
    candidates.push([p]);
  }
  return { hunk: h, candidates };
}

/** The 0-based index of the line starting at character `offset` of the raw text. */
function lineAt(model: LineModel, offset: number): number {
  return lineIndexAt(lineOffsets(model), offset, 0, model.lines.length - 1);
}

function collide(a: SegmentPlan[], b: SegmentPlan[]): boolean {
  for (const pa of a) {
    for (const pb of b) {
      for (const ea of pa.edits) for (const eb of pb.edits) if (editsOverlap(ea, eb)) return true;
      // one hunk's changes inside the other's matched window: the other read lines this one rewrites
      for (const ea of pa.edits) if (ea.end > ea.start && ea.start < pb.start + pb.oldLen && ea.end > pb.start) return true;
      for (const eb of pb.edits) if (eb.end > eb.start && eb.start < pa.start + pa.oldLen && eb.end > pa.start) return true;
    }
  }
  return false;
}

function reportFailures(failed: HunkFailure[], applicable: number[], total: number): EngineResult {
  failed.sort((a, b) => a.hunk - b.hunk);
  const first = failed[0];
  const failed_hunks = failed.map((f) => ({ hunk: f.hunk, reason: `${f.error.type}: ${f.error.message}` }));
  let message = first.error.message;
  if (total > 1) {
    const ok = applicable.filter((i) => !failed.some((f) => f.hunk === i)).sort((a, b) => a - b);
    message += ` Nothing was applied: hunk${failed.length > 1 ? 's' : ''} ${failed.map((f) => f.hunk).join(', ')} failed` +
      (ok.length ? `; hunk${ok.length > 1 ? 's' : ''} ${ok.join(', ')} would apply.` : '.');
  }
  return {
    ok: false,
    error: {
      ...first.error,
      message,
      ...(total > 1 ? { failed_hunks, applicable_hunks: applicable.filter((i) => !failed.some((f) => f.hunk === i)).sort((a, b) => a - b) } : {}),
    },
  };
}
