import { applyUnifiedDiff } from '../core/patch';
import { applySearchReplace } from '../core/replace';
import { planApplyPatch } from '../core/apply-patch';
import { planUnifiedFiles, planReplaceEdits, ReplaceEdit, MultiFilePlan } from '../core/multi-file';
import type { EngineResult } from '../core/patch';
import type { WorkBudget } from '../core/patch/work-meter';

/**
 * One call of the edit engine as plain data, so that it can run on a worker thread (see
 * off-thread.ts) and give there exactly what it gives here: the texts go in, the result
 * (new texts, or the failure) comes back. `files` holds every path the change names, with
 * null for a file that does not exist.
 */
export type EngineJob =
  | { kind: 'unified_diff'; base: string; patch: string }
  | { kind: 'search_replace'; base: string; oldText: string; newText: string; expectedReplacements?: number }
  | { kind: 'patch_files'; format: 'unified' | 'apply_patch'; patch: string; files: Record<string, string | null> }
  | { kind: 'replace_edits'; edits: ReplaceEdit[]; files: Record<string, string | null> };

export type JobResult<J extends EngineJob> = J extends { kind: 'unified_diff' | 'search_replace' } ? EngineResult : MultiFilePlan;

/** Runs the job on this thread, with the engine's default work budget. */
export function runEngineJob<J extends EngineJob>(job: J): JobResult<J> {
  return run(job, undefined) as JobResult<J>;
}

/**
 * Runs the job on this thread with a work budget of `base` fixed steps (see
 * core/patch/work-meter.ts); `tripped` says the budget was passed somewhere (the result then
 * holds a TOO_LARGE that the default budget might not have given).
 */
export function runEngineJobWithin<J extends EngineJob>(job: J, base: number): { result: JobResult<J>; tripped: boolean } {
  const workBudget: WorkBudget = { base };
  const result = run(job, workBudget) as JobResult<J>;
  return { result, tripped: workBudget.tripped === true };
}

function run(job: EngineJob, workBudget: WorkBudget | undefined): EngineResult | MultiFilePlan {
  const options = { workBudget };
  switch (job.kind) {
    case 'unified_diff':
      return applyUnifiedDiff(job.base, job.patch, options);
    case 'search_replace':
      return applySearchReplace(job.base, job.oldText, job.newText, { expectedReplacements: job.expectedReplacements, ...options });
    case 'patch_files': {
      const read = readerOf(job.files);
      return job.format === 'apply_patch' ? planApplyPatch(job.patch, read, options) : planUnifiedFiles(job.patch, read, options);
    }
    case 'replace_edits':
      return planReplaceEdits(job.edits, readerOf(job.files), options);
  }
}

/** The plan's view of the files: a path the job does not name is a bug, as in the pipeline. */
function readerOf(files: Record<string, string | null>): (path: string) => string | undefined {
  return (path) => {
    if (!Object.prototype.hasOwnProperty.call(files, path)) throw new Error(`the plan read ${path}, which the call does not name`);
    return files[path] ?? undefined;
  };
}

/** The characters a job carries: what its cost grows with. */
export function jobSize(job: EngineJob): number {
  let n = 0;
  const files = 'files' in job ? Object.values(job.files) : [];
  for (const t of files) n += t?.length ?? 0;
  switch (job.kind) {
    case 'unified_diff':
      return n + job.base.length + job.patch.length;
    case 'search_replace':
      return n + job.base.length + job.oldText.length + job.newText.length;
    case 'patch_files':
      return n + job.patch.length;
    case 'replace_edits':
      for (const e of job.edits) n += e.old_text.length + e.new_text.length;
      return n;
  }
}

/** The texts a plan reads, as a job carries them (null: no such file). */
export function filesOf(texts: Map<string, string | undefined>): Record<string, string | null> {
  const out: Record<string, string | null> = {};
  for (const [p, t] of texts) out[p] = t ?? null;
  return out;
}
