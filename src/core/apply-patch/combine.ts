import type { FilePlan } from './types';

/** A failure of one file's part, as every multi-file planner reports it. */
interface PartError<T extends string> {
  type: T;
  message: string;
  path?: string;
  hunk?: number;
  /** replace_in_file: the failing edit's 1-based index. */
  edit?: number;
}

export interface CombineOptions {
  /** Notes of the whole change (the parser's), kept in a success. */
  notes?: readonly string[];
  /** The note of a change that is already in every file. */
  alreadyNote?: string;
  /** Appended to the failure of a change of one file. */
  singleFileSuffix?: string;
}

/**
 * The plan of a whole multi-file change from its files' plans, all or nothing: the first
 * failure (in patch order) stands for the change, with every failed file and the files that
 * would have applied when there are several; else every file's plan, and whether the change is
 * already in the files (a retry). Shared by apply_patch, multi-file unified diffs and
 * replace_in_file's edits.
 */
export function combineFilePlans<T extends string, E extends PartError<T>>(
  outcomes: Array<{ ok: true; plan: FilePlan } | { ok: false; error: E }>,
  options: CombineOptions = {},
): { ok: true; files: FilePlan[]; already_applied: boolean; notes?: string[] } | { ok: false; error: E & { failed_files?: Array<{ path: string; hunk?: number; edit?: number; type: T; reason: string }>; applicable_files?: string[] } } {
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
        message: first.message + (many ? ` Nothing was applied: ${failures.length} of ${outcomes.length} files failed${applicable.length ? `; ${applicable.join(', ')} would apply` : ''}.` : options.singleFileSuffix ?? ''),
        ...(many ? { failed_files: failures.map((f) => ({ path: f.path ?? '?', ...(f.hunk !== undefined ? { hunk: f.hunk } : {}), ...(f.edit !== undefined ? { edit: f.edit } : {}), type: f.type, reason: f.message })), applicable_files: applicable } : {}),
      },
    };
  }
  const already = plans.every((p) => p.unchanged);
  const all = [...(options.notes ?? []), ...(already ? [options.alreadyNote ?? 'every change of the patch is already in the files: nothing to apply'] : [])];
  return { ok: true, files: plans, already_applied: already, ...(all.length ? { notes: all } : {}) };
}
