import type { FilePlan } from '../../core/apply-patch/types';

/**
 * What one file of a multi-file plan does to the files, by the paths the plan names: a new
 * text, or null to delete. A move is two parts (the target gets the text, the source goes).
 * Shared by the write (multi-file-pipeline.ts) and the chat's confirmation of it
 * (multi-file-confirmation.ts), so the consent asked is for exactly what is written.
 */
export function partsOf(f: FilePlan): Array<{ path: string; newText: string | null }> {
  if (f.action === 'delete') return [{ path: f.path, newText: null }];
  if (f.action === 'move') return [{ path: f.move_to as string, newText: f.text as string }, { path: f.path, newText: null }];
  return [{ path: f.path, newText: f.text as string }];
}

/** True when the plan leaves this file as it is (already applied, or the same text). */
export function leavesUnchanged(f: FilePlan, current: string | undefined): boolean {
  return f.unchanged === true || (f.action === 'update' && current !== undefined && f.text === current);
}
