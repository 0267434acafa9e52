import * as fs from 'node:fs/promises';
import * as path from 'node:path';

/**
 * The store holds the texts of the user's files (secrets included, when an agent edited a
 * `.env`): only the user may read it. Directories are created 0700 and files 0600; a store
 * written by an earlier version (0755 / 0644 under the usual umask) is tightened when opened.
 * Windows has no such modes (its ACLs come from the user's profile folder): nothing to do there.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

const POSIX = process.platform !== 'win32';

/** True when `mode` (from a stat) lets the group or others in. */
export function isLooserThanPrivate(mode: number): boolean {
  return POSIX && (mode & 0o077) !== 0;
}

/**
 * Tightens the store's root and what lies directly in it (journal, evictions log, lock
 * files, `blobs/`, `tmp/` and the temp files in it) plus the fan-out folders under `blobs/`
 * (unless `blobFolders` is false: an open that trusts the blob index, which only a version
 * creating them private writes, lists nothing under `blobs/`).
 * The blob files themselves are tightened by the blob store's scan, which opens each of them
 * anyway. Symbolic links are left alone (chmod would follow them out of the store). Children
 * first, the root last: an interrupted pass leaves the root loose, so the next open redoes it.
 */
export async function tightenStoreModes(root: string, options: { blobFolders?: boolean } = {}): Promise<void> {
  if (!POSIX) return;
  const blobs = path.join(root, 'blobs');
  const tmp = path.join(root, 'tmp');
  for (const dir of options.blobFolders === false ? [tmp] : [blobs, tmp]) await tightenChildren(dir);
  await tightenChildren(root);
  await tighten(root);
}

async function tightenChildren(dir: string): Promise<void> {
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for (const name of names) await tighten(path.join(dir, name));
}

async function tighten(file: string): Promise<void> {
  let stat;
  try {
    stat = await fs.lstat(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return; // removed meanwhile
    throw error;
  }
  if (stat.isSymbolicLink() || !isLooserThanPrivate(stat.mode)) return;
  await fs.chmod(file, stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE);
}
