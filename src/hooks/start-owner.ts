import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import type { ConnectionRecord } from '../files/connection-file';
import { findHookEndpoint, hookEndpointDir } from '../headless/hook-endpoint';
import { OWNER_IN_USE_EXIT, OWNER_STARTING_EXIT } from '../headless/owner-args';
import { defaultStoreDir, stateDir } from '../headless/store-location';

/**
 * The folder a background owner serves for a hook run in `realPath`: the nearest folder at or
 * above it that already has a history (its store exists), else the top of its git work tree,
 * else the folder itself. An agent whose shell stands in `src/` records into the project's
 * history, not a new one of `src/`. Bounded by the path's depth.
 */
export function ownerRootFor(realPath: string, env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  let gitTop: string | undefined;
  for (let folder = realPath; ; folder = nodePath.dirname(folder)) {
    if (fs.existsSync(defaultStoreDir(folder, env, home))) return folder;
    if (!gitTop && fs.existsSync(nodePath.join(folder, '.git'))) gitTop = folder;
    if (nodePath.dirname(folder) === folder) break;
  }
  return gitTop ?? realPath;
}

/** The log a background owner of `realRoot` writes (created user-only). */
export function ownerLogPath(realRoot: string, env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  return nodePath.join(stateDir(env, home), 'logs', `owner-${nodePath.basename(defaultStoreDir(realRoot, env, home))}.log`);
}

export interface StartOwner {
  /** dist/owner.js */
  script: string;
  /** The store the owner opens (the hook's --store); default: the folder's. */
  store?: string;
  env: NodeJS.ProcessEnv;
  home?: string;
}

/**
 * Starts a background owner (dist/owner.js, detached, its output in its log) for the folder of
 * `realPath` and waits, until `deadline`, for its hook endpoint to appear. Two hooks that start
 * one at once: the store's lock lets one in, the other exits OWNER_IN_USE_EXIT and both find the
 * first one's endpoint. The endpoint, or why there is none.
 */
export async function startOwner(realPath: string, o: StartOwner, deadline: number): Promise<ConnectionRecord | string> {
  const home = o.home ?? os.homedir();
  const root = ownerRootFor(realPath, o.env, home);
  const log = ownerLogPath(root, o.env, home);
  let fd: number;
  try {
    fs.mkdirSync(nodePath.dirname(log), { recursive: true, mode: 0o700 });
    fd = fs.openSync(log, 'a', 0o600);
  } catch (e) {
    return `no owner of ${root} could be started: its log ${log} cannot be written (${(e as Error).message})`;
  }
  let exited: number | null | undefined;
  // Loaded only here: most hook runs find an owner and never start one (child_process costs a hook's start).
  const { spawn } = await import('node:child_process');
  try {
    const child = spawn(process.execPath, [o.script, '--root', root, ...(o.store ? ['--store', o.store] : [])], { detached: true, stdio: ['ignore', fd, fd], env: o.env, cwd: root });
    child.on('exit', (code) => (exited = code));
    child.on('error', () => (exited = -1));
    child.unref();
  } finally {
    fs.closeSync(fd);
  }
  const dir = hookEndpointDir(o.env, home);
  let graceUntil: number | undefined;
  for (;;) {
    const found = findHookEndpoint(realPath, dir);
    if (found) return found;
    const now = Date.now();
    if (exited !== undefined && exited !== OWNER_IN_USE_EXIT && exited !== OWNER_STARTING_EXIT) return `the background owner of ${root} could not start (exit ${exited}); see ${log}`;
    // Another process holds the store: a background owner still starting publishes its endpoint
    // in a moment (waited for up to the deadline); anything else, if it takes hook events, at once.
    if (exited === OWNER_IN_USE_EXIT) graceUntil ??= now + IN_USE_GRACE_MS;
    if (now >= deadline || (graceUntil !== undefined && now >= graceUntil)) {
      return exited === OWNER_IN_USE_EXIT
        ? `the history of ${root} is held by a process that takes no hook events (a VS Code window with safeEdit.hooks.recordInWindow off, or an older version); see ${log}`
        : `the background owner of ${root} did not answer in time; see ${log}`;
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
}

const POLL_MS = 25;
/** After the owner found the store held, how long the holder's endpoint is waited for. */
const IN_USE_GRACE_MS = 1000;
