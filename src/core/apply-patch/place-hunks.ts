import { contextFor } from '../patch/apply';
import { applyOnce } from '../patch/apply-once';
import type { PatchContext } from '../patch/patch-context';
import type { Hunk } from '../patch/parse';
import type { EngineError } from '../patch/types';
import type { ApplyPatchError, FilePlan } from './types';

export type PlaceOutcome = { ok: true; plan: Omit<FilePlan, 'path' | 'action'> } | { ok: false; error: ApplyPatchError };

/**
 * Places the hunks of one file section on `base` (the apply_patch format's chunks, or a
 * multi-file unified diff's hunks): all of them on the unmodified base (each uniquely,
 * non-overlapping) or the section fails. A hunk whose result is already in the file is
 * reported in already_applied_hunks and not applied again (core/patch/apply-once.ts, the rule
 * every unified diff and replacement follows).
 */
export function placeHunks(base: string, hunks: Hunk[], ctx: PatchContext = contextFor(base, hunks)): PlaceOutcome {
  if (!hunks.length) return { ok: true, plan: { text: base, hunks: [], unchanged: true } };
  const r = applyOnce(ctx, { hunks });
  if (!r.ok) return { ok: false, error: asError(r.error) };
  const already = r.already_applied ?? [];
  const plan = { text: r.text, hunks: r.hunks ?? [], ...(already.length ? { already_applied_hunks: already } : {}), ...(r.tolerance && (r.hunks ?? []).length ? { tolerance: r.tolerance } : {}), ...(r.notes?.length ? { notes: r.notes } : {}) };
  return { ok: true, plan: already.length === hunks.length ? { ...plan, unchanged: true } : plan };
}

/** The unified engine's failure, with the fields this engine documents (its extras dropped). */
function asError(e: EngineError): ApplyPatchError {
  const out: ApplyPatchError = { type: e.type === 'INVALID_INPUT' ? 'INVALID_PATCH' : e.type, message: e.message.replace(/^Hunk (\d+)/, 'hunk $1') };
  if (e.hunk !== undefined) out.hunk = e.hunk;
  if (e.line !== undefined) out.line = e.line;
  if (e.found) out.found = e.found;
  if (e.candidates) out.candidates = e.candidates;
  if (e.readings) out.readings = e.readings as ApplyPatchError['readings'];
  if (e.applicable_hunks) out.applicable_hunks = e.applicable_hunks;
  if (e.failed_hunks) out.failed_hunks = e.failed_hunks;
  return out;
}
