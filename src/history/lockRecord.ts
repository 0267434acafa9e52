import * as fs from 'node:fs/promises';
import { processIdentity, ProcessIdentity } from './processIdentity';

/**
 * What a lock file says about its owner. Files of the current format (`store.lock.<n>`, and
 * the copy in `store.lock` kept for earlier versions) carry the generation and a nonce drawn
 * at each acquisition; a `store.lock` written by an earlier version has neither.
 */
export interface LockRecord extends ProcessIdentity {
  pid: number;
  time?: number;
  generation?: number;
  nonce?: string;
  /** Set when the owner closed the store: the lock is free, whoever's pid it names. */
  released?: boolean;
}

/** The state of one lock file as read now. */
export type LockFileState =
  | { kind: 'missing' }
  /**
   * Unparseable. Young: perhaps being written right now (a file system without hard links
   * creates the file before its content), so it counts as held; old: a leftover, free.
   */
  | { kind: 'unreadable'; young: boolean }
  | { kind: 'record'; record: LockRecord };

/** How long an unreadable lock file counts as one being written. */
const UNREADABLE_GRACE_MS = 10_000;
/** Lock files are a few hundred bytes; anything longer is not ours. */
const MAX_LOCK_BYTES = 4096;

export async function readLockFile(file: string): Promise<LockFileState> {
  let text: string;
  try {
    text = await fs.readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { kind: 'missing' };
    throw error;
  }
  const record = text.length <= MAX_LOCK_BYTES ? parseLockRecord(text) : undefined;
  if (record) return { kind: 'record', record };
  try {
    const { mtimeMs } = await fs.stat(file);
    return { kind: 'unreadable', young: Date.now() - mtimeMs < UNREADABLE_GRACE_MS };
  } catch {
    return { kind: 'missing' };
  }
}

export function parseLockRecord(text: string): LockRecord | undefined {
  let o: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    o = parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof o.pid !== 'number' || !Number.isSafeInteger(o.pid) || o.pid <= 0) return undefined;
  return {
    pid: o.pid,
    ...(typeof o.boot === 'string' ? { boot: o.boot } : {}),
    ...(typeof o.start === 'string' ? { start: o.start } : {}),
    ...(typeof o.time === 'number' ? { time: o.time } : {}),
    ...(typeof o.generation === 'number' && Number.isSafeInteger(o.generation) ? { generation: o.generation } : {}),
    ...(typeof o.nonce === 'string' ? { nonce: o.nonce } : {}),
    ...(o.released === true ? { released: true } : {}),
  };
}

/**
 * Whether the owner a record names still holds the lock. A released record is free. A record
 * with this process's pid is held only while an open store of this process holds its nonce
 * (`heldHere`): otherwise an earlier store in this process left it behind without closing. Any
 * other pid holds it while that process is alive and is the one that wrote the record (see
 * sameProcess): a crashed owner's lock, or one whose pid was reused, is free.
 */
export async function ownerHoldsLock(record: LockRecord, heldHere: (nonce: string) => boolean): Promise<boolean> {
  if (record.released) return false;
  if (record.pid === process.pid) return record.nonce !== undefined && heldHere(record.nonce);
  return isAlive(record.pid) && (await sameProcess(record));
}

/**
 * Whether the live process with the owner's pid is the one that wrote the lock. Each recorded
 * fact that can be read now must match; what was not recorded or cannot be read (another
 * system, an old lock file, /proc hidden) does not count against it.
 */
async function sameProcess(owner: LockRecord): Promise<boolean> {
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
