import { fail } from '../../core/types';
import { quotePath } from '../../core/paths/deny';
import type { Target } from '../host';

/** Two paths of one call that name one file. */
export interface SameFile {
  one: { given: string; target: Target };
  other: { given: string; target: Target };
}

/**
 * The first pair of paths that name the same file: the same real path, or (an existing file on
 * a case-insensitive mount, where `readme.md` and `README.md` resolve to two real paths) the
 * same device and inode. Linear in the number of paths.
 */
export function sameFileTwice(paths: readonly string[], targetOf: (p: string) => Target): SameFile | undefined {
  const byReal = new Map<string, string>();
  const byId = new Map<string, string>();
  for (const p of paths) {
    const t = targetOf(p);
    const prior = byReal.get(t.realPath) ?? (t.fileId !== undefined ? byId.get(t.fileId) : undefined);
    if (prior !== undefined) return { one: { given: prior, target: targetOf(prior) }, other: { given: p, target: t } };
    byReal.set(t.realPath, p);
    if (t.fileId !== undefined) byId.set(t.fileId, p);
  }
  return undefined;
}

/**
 * Why such a call is refused. Two names that differ only in case are the case-only rename an
 * agent writes as a delete plus an add (or a move): on a case-insensitive file system its
 * write would delete the one file both names lead to, so it is refused before anything is read.
 */
export function sameFileFailure(one: SameFile['one'], other: SameFile['other']) {
  const a = one.target.realPath;
  const b = other.target.realPath;
  if (a !== b && a.toLowerCase() === b.toLowerCase()) {
    return fail('INVALID_INPUT', `${quotePath(one.given)} and ${quotePath(other.given)} are one file on this file system (it ignores the case of names), so this change would delete the file it means to rename. A case-only rename cannot be made by these tools here; ask the user to rename it. Nothing was changed.`, { reason: 'case_only_rename' });
  }
  return fail('INVALID_INPUT', `${quotePath(one.given)} and ${quotePath(other.given)} are the same file; name each file once. Nothing was changed.`);
}
