import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './privateModes';

/**
 * Flushes a directory's entries (a rename or a new file in it) to disk. Platforms that
 * cannot open a directory for syncing (Windows) make this a no-op: there, rename is
 * already durable through the file system's own journal.
 */
export async function fsyncDir(dir: string): Promise<void> {
  let handle: fs.FileHandle | undefined;
  try {
    handle = await fs.open(dir, 'r');
    await handle.sync();
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL' && code !== 'EACCES') throw error;
  } finally {
    await handle?.close();
  }
}

/**
 * Writes `data` to `finalPath` so that after a crash the file is either absent or
 * complete: a temp file in `tmpDir` (same file system) is written, fsynced, renamed over
 * `finalPath`, and the target directory is fsynced. With `sync: false` the two fsyncs are
 * left to the caller (syncFile + fsyncDir later): the rename still makes the file appear
 * whole to every process, but not yet across a power loss. The file is readable by the user
 * only (0600). `onStep` is the crash test's hook: called once the temp file is complete and
 * once it is renamed. Throws on I/O errors (callers turn them into failure values).
 */
export async function writeFileDurable(finalPath: string, data: Uint8Array | string, tmpDir: string, sync = true,
  onStep?: (point: 'written' | 'renamed') => void): Promise<void> {
  const tmp = path.join(tmpDir, `${path.basename(finalPath)}.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await fs.open(tmp, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(data);
    if (sync) await handle.sync();
  } finally {
    await handle.close();
  }
  onStep?.('written');
  try {
    await fs.rename(tmp, finalPath);
  } catch (error) {
    await fs.rm(tmp, { force: true });
    throw error;
  }
  onStep?.('renamed');
  if (sync) await fsyncDir(path.dirname(finalPath));
}

/** Flushes a file written earlier without sync (writeFileDurable with `sync: false`). */
export async function syncFile(file: string): Promise<void> {
  const handle = await fs.open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Creates `dir` (and parents) if missing, readable by the user only (0700); fsyncs its parent
 * when it was created.
 */
export async function ensureDirDurable(dir: string): Promise<void> {
  try {
    await fs.mkdir(dir, { mode: PRIVATE_DIR_MODE });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return;
    if (code !== 'ENOENT') throw error;
    await ensureDirDurable(path.dirname(dir));
    try { await fs.mkdir(dir, { mode: PRIVATE_DIR_MODE }); } catch (again) { if ((again as NodeJS.ErrnoException).code !== 'EEXIST') throw again; }
  }
  await fsyncDir(path.dirname(dir));
}
