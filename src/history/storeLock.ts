import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { randomBytes } from 'node:crypto';
import { fail, Failure, Result } from '../core/types';
import { processIdentity } from './processIdentity';
import { LockRecord, ownerHoldsLock, readLockFile } from './lockRecord';
import { PRIVATE_FILE_MODE } from './privateModes';

/**
 * One owner per store root, whatever the timing (two windows without a workspace share global
 * storage; a headless server may be pointed at a store in use): each owner collects as garbage,
 * and compacts away, whatever the other writes.
 *
 * The lock is the highest-numbered `<root>/store.lock.<n>` ("generation n"). Each file is
 * created whole and exclusively (written to a temp file, then hard-linked to its name: exactly
 * one process can create a name, and nobody reads it half-written), is never rewritten by
 * anyone but its creator (who marks it released when closing) and is deleted only once a higher
 * generation exists. So a generation number names one acquisition forever, and the highest
 * number never goes down. To take the lock, a process reads the highest generation n; while its
 * owner holds it, the store is in use; when it is free (released, its process gone, or its pid
 * reused) the process creates n + 1 — of all processes that judged n free, one succeeds and the
 * others find n + 1 held — then lists again and backs off if a higher generation appeared (its
 * own number was a deleted one that it created anew). A higher generation is only ever created
 * by a process that read the one below it as free, so while an owner lives and has not
 * released, nobody can take over; and an owner whose lock was taken anyway (its lock files
 * deleted by hand, a second copy of this code in one process) finds out with confirmStoreLock,
 * which the store calls before every compaction, garbage collection and new backup.
 *
 * `store.lock` itself is the lock of earlier versions: one written by them is respected while
 * its owner lives, and the owner writes its own record there too (created the same exclusive
 * way) so that an earlier version running beside this one keeps off.
 */
export interface StoreLock {
  readonly root: string;
  readonly generation: number;
  /** Drawn for this acquisition: tells this owner's record apart from any other. */
  readonly nonce: string;
  readonly record: LockRecord;
}

const LEGACY_NAME = 'store.lock';
const GENERATION_NAME = /^store\.lock\.(\d{1,15})$/;
const TEMP_NAME = /^store\.lock-[0-9a-f]{32}\.tmp$/;
/** Each failed attempt means another process created or removed a generation meanwhile. */
const MAX_ATTEMPTS = 8;
/** Temp files older than this were left by a process that died while taking the lock. */
const LEFTOVER_TEMP_MS = 60_000;
/** Errors of link() on file systems without hard links (FAT, some network shares). */
const NO_HARD_LINKS = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS']);

/** Nonces of the locks held by open stores of this process. */
const heldHere = new Set<string>();
const isHeldHere = (nonce: string): boolean => heldHere.has(nonce);

/** Takes the store's lock, or fails (INTERNAL_ERROR, with the owner's `pid` when known) while another owner holds it. */
export async function acquireStoreLock(root: string): Promise<Result<{ lock: StoreLock }>> {
  const nonce = randomBytes(16).toString('hex');
  const me = { pid: process.pid, ...(await processIdentity(process.pid)) };
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const legacy = await legacyOwner(root);
    if (legacy !== undefined) return inUse(root, legacy);
    const top = (await listGenerations(root)).at(-1);
    if (top !== undefined) {
      const state = await readLockFile(generationFile(root, top));
      if (state.kind === 'missing') continue; // a newer generation replaced it meanwhile
      if (state.kind === 'unreadable' && state.young) return inUse(root, 'unknown');
      if (state.kind === 'record' && await ownerHoldsLock(state.record, isHeldHere)) return inUse(root, state.record.pid);
    }
    const generation = (top ?? 0) + 1;
    const record: LockRecord = { ...me, time: Date.now(), generation, nonce };
    if (!await createExclusively(root, generationFile(root, generation), JSON.stringify(record), nonce)) continue;
    if ((await listGenerations(root)).at(-1)! > generation) {
      await fs.rm(generationFile(root, generation), { force: true });
      continue;
    }
    const lock: StoreLock = { root, generation, nonce, record };
    heldHere.add(nonce);
    const copied = await writeLegacyCopy(lock);
    if (!copied.ok) {
      await releaseStoreLock(lock);
      return copied;
    }
    await removeLeftovers(root, generation);
    return { ok: true, lock };
  }
  return fail('INTERNAL_ERROR', `Could not take the backup store lock in ${root}: other processes took and left it ${MAX_ATTEMPTS} times meanwhile.`);
}

/**
 * The fencing check: undefined while `lock` is still the store's lock (the highest
 * generation, with this acquisition's nonce, not released); otherwise why not.
 */
export async function confirmStoreLock(lock: StoreLock): Promise<string | undefined> {
  const newest = (await listGenerations(lock.root)).at(-1);
  if (newest !== undefined && newest > lock.generation) {
    const state = await readLockFile(generationFile(lock.root, newest));
    const taker = state.kind === 'record' ? `process ${state.record.pid}` : 'another process';
    return `${taker} took the store's lock over (store.lock.${newest}; this store holds store.lock.${lock.generation})`;
  }
  const state = await readLockFile(generationFile(lock.root, lock.generation));
  if (state.kind !== 'record' || state.record.nonce !== lock.nonce) return `its lock file store.lock.${lock.generation} was removed or replaced`;
  if (state.record.released) return 'its lock was released';
  return undefined;
}

