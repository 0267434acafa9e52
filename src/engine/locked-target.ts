import { pathDenied, quotePath } from '../core/paths/deny';
import type { Failure } from '../core/types';
import type { Host, Target } from './host';
import { failureResult, ToolResultJson } from './results/tool-result';

export interface TargetOptions {
  forWrite: boolean;
  allowCreate: boolean;
}

/**
 * Resolves a tool's path and runs `work` under the file's lock, with the target resolved
 * INSIDE the lock. The lock is keyed by the real path, so a symlink alias and the file's own
 * name share one lock; the path is resolved again once the lock is held, and the call is
 * refused (PATH_DENIED, PATH_CHANGED) when it now leads to another file, so a link swapped
 * while the call waited cannot redirect the write.
 */
export async function withLockedTarget(host: Host, input: string, options: TargetOptions, work: (target: Target) => Promise<ToolResultJson>): Promise<ToolResultJson> {
  return lockedTarget(host, input, options, work, (failure) => failureResult(failure));
}

/** {@link withLockedTarget} for any result type: `refused` turns a path failure into one. */
export async function lockedTarget<T>(host: Host, input: string, options: TargetOptions, work: (target: Target) => Promise<T>, refused: (failure: Failure) => T): Promise<T> {
  const first = await host.files.resolve(input, options);
  if (!first.ok) return refused(first.failure);
  const key = first.target.realPath;
  return host.locks.run(key, async () => {
    const again = await host.files.resolve(input, options);
    if (!again.ok) return refused(again.failure);
    if (again.target.realPath !== key) {
      return refused(pathDenied('PATH_CHANGED', `${quotePath(input)} led to another file once this call's turn came (a link changed meanwhile). Nothing was changed; call again.`, input).failure);
    }
    return work(again.target);
  });
}
