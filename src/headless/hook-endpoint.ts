import * as os from 'node:os';
import * as nodePath from 'node:path';
import type { RecordedChanges } from '../engine/host';
import type { HookedCall } from '../engine/writers/hooked-calls';
import { listConnectionNames, newOwnerTag, processIsAlive, removeConnectionFile, searchConnections, writeConnectionFile, ConnectionRecord, OwnerRole } from '../files/connection-file';
import { startHookListener } from './hook-listener';
import { stateDir } from './store-location';

/**
 * Where the hook command finds the process that owns a folder's history now: a user-only
 * record per folder (files/connection-file.ts) under the user's state directory — not the
 * extension's global storage, whose place depends on which VS Code (or fork) runs it, and which
 * an agent's hook command cannot know. The same place for a VS Code window and a headless server.
 */
export function hookEndpointDir(env: NodeJS.ProcessEnv = process.env, home: string = os.homedir()): string {
  return stateDir(env, home);
}

export interface ServedHooks {
  /** The folders (real paths) whose records name this listener now. */
  roots(): string[];
  /** Names this listener for these folders from now on (records of folders no longer served are removed). */
  publish(realRoots: readonly string[]): void;
  /** Stops the listener and removes this listener's records (only its own: other owners' stay). */
  close(): Promise<void>;
}

/**
 * Starts the hook listener (hook-listener.ts) and publishes it for `realRoots`: from then on a
 * hook run in one of these folders (or below) hands its events to `handle` instead of opening
 * the store, which this process holds. Each listener writes its own record per folder, named by
 * its own tag (files/connection-file.ts), and removes only those: another window or server on
 * the same folder keeps its record when this one stops.
 */
export async function serveHooks(realRoots: readonly string[], handle: (call: HookedCall) => Promise<RecordedChanges>, log: (line: string) => void, dir = hookEndpointDir(), role: { role: OwnerRole; release?: () => void } = { role: 'server' }): Promise<ServedHooks> {
  const listener = await startHookListener(handle, log, role.release);
  const owner = newOwnerTag();
  // The record file this listener wrote for each folder it serves.
  let published = new Map<string, string>();
  const publish = (roots: readonly string[]) => {
    for (const [root, file] of published) if (!roots.includes(root)) removeConnectionFile(file, listener.token);
    const next = new Map<string, string>();
    for (const root of roots) {
      try {
        next.set(root, writeConnectionFile(dir, { url: listener.url, token: listener.token, pid: process.pid, workspace: root, role: role.role }, owner));
      } catch (e) {
        const kept = published.get(root);
        if (kept) removeConnectionFile(kept, listener.token);
        log(`[hooks] other agents' hooks cannot reach this window for ${root}: ${(e as Error).message}`);
      }
    }
    published = next;
  };
  publish(realRoots);
  return {
    roots: () => [...published.keys()],
    publish,
    close: async () => {
      publish([]);
      await listener.close();
    },
  };
}

/**
 * The live endpoint for a folder: the newest trusted record of `realPath` or of the nearest
 * folder above it that has one (an agent may run in a subfolder of the workspace) — written by
 * the process that still runs under its pid, naming 127.0.0.1, a user-only regular file
 * (connection-file.ts searchConnections). Records of ended processes are removed on the way.
 * One listing of the records' folder; bounded by the path's depth times its entries, and
 * reads only the records of the folders on the path.
 */
export function findHookEndpoint(realPath: string, dir = hookEndpointDir(), isAlive: (pid: number) => boolean = processIsAlive): ConnectionRecord | undefined {
  const names = listConnectionNames(dir);
  if (names.length === 0) return undefined;
  let folder = realPath;
  for (;;) {
    const found = searchConnections(dir, folder, isAlive, { names }).record;
    if (found) return found;
    const parent = nodePath.dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}
