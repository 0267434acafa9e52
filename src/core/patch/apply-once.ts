/**
 * The hunks of one file section applied once: a hunk whose result already stands where it
 * would land (core/already-applied.ts) is reported in `already_applied` and not applied again,
 * so a retried patch is harmless. Used by every unified diff (one file or several) and by the
 * apply_patch format's chunks.
 *
 * The hunks that are not already applied are placed together on the unmodified base (all or
 * none, as applyFilePatch does). The whole patch is placed first and that placement is the
 * answer when no hunk can be a repeat, so the rule costs nothing more on the common path:
 * - a hunk that keeps its old side (added lines only at the edges of its context) still
 *   matches after it landed: its reverse is placed (when its added lines stand beside its
 *   place and in the file), and when the hunk's place lies inside its reverse's, it is already
 *   applied (both readings: refused);
 * - when the patch does not apply, a hunk that is not found but whose reverse places uniquely
 *   is already applied.
 */
import { placeFilePatch, placedLines, renderPlacement, Placement } from './apply';
import { linesAround, reverseMayHold } from './reverse-window';
import type { PatchContext } from './patch-context';
import type { FilePatch, Hunk } from './parse';
import { EngineResult, failure } from './types';
import { judgeRepeat, bothReadingsMessage, Found } from '../already-applied';
import { longestWord, unicodeKey } from '../text/keys';
import { Level } from './levels';

export function applyOnce(ctx: PatchContext, fp: FilePatch): EngineResult {
  const hunks = fp.hunks;
  const base = ctx.raw;
  const whole = placeFilePatch(ctx, fp);
  if (!hunks.length) return whole.ok ? renderPlacement(ctx, whole) : { ok: false, error: whole.error() };
  const found = (h: Hunk, span: number): Found => {
    const p = placeFilePatch(ctx, { hunks: [h] });
    if (p.ok) return { ok: true, spans: [{ line: placedLines(ctx, p).get(h.index) as number, lines: span }] };
    if (p.type === 'NO_MATCH') return { ok: false, notFound: true };
    return { ok: false, notFound: false, candidates: p.type === 'AMBIGUOUS_MATCH' ? p.error().candidates : undefined };
  };
  const notFound: Found = { ok: false, notFound: true };
  // the reverse's old side holds the added lines as removed ones, which match only where they
  // stand as whole lines: one the file lacks answers "not found" without placing the reverse
  const reverseOf = (h: Hunk): Found => (addedLinesPresent(ctx, h) ? found(reverse(h), newSide(h)) : notFound);
  const already: number[] = [];
  for (const h of hunks) {
    if (!keepsOldSide(h)) continue;
    // its old side matches whether or not it landed: only a reverse that places can make it a
    // repeat, and where the whole patch placed it uniquely, only one that holds that place
    if (whole.ok && !reverseNearPlace(ctx, whole, h, found)) continue;
    const back = reverseOf(h);
    if (!back.ok) continue;
    const v = judgeRepeat({ forward: found(h, oldSide(h)), reverse: () => back, newContainsOld: true, oldLines: oldSide(h) });
    if (v.kind === 'already') already.push(h.index);
    if (v.kind === 'both') return failure('AMBIGUOUS_MATCH', bothReadingsMessage(`Hunk ${h.index} (it only adds lines around its context)`, v), { hunk: h.index, candidates: [...v.first, ...v.repeat].sort((a, b) => a - b), readings: { first_application_at: v.first, already_applied_at: v.repeat } });
  }
  if (!already.length && whole.ok) return renderPlacement(ctx, whole);
  let rest = hunks.filter((h) => !already.includes(h.index));
  if (!rest.length) return unchanged(base, already);
  let p = already.length ? placeFilePatch(ctx, { ...fp, hunks: rest }) : whole;
  if (!p.ok) {
    // only a hunk the placement did not find can be one that landed: its reverse is asked
    const e = p.error();
    const missing = new Set(e.failed_hunks ? e.failed_hunks.filter((f) => f.reason.startsWith('NO_MATCH')).map((f) => f.hunk) : e.type === 'NO_MATCH' && typeof e.hunk === 'number' ? [e.hunk] : []);
    const more = rest.filter((h) => missing.has(h.index) && !keepsOldSide(h) && judgeRepeat({ forward: notFound, reverse: () => reverseOf(h), newContainsOld: false, oldLines: oldSide(h) }).kind === 'already');
    if (!more.length) return { ok: false, error: e };
    for (const h of more) already.push(h.index);
    already.sort((a, b) => a - b);
    rest = rest.filter((h) => !already.includes(h.index));
    if (!rest.length) return unchanged(base, already);
    p = placeFilePatch(ctx, { ...fp, hunks: rest });
    if (!p.ok) return { ok: false, error: p.error() };
  }
  const r = renderPlacement(ctx, p);
  if (!r.ok || !already.length) return r;
  const notes = [...(r.notes ?? []), ...already.map(alreadyNote)];
  return { ...r, already_applied: already, notes };
}

/**
 * Whether the reverse of `h` may hold the place the whole placement `p` gave it (see
 * reverse-window.ts); true when that cannot be read cheaply (then the reverse is placed).
 */
function reverseNearPlace(ctx: PatchContext, p: Placement & { ok: true }, h: Hunk, found: (h: Hunk, span: number) => Found): boolean {
  const added = h.lines.length - oldSide(h);
  if ('fast' in p) {
    // the fast path places only exact hunks found once: the place is the hunk's one candidate
    const f = p.fast.find((x) => x.hunk === h);
    if (!f) return true;
    const around = linesAround(ctx.raw, f.start, added + h.lines.length);
    return reverseMayHold(h, around.before, around.after);
  }
  const c = p.chosen.find((x) => x.hunk === h);
  if (!c || c.elided || c.plans.length !== 1) return true;
  const start = c.plans[0].start;
  // the rule weighs every candidate of the hunk alone: pre-check only a hunk with one
  const alone = found(h, oldSide(h));
  if (!alone.ok || alone.spans.length !== 1 || alone.spans[0].line !== start + 1) return true;
  const lines = ctx.model.lines;
  const count = added + h.lines.length;
  const before = lines.slice(Math.max(0, start - count), start).reverse();
  return reverseMayHold(h, before, lines.slice(start, start + count));
}

/**
 * Whether each added line (the first few that have a word) stands as a whole line of the text
 * at the loosest tier: in the reverse they are removed lines, which match only so (match.ts).
 * Lines are found by their longest word (a line equal at any tier contains it verbatim,
 * text/keys.ts) with the context's cached substring search; a word on very many lines is not
 * filtered further. At most a few searches, so the filter stays linear in the text.
 */
function addedLinesPresent(ctx: PatchContext, h: Hunk): boolean {
  let searched = 0;
  for (const l of h.lines) {
    if (l.kind !== '+') continue;
    const w = longestWord(l.text);
    if (!w) continue;
    if (ctx.raw.indexOf(w) < 0) return false;
    const hits = ctx.file.linesContaining(w);
    if (hits.length <= MAX_HITS_KEYED) {
      const key = unicodeKey(l.text);
      if (!hits.some((k) => ctx.file.key(Level.Unicode, k) === key)) return false;
    }
    if (++searched === MAX_WORD_SEARCHES) return true;
  }
  return true;
}

/** Lines holding a word beyond which an added line is not looked for by key. */
const MAX_HITS_KEYED = 64;
const MAX_WORD_SEARCHES = 4;

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
