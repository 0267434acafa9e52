import { fail } from '../../core/types';
import { quotePath } from '../../core/paths/deny';
import type { Target } from '../host';

/** Two paths of one call that name one file. */
export interface SameFile {
  one: { given: string; target: Target };
  other: { given: string; target: Target };
}

/**
 * Every pair of paths that name the same file: the same real path, or (an existing file on a
 * case-insensitive mount, where `readme.md` and `README.md` resolve to two real paths) the
 * same device and inode. Each path is paired with the first path before it that names its
 * file. Linear in the number of paths.
 */
export function sameFilePairs(paths: readonly string[], targetOf: (p: string) => Target): SameFile[] {
  const byReal = new Map<string, string>();
  const byId = new Map<string, string>();
  const pairs: SameFile[] = [];
  for (const p of new Set(paths)) {
    const t = targetOf(p);
    const prior = byReal.get(t.realPath) ?? (t.fileId !== undefined ? byId.get(t.fileId) : undefined);
    if (prior !== undefined) {
      pairs.push({ one: { given: prior, target: targetOf(prior) }, other: { given: p, target: t } });
      continue;
    }
    byReal.set(t.realPath, p);
    if (t.fileId !== undefined) byId.set(t.fileId, p);
  }
  return pairs;
}

/** Two names of one file that differ only in the case of their letters (a case-insensitive mount). */
export function isCaseOnly(pair: SameFile): boolean {
  const a = pair.one.target.realPath;
  const b = pair.other.target.realPath;
  return a !== b && a.toLowerCase() === b.toLowerCase();
}

/**
 * The pairs a call may hold: each a case-only pair (a case-only rename, decided once the plan
 * is known), no file named three times. Else the refusal: any other two names of one file
 * would be planned as two files and written twice.
 */
export function sameFileRefusal(pairs: readonly SameFile[]) {
  const seen = new Set<string>();
  for (const pair of pairs) {
    if (!isCaseOnly(pair) || seen.has(pair.one.given) || seen.has(pair.other.given)) return sameFileFailure(pair);
    seen.add(pair.one.given);
    seen.add(pair.other.given);
  }
  return undefined;
}

function sameFileFailure({ one, other }: SameFile) {
  return fail('INVALID_INPUT', `${quotePath(one.given)} and ${quotePath(other.given)} are the same file; name each file once. Nothing was changed.`);
}

/**
 * Why a change that names one file under two cases of its name is refused: only a rename
 * (one name deleted or moved away, the other added) is one file's change; a change under both
 * names would write the one file twice.
 */
export function caseRenameFailure(holder: string, alias: string, why: 'shape' | 'unsaved') {
  const message = why === 'unsaved'
    ? `${quotePath(holder)} has unsaved changes in an editor, so it is not renamed to ${quotePath(alias)}: ask the user to save or close it first. Nothing was changed.`
    : `${quotePath(holder)} and ${quotePath(alias)} are one file on this file system (it ignores the case of names). A change may rename it (delete or move one name and add the other) but not change it under both names. Nothing was changed.`;
  return fail('INVALID_INPUT', message, { reason: 'case_only_rename' });
}
