import { applyFilePatch, contextFor, placeFilePatch, placedLines } from '../patch/apply';
import type { PatchContext } from '../patch/patch-context';
import type { Hunk } from '../patch/parse';
import type { EngineError, HunkPlacement } from '../patch/types';
import type { ApplyPatchError, FilePlan } from './types';

export type PlaceOutcome = { ok: true; plan: Omit<FilePlan, 'path' | 'action'> } | { ok: false; error: ApplyPatchError };

/**
 * Places the hunks of one file section on `base` (the apply_patch format's chunks, or a
 * multi-file unified diff's hunks). All hunks are placed on the unmodified base (each
 * uniquely, non-overlapping) or the section fails. A hunk whose result is already in the file
 * (its added lines stand where they would land and its removed lines are gone) is reported in
 * already_applied_hunks and not applied again, so a retried patch is harmless. That is the case
 * when
 * - it cannot be placed (NO_MATCH) but its reverse places uniquely; or
 * - it only inserts lines at one edge of its context (" x" then "+y"), so its context still
 *   matches after it was applied, and its reverse places on the same lines.
 */
export function placeHunks(base: string, hunks: Hunk[], ctx: PatchContext = contextFor(base, hunks)): PlaceOutcome {
  if (!hunks.length) return { ok: true, plan: { text: base, hunks: [], unchanged: true } };
  const reversed = new Map<Hunk, Hunk>();
  const reverseOf = (h: Hunk) => {
    let r = reversed.get(h);
    if (!r) reversed.set(h, (r = reverse(h)));
    return r;
  };
  const alone = (h: Hunk) => placeFilePatch(ctx, { hunks: [h] });
  const already = hunks.filter((h) => edgeInsertionApplied(ctx, h, reverseOf(h))).map((h) => h.index);
  let rest = hunks.filter((h) => !already.includes(h.index));
  if (!rest.length) return { ok: true, plan: { ...placed(base, [], already, undefined), unchanged: true } };
  let r = applyFilePatch(base, { hunks: rest }, ctx.options, ctx);
  if (!r.ok) {
    const more = rest.filter((h) => {
      const a = alone(h);
      return !a.ok && a.type === 'NO_MATCH' && alone(reverseOf(h)).ok;
    });
    if (!more.length) return { ok: false, error: asError(r.error) };
    for (const h of more) already.push(h.index);
    already.sort((a, b) => a - b);
    rest = rest.filter((h) => !already.includes(h.index));
    if (!rest.length) return { ok: true, plan: { ...placed(base, [], already, undefined), unchanged: true } };
    r = applyFilePatch(base, { hunks: rest }, ctx.options, ctx);
    if (!r.ok) return { ok: false, error: asError(r.error) };
  }
  return { ok: true, plan: placed(r.text, r.hunks ?? [], already, r.tolerance, r.notes) };
}

/**
 * True for a chunk that only adds lines before or after its context (no removed line, one run
 * of added lines at the start or the end, at least one context line) whose context places and
 * whose reverse places on the same lines: its added lines already stand there. Without a
 * context line nothing ties the added lines to a place ("+}" at the end of a file that ends
 * with "}" may be a missing brace), so such a chunk is applied.
 */
function edgeInsertionApplied(ctx: PatchContext, h: Hunk, rev: Hunk): boolean {
  const kinds = h.lines.map((l) => l.kind);
  if (kinds.includes('-') || !kinds.includes(' ')) return false;
  const added = kinds.filter((k) => k === '+').length;
  const leading = kinds.findIndex((k) => k !== '+');
  const trailing = kinds.length - 1 - kinds.map((k) => k !== '+').lastIndexOf(true);
  if (leading + trailing !== added) return false; // added lines inside the context
  const fwd = placeFilePatch(ctx, { hunks: [h] });
  if (!fwd.ok) return false;
  const back = placeFilePatch(ctx, { hunks: [rev] });
  if (!back.ok) return false;
  const f = placedLines(ctx, fwd).get(h.index);
  const b = placedLines(ctx, back).get(rev.index);
  return f !== undefined && b !== undefined && b + leading === f;
}

function placed(text: string, hunks: HunkPlacement[], already: number[], tolerance: FilePlan['tolerance'], notes?: string[]): Omit<FilePlan, 'path' | 'action'> {
  const all = [...(notes ?? []), ...already.map((k) => `hunk ${k} is already in the file: not applied again`)];
  return { text, hunks, ...(already.length ? { already_applied_hunks: already } : {}), ...(tolerance ? { tolerance } : {}), ...(all.length ? { notes: all } : {}) };
}

/** The chunk undone: its added lines become the old side. Placing it uniquely means the chunk's result stands in the file. */
function reverse(h: Hunk): Hunk {
  // A unified hunk's header hint and end-of-file markers swap sides with its lines.
  return {
    ...h,
    lines: h.lines.map((l) => (l.kind === ' ' ? l : { kind: l.kind === '+' ? '-' : '+', text: l.text })),
    oldStart: h.newStart, oldCount: h.newCount, newStart: h.oldStart, newCount: h.oldCount,
    oldNoEol: h.newNoEol, newNoEol: h.oldNoEol,
  };
}


/** The unified engine's failure, with the fields this engine documents (its extras dropped). */
function asError(e: EngineError): ApplyPatchError {
  const out: ApplyPatchError = { type: e.type === 'INVALID_INPUT' ? 'INVALID_PATCH' : e.type, message: e.message.replace(/^Hunk (\d+)/, 'hunk $1') };
  if (e.hunk !== undefined) out.hunk = e.hunk;
  if (e.line !== undefined) out.line = e.line;
  if (e.found) out.found = e.found;
  if (e.candidates) out.candidates = e.candidates;
  if (e.applicable_hunks) out.applicable_hunks = e.applicable_hunks;
  if (e.failed_hunks) out.failed_hunks = e.failed_hunks;
  return out;
}
