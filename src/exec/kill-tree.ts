import { spawn } from 'node:child_process';

/**
 * Ends a process and everything it started.
 *
 * POSIX: the child was spawned `detached`, so it leads its own process group whose id is
 * its pid; `kill(-pid)` signals every member, grandchildren included (a shell's background
 * jobs, a test runner's workers). SIGTERM first so programs can clean up, then SIGKILL to the
 * group after `graceMs` for those that ignore or trap it. A process that moved itself to a
 * new session (setsid, daemons) has left the group and is beyond reach: a known limit.
 *
 * Windows: `taskkill /PID pid /T /F` ends the tree at once (Windows has no SIGTERM to a
 * console program). Written for completeness; tested only on Linux here.
 *
 * Never throws. Returns a function that cancels the pending SIGKILL (call it once the group
 * is known to be gone).
 */
export function killProcessTree(pid: number, graceMs: number, platform: NodeJS.Platform = process.platform): () => void {
  if (!Number.isInteger(pid) || pid <= 0) return () => undefined;
  if (platform === 'win32') {
    try {
      // By absolute path: a bare name would let Windows search the current directory first.
      const taskkill = `${process.env.SystemRoot ?? 'C:\\Windows'}\\System32\\taskkill.exe`;
      const killer = spawn(taskkill, ['/PID', String(pid), '/T', '/F'], { stdio: 'ignore', windowsHide: true });
      killer.on('error', () => undefined);
    } catch {
      // taskkill missing: nothing more we can do without a shell.
    }
    return () => undefined;
  }
  signalGroup(pid, 'SIGTERM');
  const timer = setTimeout(() => signalGroup(pid, 'SIGKILL'), Math.max(0, graceMs));
  return () => clearTimeout(timer);
}

/** Sends `signal` to the process group `pid` (falling back to the process alone). */
export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    try {
      process.kill(pid, signal);
    } catch {
      // Already gone (ESRCH): nothing to do.
    }
  }
}

/** True while any process of group `pid` is alive (POSIX); false on Windows or when gone. */
export function groupAlive(pid: number, platform: NodeJS.Platform = process.platform): boolean {
  if (platform === 'win32' || !Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(-pid, 0);
    return true;
  } catch (error) {
    // EPERM means it exists but is not ours to signal: treat as alive.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
