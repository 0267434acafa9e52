import type { EngineResult } from '../../core/patch';
import type { Result } from '../../core/types';
import type { EngineJob } from '../../workers/engine-job';
import type { EditPlan, PlannedEdit } from '../edit/edit-requests';
import { runOffThread } from './off-thread';
import type { InvocationContext } from '../host';

/**
 * A single-file patch or replacement, computed before the edit pipeline runs: the file is read
 * as the pipeline reads it, and the engine's result computed as runOffThread computes it (on
 * a worker thread for a large file or change, or one that passes the small work budget of the
 * host's thread). Under the file's lock the pipeline's plan takes that result only when the
 * file still holds exactly that text, and computes it again otherwise, so the lock, the hash
 * check and everything after them are unchanged.
 */
export async function computedFirst(
  ctx: InvocationContext,
  req: PlannedEdit,
  jobFor: (base: string) => EngineJob & { kind: 'unified_diff' | 'search_replace' },
  answerOf: (r: EngineResult) => Result<{ plan: EditPlan }>,
): Promise<PlannedEdit> {
  const resolved = await ctx.host.files.resolve(req.path, { forWrite: true, allowCreate: false });
  if (!resolved.ok) return req;
  const read = await ctx.host.files.readText(resolved.target, ctx.host.settings().maxFileBytes);
  if (!read.ok) return req;
  const base = read.current.text;
  let result: EngineResult;
  try {
    result = await runOffThread(jobFor(base));
  } catch {
    return req; // the worker failed to answer: the pipeline computes the edit itself
  }
  // another text (a stale base's version) is planned as this one was: on the worker when large
  const planAsync = async (text: string | undefined): Promise<Result<{ plan: EditPlan }>> => {
    if (text === undefined) return req.plan(text);
    if (text === base) return answerOf(result);
    try {
      return answerOf(await runOffThread(jobFor(text)));
    } catch {
      return req.plan(text);
    }
  };
  return { ...req, plan: (current) => (current === base ? answerOf(result) : req.plan(current)), planAsync };
}
