import * as fs from 'node:fs/promises';
import { fail, Result } from '../core/types';
import { processIdentity, ProcessIdentity } from './processIdentity';
import { PRIVATE_FILE_MODE } from './privateModes';

/**
 * An advisory lock file that keeps two processes from using one store root at once (e.g.
 * two VS Code windows without a workspace sharing global storage): each would collect
 * the other's snapshots as garbage. The file holds the owner's pid and, where the system
 * tells (Linux), its boot id and start time. A lock whose process is gone (a crash) is taken
 * over, and so is one whose pid now belongs to another process (recorded boot id or start
 * time differ: the pid was reused after a crash or a reboot); one held by this process is
 * reused.
 */
export async function acquireStoreLock(lockFile: string): Promise<Result<Record<never, never>>> {
  const mine = JSON.stringify({ pid: process.pid, time: Date.now(), ...(await processIdentity(process.pid)) });
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      await fs.writeFile(lockFile, mine, { flag: 'wx', mode: PRIVATE_FILE_MODE });
      return { ok: true };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = await readOwner(lockFile);
    if (owner !== undefined && owner.pid !== process.pid && isAlive(owner.pid) && await sameProcess(owner)) {
      return fail('INTERNAL_ERROR', `The backup store at ${lockFile} is in use by process ${owner.pid}; another window may be using the same storage.`, { pid: owner.pid });
    }
    // Stale (crashed owner), unreadable, or ours: replace it.
    await fs.rm(lockFile, { force: true });
  }
  return fail('INTERNAL_ERROR', `Could not take the backup store lock ${lockFile}.`);
}

/** Removes the lock if this process holds it. */
export async function releaseStoreLock(lockFile: string): Promise<void> {
  if ((await readOwner(lockFile))?.pid === process.pid) await fs.rm(lockFile, { force: true });
}

interface Owner extends ProcessIdentity {
  pid: number;
}

async function readOwner(lockFile: string): Promise<Owner | undefined> {
  try {
    const o = JSON.parse(await fs.readFile(lockFile, 'utf8')) as { pid?: unknown; boot?: unknown; start?: unknown };
    if (typeof o.pid !== 'number' || !Number.isSafeInteger(o.pid)) return undefined;
    return { pid: o.pid, ...(typeof o.boot === 'string' ? { boot: o.boot } : {}), ...(typeof o.start === 'string' ? { start: o.start } : {}) };
  } catch {
    return undefined;
  }
}

/**
 * Whether the live process with the owner's pid is the one that wrote the lock. Each recorded
 * fact that can be read now must match; what was not recorded or cannot be read (another
 * system, an old lock file, /proc hidden) does not count against it.
 */
async function sameProcess(owner: Owner): Promise<boolean> {
  const now = await processIdentity(owner.pid);
  if (owner.boot !== undefined && now.boot !== undefined && owner.boot !== now.boot) return false;
  if (owner.start !== undefined && now.start !== undefined && owner.start !== now.start) return false;
  return true;
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
