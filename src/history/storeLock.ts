import * as fs from 'node:fs/promises';
import { fail, Result } from '../core/types';

/**
 * An advisory lock file that keeps two processes from using one store root at once (e.g.
 * two VS Code windows without a workspace sharing global storage): each would collect
 * the other's snapshots as garbage. The file holds the owner's pid. A lock whose process
 * is gone (a crash) is taken over; one held by this process is reused.
 */
export async function acquireStoreLock(lockFile: string): Promise<Result<Record<never, never>>> {
  const mine = JSON.stringify({ pid: process.pid, time: Date.now() });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(lockFile, mine, { flag: 'wx' });
      return { ok: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await readOwner(lockFile);
    if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
      return fail('INTERNAL_ERROR', `The backup store at ${lockFile} is in use by process ${owner}; another window may be using the same storage.`, { pid: owner });
    }
    // Stale (crashed owner), unreadable, or ours: replace it.
    await fs.rm(lockFile, { force: true });
  }
  return fail('INTERNAL_ERROR', `Could not take the backup store lock ${lockFile}.`);
}

/** Removes the lock if this process holds it. */
export async function releaseStoreLock(lockFile: string): Promise<void> {
  if (await readOwner(lockFile) === process.pid) await fs.rm(lockFile, { force: true });
}

async function readOwner(lockFile: string): Promise<number | undefined> {
  try {
    const pid = (JSON.parse(await fs.readFile(lockFile, 'utf8')) as { pid?: unknown }).pid;
    return typeof pid === 'number' && Number.isSafeInteger(pid) ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
