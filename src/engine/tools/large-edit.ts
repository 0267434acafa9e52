import { promises as fsp } from 'node:fs';
import type { EngineResult } from '../../core/patch';
import type { Result } from '../../core/types';
import type { EngineJob } from '../../workers/engine-job';
import type { EditPlan, PlannedEdit } from '../edit/edit-requests';
import { OFF_THREAD_MIN_CHARS, runOffThread } from './off-thread';
import type { InvocationContext } from '../host';

/**
 * A single-file edit of a large file (or with a large change), computed on a worker thread
 * before the edit pipeline runs: the file is read as the pipeline reads it, and the engine's
 * result is computed off the host's thread. Under the file's lock the pipeline's plan takes
 * that result only when the file still holds exactly that text, and computes it again
 * otherwise, so the lock, the hash check and everything after them are unchanged. Small edits
 * are returned as they are (the file is not even read: its size on disk says).
 */
export async function computedOffThread(
  ctx: InvocationContext,
  req: PlannedEdit,
  changeChars: number,
  jobFor: (base: string) => EngineJob & { kind: 'unified_diff' | 'search_replace' },
  answerOf: (r: EngineResult) => Result<{ plan: EditPlan }>,
): Promise<PlannedEdit> {
  const resolved = await ctx.host.files.resolve(req.path, { forWrite: true, allowCreate: false });
  if (!resolved.ok) return req;
  const onDisk = await fsp.stat(resolved.target.absPath).then((s) => s.size, () => 0);
  // a dirty buffer may be larger than the disk copy; such an edit simply runs on the host
  if (onDisk + changeChars < OFF_THREAD_MIN_CHARS) return req;
  const read = await ctx.host.files.readText(resolved.target, ctx.host.settings().maxFileBytes);
  if (!read.ok) return req;
  const base = read.current.text;
  let result: EngineResult;
  try {
    result = await runOffThread(jobFor(base));
  } catch {
    return req; // the worker failed to answer: the pipeline computes the edit itself
  }
  return { ...req, plan: (current) => (current === base ? answerOf(result) : req.plan(current)) };
}
