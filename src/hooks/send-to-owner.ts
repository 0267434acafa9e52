import * as http from 'node:http';
import type { HookedCall } from '../engine/writers/hooked-calls';
import type { ConnectionRecord } from '../files/connection-file';
import type { HookAnswer } from '../headless/hook-listener';

/** The listener could not be reached at all (nothing listens): the hook may record elsewhere. */
export interface Unreachable {
  unreachable: string;
}

/**
 * Hands one hook event to the process that owns the folder's history (a VS Code window or a
 * headless server, headless/hook-listener.ts) and waits for its answer: for a pre event, the
 * checkpoint is taken when it answers. `timeoutMs` bounds the wait, since the agent's tool waits
 * on it.
 */
export function sendToOwner(endpoint: ConnectionRecord, call: HookedCall, timeoutMs: number): Promise<HookAnswer | Unreachable> {
  const body = Buffer.from(JSON.stringify(call));
  return new Promise((resolve) => {
    let sent = false;
    const req = http.request(endpoint.url, {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json', 'content-length': body.length },
      timeout: timeoutMs,
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        try {
          resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as HookAnswer);
        } catch {
          resolve({ ok: false, message: `the answer of ${endpoint.url} (status ${res.statusCode}) is not JSON` });
        }
      });
    });
    req.on('socket', (socket) => socket.on('connect', () => (sent = true)));
    req.on('timeout', () => req.destroy(new Error(`no answer within ${timeoutMs} ms`)));
    req.on('error', (e) => resolve(sent ? { ok: false, message: `${endpoint.url}: ${e.message}` } : { unreachable: e.message }));
    req.end(body);
  });
}
