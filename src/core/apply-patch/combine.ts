import type { FilePlan } from './types';

/** A failure of one file's part, as every multi-file planner reports it. */
interface PartError<T extends string> {
  type: T;
  message: string;
  path?: string;
  hunk?: number;
}

/**
 * The plan of a whole multi-file change from its files' plans, all or nothing: the first
 * failure (in patch order) stands for the change, with every failed file and the files that
 * would have applied when there are several; else every file's plan, and whether the change is
 * already in the files (a retry). Shared by apply_patch and multi-file unified diffs.
 */
export function combineFilePlans<T extends string, E extends PartError<T>>(
  outcomes: Array<{ ok: true; plan: FilePlan } | { ok: false; error: E }>,
  notes: readonly string[] = [],
): { ok: true; files: FilePlan[]; already_applied: boolean; notes?: string[] } | { ok: false; error: E & { failed_files?: Array<{ path: string; hunk?: number; type: T; reason: string }>; applicable_files?: string[] } } {
  const plans: FilePlan[] = [];
  const failures: E[] = [];
  for (const o of outcomes) {
    if (o.ok) plans.push(o.plan);
    else failures.push(o.error);
  }
  if (failures.length) {
    const first = failures[0];
    const many = outcomes.length > 1;
    const applicable = plans.map((p) => p.path);
    return {
      ok: false,
      error: {
        ...first,
        message: first.message + (many ? ` Nothing was applied: ${failures.length} of ${outcomes.length} files failed${applicable.length ? `; ${applicable.join(', ')} would apply` : ''}.` : ''),
        ...(many ? { failed_files: failures.map((f) => ({ path: f.path ?? '?', ...(f.hunk !== undefined ? { hunk: f.hunk } : {}), type: f.type, reason: f.message })), applicable_files: applicable } : {}),
      },
    };
  }
  const already = plans.every((p) => p.unchanged);
  const all = [...notes, ...(already ? ['every change of the patch is already in the files: nothing to apply'] : [])];
  return { ok: true, files: plans, already_applied: already, ...(all.length ? { notes: all } : {}) };
}
