import type { BackupStore } from '../../history/backupStore';
import type { EditPlan, PlannedEdit } from './edit-requests';
import type { ToolResultJson } from '../results/tool-result';

/**
 * The answer to an edit that changes nothing: "already applied" when the engine found the
 * edit's result standing where it would land (core/already-applied.ts), else "already has this
 * content". Nothing is written either way.
 */
export function unchangedResult(path: string, sha256: string, plan: EditPlan): ToolResultJson {
  const notes = plan.details?.engine_notes as string[] | undefined;
  if (plan.details?.already_applied_hunks) {
    return { success: true, message: `This edit is already applied to ${path}: its result stands where it would land, so it was not applied again and nothing was changed. Continue from sha256 ${sha256}.`, path, sha256, unchanged: true, already_applied: true, ...(notes ? { notes } : {}) };
  }
  return { success: true, message: `${path} already has this content; nothing was changed.`, path, sha256, unchanged: true };
}

/** A file whose base hash (the version the agent read) is not its current text. */
export interface StaleBase {
  path: string;
  baseSha256: string;
  current: { text: string; sha256: string };
}

/**
 * The rule for stale hashes, for one file or several: every stale base is a version the store
 * holds, and the edit planned on those versions (`planOn`: each stale file's text replaced by
 * its base, the others as they are) gives exactly each stale file's current text. Then the
 * edit landed before (a retry after a lost result) and is "already applied" there, not
 * HASH_MISMATCH. Returns the bases' texts by path, or the first stale file for which that
 * does not hold (its hash mismatch is the answer).
 */
export async function staleBasesApplied(
  store: BackupStore,
  stale: readonly StaleBase[],
  planOn: (bases: ReadonlyMap<string, string>) => Promise<ReadonlyMap<string, string | undefined> | undefined>,
): Promise<{ ok: true; bases: Map<string, string> } | { ok: false; failed: StaleBase }> {
  const bases = new Map<string, string>();
  for (const s of stale) {
    const base = await store.readText(s.baseSha256.toLowerCase());
    if (!base.ok) return { ok: false, failed: s };
    bases.set(s.path, base.text);
  }
  const planned = stale.length ? await planOn(bases) : undefined;
  const failed = stale.find((s) => planned?.get(s.path) !== s.current.text);
  return failed ? { ok: false, failed } : { ok: true, bases };
}

/** The sentence saying a stale base, edited, is the current text. */
export function appliedOnBaseMessage(path: string, baseSha256: string): string {
  return `This edit is already applied to ${path}: applied to the version you read (base_sha256 ${baseSha256.slice(0, 12)}…) it gives exactly the file's current text, so it was not applied again.`;
}

/**
 * One file's stale base_sha256 (staleBasesApplied): "already applied", or undefined. The edit
 * is planned on the base as the tool plans it (planAsync: off the host's thread when large).
 */
export async function alreadyAppliedOnKnownBase(store: BackupStore, req: PlannedEdit, baseSha256: string, path: string, current: { text: string; sha256: string }): Promise<ToolResultJson | undefined> {
  const verdict = await staleBasesApplied(store, [{ path, baseSha256, current }], async (bases) => {
    const base = bases.get(path);
    const planned = req.planAsync ? await req.planAsync(base) : req.plan(base);
    return new Map([[path, planned.ok ? planned.plan.newText : undefined]]);
  });
  if (!verdict.ok) return undefined;
  return {
    success: true,
    message: `${appliedOnBaseMessage(path, baseSha256)} Nothing was changed. Continue from sha256 ${current.sha256}.`,
    path,
    sha256: current.sha256,
    unchanged: true,
    already_applied: true,
  };
}