/** Marks the lock released (if this acquisition still holds it) and removes the copy for earlier versions. */
export async function releaseStoreLock(lock: StoreLock): Promise<void> {
  try {
    if (await confirmStoreLock(lock) !== undefined) return;
    await replaceFile(lock.root, generationFile(lock.root, lock.generation), JSON.stringify({ ...lock.record, released: true }), lock.nonce);
    const copy = await readLockFile(path.join(lock.root, LEGACY_NAME));
    if (copy.kind === 'record' && copy.record.nonce === lock.nonce) await fs.rm(path.join(lock.root, LEGACY_NAME), { force: true });
  } finally {
    heldHere.delete(lock.nonce);
  }
}

/** Generation numbers present under `root`, ascending. */
export async function listGenerations(root: string): Promise<number[]> {
  const out: number[] = [];
  for (const name of await fs.readdir(root)) {
    const m = GENERATION_NAME.exec(name);
    if (m) out.push(Number(m[1]));
  }
  return out.sort((a, b) => a - b);
}

function generationFile(root: string, generation: number): string {
  return path.join(root, `store.lock.${generation}`);
}

/** The pid (or "unknown" while it is being written) of an earlier version's lock whose owner holds it. */
async function legacyOwner(root: string): Promise<number | 'unknown' | undefined> {
  const state = await readLockFile(path.join(root, LEGACY_NAME));
  if (state.kind === 'unreadable') return state.young ? 'unknown' : undefined;
  if (state.kind !== 'record' || state.record.generation !== undefined) return undefined; // absent, or our own format's copy
  return await ownerHoldsLock(state.record, isHeldHere) ? state.record.pid : undefined;
}

/** Writes this owner's record to `store.lock` for earlier versions, unless one of them holds it. */
async function writeLegacyCopy(lock: StoreLock): Promise<Result<Record<never, never>>> {
  const file = path.join(lock.root, LEGACY_NAME);
  const text = JSON.stringify(lock.record);
  if (await createExclusively(lock.root, file, text, lock.nonce)) return { ok: true };
  const holder = await legacyOwner(lock.root);
  if (holder !== undefined) return inUse(lock.root, holder);
  // A copy from an earlier owner of our format, or a stale lock of an earlier version.
  await replaceFile(lock.root, file, text, lock.nonce);
  return { ok: true };
}

/**
 * Creates `file` with `text` unless it exists (false then). Readers never see it half-written:
 * the text goes to a temp file first, which is hard-linked to the name (link fails when the
 * name exists). Without hard links the file is created exclusively and then written; a reader
 * meanwhile finds it unreadable and young, which counts as held.
 */
async function createExclusively(root: string, file: string, text: string, nonce: string): Promise<boolean> {
  const temp = path.join(root, `store.lock-${nonce}.tmp`);
  await fs.writeFile(temp, text, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  try {
    await fs.link(temp, file);
    return true;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? '';
    if (code === 'EEXIST') return false;
    if (!NO_HARD_LINKS.has(code)) throw error;
  } finally {
    await fs.rm(temp, { force: true });
  }
  try {
    await fs.writeFile(file, text, { flag: 'wx', mode: PRIVATE_FILE_MODE });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    await fs.rm(file, { force: true }); // created but not written: no empty lock left behind
    throw error;
  }
}

/**
 * Replaces a file this owner may rewrite (its own generation, the copy in store.lock) whole
 * (temp file + rename). Not fsynced: after a power loss every owner is gone anyway.
 */
async function replaceFile(root: string, file: string, text: string, nonce: string): Promise<void> {
  const temp = path.join(root, `store.lock-${nonce}.tmp`);
  await fs.writeFile(temp, text, { flag: 'wx', mode: PRIVATE_FILE_MODE });
  try {
    await fs.rename(temp, file);
  } catch (error) {
    await fs.rm(temp, { force: true });
    throw error;
  }
}

/** Deletes the generations below the new owner's and temp files that dead processes left. */
async function removeLeftovers(root: string, generation: number): Promise<void> {
  const now = Date.now();
  for (const name of await fs.readdir(root)) {
    const m = GENERATION_NAME.exec(name);
    if (m && Number(m[1]) < generation) {
      await fs.rm(path.join(root, name), { force: true });
    } else if (TEMP_NAME.test(name)) {
      try {
        const { mtimeMs } = await fs.stat(path.join(root, name));
        if (now - mtimeMs > LEFTOVER_TEMP_MS) await fs.rm(path.join(root, name), { force: true });
      } catch { /* removed meanwhile */ }
    }
  }
}

function inUse(root: string, pid: number | 'unknown'): { ok: false; failure: Failure } {
  return pid === 'unknown'
    ? fail('INTERNAL_ERROR', `The backup store at ${root} is being opened by another process; try again in a few seconds.`)
    : fail('INTERNAL_ERROR', `The backup store at ${root} is in use by process ${pid}; another window may be using the same storage.`, { pid });
}
