import { resolveInWorkspace, ResolvedPath } from '../workspace/confine';
import { pathDenied, quotePath } from '../core/paths/deny';
import type { Failure, Result } from '../core/types';
import type { HeadlessContext } from './context';

/** A confined path: where it is, really, and the identity the journal and the guard use. */
export interface HeadlessTarget extends ResolvedPath {
  /** The real path relative to the root, `/`-separated: what the model and the history see. */
  displayPath: string;
}

export interface TargetOptions {
  forWrite: boolean;
  allowCreate: boolean;
}

/**
 * Resolves a tool's path inside the one root with the extension's confinement
 * (workspace/confine.ts): syntax checks, realpath inside the root, no `..` escape, no symlink
 * out, no hard links; for writes no `.git` internals and never the backup store.
 */
export async function resolveHeadless(ctx: HeadlessContext, input: string, options: TargetOptions): Promise<Result<{ target: HeadlessTarget }>> {
  const r = await resolveInWorkspace(input, [ctx.root], { forWrite: options.forWrite, allowCreate: options.allowCreate, protectedDirs: [ctx.storeDir] });
  if (!r.ok) return r;
  const { ok: _ok, ...resolved } = r;
  return { ok: true, target: { ...resolved, displayPath: resolved.realRelPath } };
}

/**
 * Runs `work` under the file's lock (keyed by its real path: a link and the file's own name
 * share it), with the path resolved again once the lock is held; a path that now leads to
 * another file (a link swapped meanwhile) is refused as PATH_CHANGED.
 */
export async function withLockedHeadless<T>(ctx: HeadlessContext, input: string, options: TargetOptions, work: (target: HeadlessTarget) => Promise<T>, refused: (failure: Failure) => T): Promise<T> {
  const first = await resolveHeadless(ctx, input, options);
  if (!first.ok) return refused(first.failure);
  const key = first.target.realPath;
  return ctx.locks.run(key, async () => {
    const again = await resolveHeadless(ctx, input, options);
    if (!again.ok) return refused(again.failure);
    if (again.target.realPath !== key) {
      return refused(pathDenied('PATH_CHANGED', `${quotePath(input)} led to another file once this call's turn came (a link changed meanwhile). Nothing was changed; call again.`, input).failure);
    }
    return work(again.target);
  });
}
