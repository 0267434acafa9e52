import { openHeadless } from './start';
import { serveHooks, ServedHooks } from './hook-endpoint';
import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { OWNER_IN_USE_EXIT, OWNER_STARTING_EXIT, OwnerOptions } from './owner-args';

/**
 * The background owner of a folder's history (dist/owner.js): what a hook starts when no VS Code
 * window or agent-safe-edit-mcp server owns the folder, so that a hook never opens the store
 * itself. It holds the store (its lock: one owner per folder), takes the hooks' events over
 * the hook listener, and ends — store closed, record removed — after `idleMinutes` without an
 * event and with no call open, or when a window or server that opens the folder asks for the
 * store (POST /release). Resolves with the process's exit code.
 */
export async function runOwner(o: OwnerOptions, log: (line: string) => void): Promise<number> {
  const opened = await openHeadless({ root: o.root, ...(o.store ? { store: o.store } : {}), allowProtected: false, allowExec: false }, log, { releaseOwner: false });
  if (!opened.ok) {
    log(opened.failure.message);
    const holder = opened.failure.pid;
    if (typeof holder !== 'number') return 1;
    return isBackgroundOwner(holder) ? OWNER_STARTING_EXIT : OWNER_IN_USE_EXIT;
  }
  const { host, close } = opened;
  const writers = host.writers;
  if (!writers) {
    await close();
    log('no workspace checkpoints: nothing to record');
    return 1;
  }
  const idleMs = o.idleMinutes * 60_000;
  let inFlight = 0;
  let timer: NodeJS.Timeout | undefined;
  let hooks: ServedHooks | undefined;
  let ending: Promise<number> | undefined;
  let done: (code: number) => void = () => undefined;
  const ended = new Promise<number>((resolve) => (done = resolve));
  const end = (why: string) => {
    ending ??= (async () => {
      if (timer) clearTimeout(timer);
      log(`stopping (${why})`);
      // The record first: no hook finds this owner once it is going.
      await hooks?.close().catch(() => undefined);
      await close().catch((e: Error) => log(`the store could not be closed cleanly: ${e.message}`));
      done(0);
      return 0;
    })();
  };
  const arm = () => {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      // A shell command's post may come long after its pre: not idle while a call is open.
      if (inFlight > 0 || writers.openCallCount(Date.now()) > 0) arm();
      else end(`no hook event for ${o.idleMinutes} minute(s)`);
    }, idleMs);
  };
  hooks = await serveHooks([host.realRoot], async (call) => {
    inFlight++;
    arm();
    try {
      return await writers.hookedCall(call);
    } finally {
      inFlight--;
      arm();
    }
  }, log, undefined, { role: 'background', release: () => end('asked for the store (a window or server opening the folder, or `agent-safe-edit owner stop`)') });
  log(`owning ${host.realRoot} (backups in ${host.storageDir}); exits after ${o.idleMinutes} idle minute(s)`);
  arm();
  process.on('SIGTERM', () => end('SIGTERM'));
  process.on('SIGINT', () => end('SIGINT'));
  return ended;
}

/** Whether a process is a background owner (its command line runs owner.js; Linux only: elsewhere no). */
function isBackgroundOwner(pid: number): boolean {
  try {
    const argv = fs.readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    return argv.some((a) => nodePath.basename(a) === 'owner.js');
  } catch {
    return false;
  }
}
