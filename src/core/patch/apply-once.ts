/**
 * The hunks of one file section applied once: a hunk whose result already stands where it
 * would land (core/already-applied.ts) is reported in `already_applied` and not applied again,
 * so a retried patch is harmless. Used by every unified diff (one file or several) and by the
 * apply_patch format's chunks.
 *
 * The hunks that are not already applied are placed together on the unmodified base (all or
 * none, as applyFilePatch does). The rule is asked of a hunk only where it can change the
 * answer, so a patch that applies as it is costs one extra placement per hunk that keeps its
 * old side (added lines only at the edges of its context):
 * - such a hunk still matches after it landed: its reverse is placed, and when the hunk's
 *   place lies inside its reverse's, it is already applied (both readings: refused);
 * - when the patch does not apply, a hunk that is not found alone but whose reverse places
 *   uniquely is already applied.
 */
import { applyFilePatch, placeFilePatch, placedLines } from './apply';
import type { PatchContext } from './patch-context';
import type { FilePatch, Hunk } from './parse';
import { EngineResult, failure } from './types';
import { judgeRepeat, bothReadingsMessage, Found } from '../already-applied';

export function applyOnce(ctx: PatchContext, fp: FilePatch): EngineResult {
  const hunks = fp.hunks;
  const base = ctx.raw;
  if (!hunks.length) return applyFilePatch(base, fp, ctx.options, ctx);
  const reversed = new Map<Hunk, Hunk>();
  const reverseOf = (h: Hunk) => {
    let r = reversed.get(h);
    if (!r) reversed.set(h, (r = reverse(h)));
    return r;
  };
  const found = (h: Hunk, span: number): Found => {
    const p = placeFilePatch(ctx, { hunks: [h] });
    if (p.ok) return { ok: true, spans: [{ line: placedLines(ctx, p).get(h.index) as number, lines: span }] };
    if (p.type === 'NO_MATCH') return { ok: false, notFound: true };
    return { ok: false, notFound: false, candidates: p.type === 'AMBIGUOUS_MATCH' ? p.error().candidates : undefined };
  };
  const ask = (h: Hunk, forward?: Found) => judgeRepeat({
    forward: forward ?? found(h, oldSide(h)),
    reverse: () => found(reverseOf(h), newSide(h)),
    newContainsOld: keepsOldSide(h),
    oldLines: oldSide(h),
  });
  const already: number[] = [];
  for (const h of hunks) {
    if (!keepsOldSide(h)) continue;
    const v = ask(h);
    if (v.kind === 'already') already.push(h.index);
    if (v.kind === 'both') return failure('AMBIGUOUS_MATCH', bothReadingsMessage(`Hunk ${h.index} (it only adds lines around its context)`, v), { hunk: h.index, candidates: [...v.first, ...v.repeat].sort((a, b) => a - b), readings: { first_application_at: v.first, already_applied_at: v.repeat } });
  }
  let rest = hunks.filter((h) => !already.includes(h.index));
  if (!rest.length) return unchanged(base, already);
  let r = applyFilePatch(base, { ...fp, hunks: rest }, ctx.options, ctx);
  if (!r.ok) {
    // only a hunk the placement did not find can be one that landed: its reverse is asked
    const e = r.error;
    const missing = new Set(e.failed_hunks ? e.failed_hunks.filter((f) => f.reason.startsWith('NO_MATCH')).map((f) => f.hunk) : e.type === 'NO_MATCH' && typeof e.hunk === 'number' ? [e.hunk] : []);
    const more = rest.filter((h) => missing.has(h.index) && !keepsOldSide(h) && ask(h, { ok: false, notFound: true }).kind === 'already');
    if (!more.length) return r;
    for (const h of more) already.push(h.index);
    already.sort((a, b) => a - b);
    rest = rest.filter((h) => !already.includes(h.index));
    if (!rest.length) return unchanged(base, already);
    r = applyFilePatch(base, { ...fp, hunks: rest }, ctx.options, ctx);
    if (!r.ok) return r;
  }
  if (!already.length) return r;
  const notes = [...(r.notes ?? []), ...already.map(alreadyNote)];
  return { ...r, already_applied: already, notes };
}

const alreadyNote = (k: number) => `hunk ${k} is already in the file: not applied again`;

function unchanged(base: string, already: number[]): EngineResult {
  return { ok: true, text: base, hunks: [], changed: [], tolerance: 'exact', already_applied: already, notes: already.map(alreadyNote) };
}

const oldSide = (h: Hunk) => Math.max(1, h.lines.filter((l) => l.kind !== '+').length);
const newSide = (h: Hunk) => Math.max(1, h.lines.filter((l) => l.kind !== '-').length);

/**
 * A hunk that only adds lines before or after its context (no removed line, one run of added
 * lines at the start or the end, at least one context line): its old side still stands after
 * it landed. Without a context line nothing ties the added lines to a place ("+}" at the end
 * of a file that ends with "}" may be a missing brace), so such a hunk is applied.
 */
function keepsOldSide(h: Hunk): boolean {
  const kinds = h.lines.map((l) => l.kind);
  if (kinds.includes('-') || !kinds.includes(' ')) return false;
  const added = kinds.filter((k) => k === '+').length;
  if (!added) return false;
  const leading = kinds.findIndex((k) => k !== '+');
  const trailing = kinds.length - 1 - kinds.map((k) => k !== '+').lastIndexOf(true);
  return leading + trailing === added; // no added line inside the context
}

/** The hunk undone: its added lines become the old side. Placing it uniquely means the hunk's result stands in the file. */
function reverse(h: Hunk): Hunk {
  // A unified hunk's header hint and end-of-file markers swap sides with its lines.
  return {
    ...h,
    lines: h.lines.map((l) => (l.kind === ' ' ? l : { kind: l.kind === '+' ? '-' : '+', text: l.text })),
    oldStart: h.newStart, oldCount: h.newCount, newStart: h.oldStart, newCount: h.oldCount,
    oldNoEol: h.newNoEol, newNoEol: h.oldNoEol,
  };
}
