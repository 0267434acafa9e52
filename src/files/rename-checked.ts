import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { fail, Result } from '../core/types';
import { ReadContent, recheckDisk } from './recheck-disk';

/**
 * What stands at `toReal` before a rename onto it: nothing, this very file (another case of its
 * name on a case-insensitive mount: the same device and inode), or another file. A rename never
 * replaces another file, so only the first two let it go ahead.
 */
export async function renameTargetState(fromReal: string, toReal: string): Promise<'free' | 'same-file' | 'other-file'> {
  let to;
  try {
    to = await fs.lstat(toReal);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'free';
    return 'other-file';
  }
  try {
    const from = await fs.lstat(fromReal);
    return from.dev === to.dev && from.ino === to.ino ? 'same-file' : 'other-file';
  } catch {
    return 'other-file';
  }
}

/**
 * Renames a file that still holds what was read, onto a name where nothing stands or that is
 * the same file under another case. rename(2) on two names of one inode does nothing on Linux
 * (POSIX), which the caller detects with {@link listsExactName}. Never throws.
 */
export async function renameChecked(fromReal: string, toReal: string, expected: ReadContent, displayFrom: string, displayTo: string): Promise<Result<{}>> {
  const same = await recheckDisk(fromReal, expected, displayFrom);
  if (!same.ok) return same;
  const state = await renameTargetState(fromReal, toReal);
  if (state === 'other-file') return fail('FILE_EXISTS', `${displayTo} exists and is another file; ${displayFrom} was not renamed onto it. Nothing was changed.`);
  try {
    await fs.rename(fromReal, toReal);
    return { ok: true };
  } catch (e) {
    return fail('INTERNAL_ERROR', `${displayFrom} could not be renamed to ${displayTo} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
}

/**
 * True when the folder lists exactly this name (case included). A case-insensitive folder that
 * preserves case lists the name a file was given; one that folds names (ntfs-3g's ignore_case
 * lists them in lower case) may list neither spelling. Linear in the folder's entries.
 */
export async function listsExactName(realPath: string): Promise<boolean> {
  const name = nodePath.basename(realPath);
  try {
    const dir = await fs.opendir(nodePath.dirname(realPath));
    for await (const entry of dir) if (entry.name === name) return true;
    return false;
  } catch {
    return false;
  }
}
