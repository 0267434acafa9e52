/**
 * applyFilePatch: apply every hunk of a one-file unified diff, or none (applyUnifiedDiff,
 * unified-diff.ts, parses the diff and applies it once through apply-once.ts).
 *
 * Each hunk is located on the unmodified base independently (so hunks may come in any order),
 * at the strictest tolerance level that finds it (see match.ts), and must be unique there
 * (see select.ts for the only disambiguation rules). All hunks are validated before any
 * output is produced; overlapping hunks are refused. Then the new text is rendered from the
 * base, copying untouched bytes verbatim (see render.ts).
 *
 * Cost: linear in the base and the patch (plus sorting), whatever the number of hunks: the
 * base is split and indexed once (patch-context.ts), each hunk is found from its rarest line,
 * overlaps are checked between neighbours only (overlap.ts). A change whose placement would
 * still pass its work budget (work-meter.ts) is refused as TOO_LARGE.
 */
import type { Hunk, FilePatch } from './parse';
import { renderEdits, changedRanges, LineEdit, newLineMapper } from './render';
import { fastPlace, fastRender, FastFound } from './fastPatch';
import { selectPlacements, Chosen } from './select';
import { firstCollision } from './overlap';
import { locateHunk, isFailure, HunkFailure } from './locate-hunk';
import { PatchContext, PatchOptions } from './patch-context';
import { WorkMeter, WorkLimitExceeded, tooLargeMessage } from './work-meter';
import { EngineResult, EngineError, HunkPlacement, failure, mostTolerant } from './types';

export type ApplyPatchOptions = PatchOptions;

/** A context for placing `hunks` on `baseText`, with a work budget for both. */
export function contextFor(baseText: string, hunks: readonly Hunk[], options: ApplyPatchOptions = {}): PatchContext {
  let chars = baseText.length;
  let lines = 0;
  for (const h of hunks) {
    lines += h.lines.length;
    for (const l of h.lines) chars += l.text.length;
  }
  return new PatchContext(baseText, options, WorkMeter.forInput(chars, lines, options.workBudget));
}

/**
 * Apply one parsed file section (see applyUnifiedDiff). With `ctx` (a context of this very
 * base), what earlier calls found is reused and a passed work budget throws
 * WorkLimitExceeded to the caller; without one the call makes its own and answers TOO_LARGE.
 */
export function applyFilePatch(baseText: string, fp: FilePatch, options: ApplyPatchOptions = {}, ctx?: PatchContext): EngineResult {
  if (ctx) return applyIn(ctx, fp);
  try {
    return applyIn(contextFor(baseText, fp.hunks, options), fp);
  } catch (e) {
    if (e instanceof WorkLimitExceeded) return failure('TOO_LARGE', tooLargeMessage('This patch'), { work_limit: e.limit });
    throw e;
  }
}

/** Where the hunks go, or why they cannot: the fast path's exact finds, or the general path's choice. */
export type Placement =
  | { ok: true; fast: FastFound[] }
  | { ok: true; chosen: Chosen[] }
  | { ok: false; type: EngineError['type']; error(): EngineError };

/**
 * Place every hunk of `fp` on the context's base without rendering anything: what a multi-file
 * plan asks of single hunks ("does it place alone, and where?"). A failure's message is built
 * only when asked.
 */
