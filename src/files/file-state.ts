import { promises as fs } from 'node:fs';

/** A path's state on disk: no file, a regular file's bytes and mode, or why it is not recorded. */
export type FileState = { absent: true } | { bytes: Buffer; mode: number } | { skip: string };

/**
 * What is at `abs` now, read straight from disk (never an editor's buffer): the bytes of a
 * regular file up to `maxBytes`; a symbolic link, a folder or a larger file is named, not read.
 * For a hooked call's named files, where a whole checkpoint would be the slow way to read one.
 */
export async function readFileState(abs: string, maxBytes: number): Promise<FileState> {
  let st;
  try {
    st = await fs.lstat(abs);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' || code === 'ENOTDIR' ? { absent: true } : { skip: `cannot be read (${code ?? (e as Error).message})` };
  }
  if (st.isSymbolicLink()) return { skip: 'symbolic link' };
  if (!st.isFile()) return { skip: 'not a file' };
  if (st.size > maxBytes) return { skip: `larger than ${maxBytes} bytes (safeEdit.checkpoints.maxFileBytes)` };
  try {
    const bytes = await fs.readFile(abs);
    if (bytes.length > maxBytes) return { skip: `larger than ${maxBytes} bytes (safeEdit.checkpoints.maxFileBytes)` };
    return { bytes, mode: st.mode & 0o7777 };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    return code === 'ENOENT' ? { absent: true } : { skip: `cannot be read (${code ?? (e as Error).message})` };
  }
}
