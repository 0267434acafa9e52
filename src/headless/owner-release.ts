import * as http from 'node:http';
import type { OwnerRole } from '../files/connection-file';
import type { BackupStore } from '../history/backupStore';
import { findHookEndpoint, hookEndpointDir } from './hook-endpoint';

/**
 * Asks the background owner that holds `realRoot`'s store (pid `holder`) to give it up, for a
 * VS Code window or a server the user started on the folder: they own it by right. Only a
 * record of one of `roles` (connection-file.ts OwnerRole says who may ask whom) that names the
 * process holding the store is asked. True when it agreed; the caller then opens the
 * store again (the owner closes it and exits right after answering).
 */
export async function askOwnerToRelease(realRoot: string, holder: number, roles: readonly OwnerRole[], timeoutMs: number, dir = hookEndpointDir()): Promise<boolean> {
  const record = findHookEndpoint(realRoot, dir);
  if (!record || !record.role || !roles.includes(record.role) || record.pid !== holder || record.workspace !== realRoot) return false;
  const url = new URL(record.url);
  url.pathname = '/release';
  return new Promise((resolve) => {
    const req = http.request(url, { method: 'POST', headers: { authorization: `Bearer ${record.token}`, 'content-length': 0 }, timeout: timeoutMs }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', () => resolve(false));
    req.end();
  });
}

type Opened = Awaited<ReturnType<BackupStore['open']>>;

/**
 * Opens a folder's store; when a process of one of `roles` holds it and agrees to give it up
 * (askOwnerToRelease), opens it again until `waitMs` has passed. The one recipe for a window
 * (window-store.ts) and a server (start.ts) taking a folder's history over. `holder`: the
 * process that held it at first, if any; `released`: it gave the store up.
 */
export async function openTakingOver(newStore: () => BackupStore, realRoot: string, roles: readonly OwnerRole[], o: { waitMs: number; dir?: string }): Promise<{ store: BackupStore; opened: Opened; holder?: number; released: boolean }> {
  let store = newStore();
  let opened = await store.open();
  const holder = opened.ok ? undefined : opened.failure.pid;
  if (typeof holder !== 'number') return { store, opened, released: false };
  if (roles.length === 0 || !(await askOwnerToRelease(realRoot, holder, roles, RELEASE_ASK_MS, o.dir))) return { store, opened, holder, released: false };
  const deadline = Date.now() + o.waitMs;
  do {
    await new Promise((r) => setTimeout(r, 50));
    store = newStore();
    opened = await store.open();
  } while (!opened.ok && Date.now() < deadline);
  return { store, opened, holder, released: opened.ok };
}

/** How long the holder's answer to a release request is waited for. */
const RELEASE_ASK_MS = 3000;
