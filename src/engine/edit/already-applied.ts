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

/**
 * A stale base_sha256 whose version the store still holds, where the edit applied to that
 * version gives exactly the current text: the edit landed before (a retry after a lost
 * result), so the answer is "already applied", not HASH_MISMATCH. Undefined otherwise.
 */
export async function alreadyAppliedOnKnownBase(store: BackupStore, req: PlannedEdit, baseSha256: string, path: string, current: { text: string; sha256: string }): Promise<ToolResultJson | undefined> {
  const base = await store.readText(baseSha256.toLowerCase());
  if (!base.ok) return undefined;
  const planned = req.plan(base.text);
  if (!planned.ok || planned.plan.newText !== current.text) return undefined;
  return {
    success: true,
    message: `This edit is already applied to ${path}: applied to the version you read (base_sha256 ${baseSha256.slice(0, 12)}…) it gives exactly the file's current text, so nothing was changed. Continue from sha256 ${current.sha256}.`,
    path,
    sha256: current.sha256,
    unchanged: true,
    already_applied: true,
  };
}
