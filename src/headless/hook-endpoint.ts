import * as os from 'node:os';
import * as nodePath from 'node:path';
import type { RecordedChanges } from '../engine/host';
import type { HookedCall } from '../engine/writers/hooked-calls';
import { connectionFilePath, processIsAlive, readLiveConnection, removeConnectionFile, writeConnectionFile, ConnectionRecord, OwnerRole } from '../files/connection-file';
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
  close(): Promise<void>;
}

/**
 * Starts the hook listener (hook-listener.ts) and publishes it for `realRoots`: from then on a
 * hook run in one of these folders (or below) hands its events to `handle` instead of opening
 * the store, which this process holds. Records are removed on close, and only while they are
 * still this listener's (another window may have opened the same folder since).
 */
export async function serveHooks(realRoots: readonly string[], handle: (call: HookedCall) => Promise<RecordedChanges>, log: (line: string) => void, dir = hookEndpointDir(), owner: { role: OwnerRole; release?: () => void } = { role: 'server' }): Promise<ServedHooks> {
  const listener = await startHookListener(handle, log, owner.release);
  let published: string[] = [];
  const publish = (roots: readonly string[]) => {
    for (const root of published) if (!roots.includes(root)) removeConnectionFile(connectionFilePath(dir, root), listener.token);
    published = [];
    for (const root of roots) {
      try {
        writeConnectionFile(dir, { url: listener.url, token: listener.token, pid: process.pid, workspace: root, role: owner.role });
        published.push(root);
      } catch (e) {
        log(`[hooks] other agents' hooks cannot reach this window for ${root}: ${(e as Error).message}`);
      }
    }
  };
  publish(realRoots);
  return {
    roots: () => [...published],
    publish,
    close: async () => {
      publish([]);
      await listener.close();
    },
  };
}

/**
 * The live endpoint for a folder: the record of `realPath` or of the nearest folder above it
 * that has one (an agent may run in a subfolder of the workspace), whose process still runs.
 * Bounded by the path's depth; reads one small file per level at most.
 */
export function findHookEndpoint(realPath: string, dir = hookEndpointDir(), isAlive: (pid: number) => boolean = processIsAlive): ConnectionRecord | undefined {
  let folder = realPath;
  for (;;) {
    const live = readLiveConnection(dir, folder, isAlive);
    if (live.ok) return live.record;
    const parent = nodePath.dirname(folder);
    if (parent === folder) return undefined;
    folder = parent;
  }
}
