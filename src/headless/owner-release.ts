import * as http from 'node:http';
import type { OwnerRole } from '../files/connection-file';
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