export function placeFilePatch(ctx: PatchContext, fp: FilePatch): Placement {
  if (fp.createsFile && ctx.raw.replace(/^\uFEFF/, '') !== '') {
    const error = failure('INVALID_PATCH', 'The patch creates the file (--- /dev/null), but the file already has content. Send a patch against its current content.').error;
    return { ok: false, type: error.type, error: () => error };
  }
  // The fast path searches the whole text; constrained hunks take the general path.
  const constrained = fp.hunks.some((h) => h.minStart !== undefined || h.atEnd);
  if (!ctx.options.noFastPath && !constrained) {
    const fast = fastPlace(ctx, fp);
    if (fast) return { ok: true, fast };
  }
  /** The exact level via the raw-text scan (LF texts only; see scanExact), shared with the fast path. */
  const useScan = !ctx.model.hasCR && !ctx.options.noFastPath && !constrained;
  const placed = [];
  const failed: HunkFailure[] = [];
  for (const h of fp.hunks) {
    const r = locateHunk(ctx, h, useScan);
    if (isFailure(r)) failed.push(r);
    else placed.push(r);
  }
  const charge = (n: number) => ctx.meter.charge(n);
  const sel = selectPlacements(placed, charge);
  for (const f of sel.failed) failed.push({ hunk: f.hunk, type: f.error.type, error: () => f.error });
  if (failed.length) {
    const applicable = sel.chosen.map((c) => c.hunk.index);
    failed.sort((a, b) => a.hunk - b.hunk);
    return { ok: false, type: failed[0].type, error: () => reportFailures(failed, applicable, fp.hunks.length) };
  }
  // overlaps: a hunk's changes may not touch lines another hunk changes or reads as its window
  const chosen = sel.chosen;
  const pair = firstCollision(chosen.map((c) => c.plans), charge);
  if (pair) {
    const [x, y] = [chosen[pair[0]].hunk.index, chosen[pair[1]].hunk.index].sort((p, q) => p - q);
    const error = failure('INVALID_PATCH', `Hunks ${x} and ${y} overlap in the file; merge them into one hunk or drop the duplicate.`, {
      hunk: y,
      failed_hunks: [{ hunk: y, reason: `overlaps hunk ${x}` }],
      applicable_hunks: chosen.map((c) => c.hunk.index).filter((i) => i !== y),
    }).error;
    return { ok: false, type: error.type, error: () => error };
  }
  return { ok: true, chosen };
}

/** The 1-based base line where each placed hunk starts, by hunk number. */
export function placedLines(ctx: PatchContext, p: Placement & { ok: true }): Map<number, number> {
  const out = new Map<number, number>();
  if ('fast' in p) for (const f of p.fast) out.set(f.hunk.index, ctx.lineAt(f.start) + 1);
  else for (const c of p.chosen) out.set(c.hunk.index, c.plans[0].start + 1);
  return out;
}

function applyIn(ctx: PatchContext, fp: FilePatch): EngineResult {
  const p = placeFilePatch(ctx, fp);
  if (!p.ok) return { ok: false, error: p.error() };
  return renderPlacement(ctx, p);
}

/** The text a successful placement gives (placeFilePatch's answer, rendered). */
export function renderPlacement(ctx: PatchContext, p: Placement & { ok: true }): EngineResult {
  if ('fast' in p) return fastRender(ctx.raw, p.fast);
  return render(ctx, p.chosen);
}

function render(ctx: PatchContext, chosen: Chosen[]): EngineResult {
  const model = ctx.model;
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
  const toNew = newLineMapper(edits);
  const hunks: HunkPlacement[] = chosen
    .map((c) => {
      const first = c.plans[0];
      const p: HunkPlacement = {
        hunk: c.hunk.index,
        base_start_line: first.start + 1,
        new_start_line: toNew(first.start) + 1,
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

function reportFailures(failed: HunkFailure[], applicable: number[], total: number): EngineError {
  const first = failed[0].error();
  const failedSet = new Set(failed.map((f) => f.hunk));
  const failed_hunks = failed.map((f) => {
    const e = f.error();
    return { hunk: f.hunk, reason: `${e.type}: ${e.message}` };
  });
  let message = first.message;
  const ok = applicable.filter((i) => !failedSet.has(i)).sort((a, b) => a - b);
  if (total > 1) {
    message += ` Nothing was applied: hunk${failed.length > 1 ? 's' : ''} ${failed.map((f) => f.hunk).join(', ')} failed` +
      (ok.length ? `; hunk${ok.length > 1 ? 's' : ''} ${ok.join(', ')} would apply.` : '.');
  }
  return {
    ...first,
    message,
    ...(total > 1 ? { failed_hunks, applicable_hunks: ok } : {}),
  };
}
