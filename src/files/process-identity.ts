import * as fs from 'node:fs';
import * as fsp from 'node:fs/promises';

/**
 * What tells one process apart from a later one that got the same pid: on Linux the boot
 * id and the process's start time (field 22 of /proc/<pid>/stat, clock ticks since boot).
 * Elsewhere both are undefined and a lock falls back to the pid alone.
 *
 * In files/ (not history/) because the hook command checks the endpoint records it finds with
 * it, and the hook's bundle loads nothing of history/ (the layer test).
 */
export interface ProcessIdentity {
  boot?: string;
  start?: string;
}

const BOOT_ID = '/proc/sys/kernel/random/boot_id';

export async function processIdentity(pid: number): Promise<ProcessIdentity> {
  const [boot, stat] = await Promise.all([readSmall(BOOT_ID), readSmall(`/proc/${pid}/stat`)]);
  return identityOf(boot, stat);
}

/**
 * The same identity read synchronously: for the hook command's search of an endpoint record
 * and the MCP connection helper, which answer one call and read two small files.
 */
export function processIdentitySync(pid: number): ProcessIdentity {
  return identityOf(readSmallSync(BOOT_ID), readSmallSync(`/proc/${pid}/stat`));
}

function identityOf(boot: string | undefined, stat: string | undefined): ProcessIdentity {
  const start = stat === undefined ? undefined : startTimeOf(stat);
  return { ...(boot ? { boot: boot.trim() } : {}), ...(start ? { start } : {}) };
}

/**
 * Field 22 of a /proc/<pid>/stat line. The second field is the command name in parentheses
 * and may itself hold spaces and parentheses, so fields are counted after the LAST ")".
 */
export function startTimeOf(statLine: string): string | undefined {
  const close = statLine.lastIndexOf(')');
  if (close < 0) return undefined;
  const fields = statLine.slice(close + 1).trim().split(' ');
  // After ")": field 3 (state) is index 0, so field 22 is index 19.
  const value = fields[19];
  return value !== undefined && /^\d+$/.test(value) ? value : undefined;
}

async function readSmall(file: string): Promise<string | undefined> {
  try {
    return (await fsp.readFile(file, 'utf8')).slice(0, 4096);
  } catch {
    return undefined;
  }
}

function readSmallSync(file: string): string | undefined {
  try {
    return fs.readFileSync(file, 'utf8').slice(0, 4096);
  } catch {
    return undefined;
  }
}
