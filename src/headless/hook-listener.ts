import * as http from 'node:http';
import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { RecordedChanges } from '../engine/host';
import { HookedCall, readHookedCall } from '../engine/writers/hooked-calls';

/** What the hook command is answered: the recording's outcome, or why the event was refused. */
export type HookAnswer = { ok: true; recorded: RecordedChanges } | { ok: false; message: string };

export interface HookListener {
  /** http://127.0.0.1:<port>/hook */
  url: string;
  /** The bearer token of this start (only the user-only endpoint file holds it). */
  token: string;
  close(): Promise<void>;
}

/** A hook event is small (a tool name, an id, at most 200 paths): anything larger is refused unread. */
const MAX_BODY_BYTES = 1024 * 1024;

/**
 * The endpoint other agents' hooks hand their events to while a VS Code window or a headless
 * server owns the history of a folder (a second process must not open a store that has an owner):
 * POST /hook with `Authorization: Bearer <token>` and a HookedCall as JSON, answered with the
 * recording's outcome once the pre event's checkpoint is taken (the agent's tool runs after the
 * answer) or the post event's change journaled. Bound to 127.0.0.1; the token is new at every
 * start and lives only in a file the user alone can read (hook-endpoint.ts). No CORS answer, so
 * a web page cannot send the Authorization header here.
 */
export function startHookListener(handle: (call: HookedCall) => Promise<RecordedChanges>, log: (line: string) => void, release?: () => void): Promise<HookListener> {
  const token = randomBytes(32).toString('hex');
  const expected = Buffer.from(`Bearer ${token}`);
  const server = http.createServer((req, res) => {
    const answer = (status: number, body: HookAnswer) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const auth = Buffer.from(req.headers.authorization ?? '');
    if (auth.length !== expected.length || !timingSafeEqual(auth, expected)) return answer(401, { ok: false, message: 'unauthorized' });
    if (req.method === 'POST' && req.url === '/release' && release) {
      // Another process that owns this folder by right (a VS Code window, a server the user
      // started) asks for the store: answered first, then this owner closes it and exits.
      res.on('finish', release);
      return answer(200, { ok: false, message: 'releasing the store' });
    }
    if (req.method !== 'POST' || req.url !== '/hook') return answer(404, { ok: false, message: release ? 'POST /hook or /release only' : 'POST /hook only' });
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        answer(413, { ok: false, message: `a hook event is at most ${MAX_BODY_BYTES} bytes` });
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => {
      if (size > MAX_BODY_BYTES) return;
      let call: HookedCall | string;
      try {
        call = readHookedCall(JSON.parse(Buffer.concat(chunks).toString('utf8')));
      } catch (e) {
        call = `not JSON (${(e as Error).message})`;
      }
      if (typeof call === 'string') return answer(400, { ok: false, message: `not a hook event: ${call}` });
      handle(call).then(
        (recorded) => answer(200, { ok: true, recorded }),
        (e: unknown) => {
          log(`[hooks] ${call.writer.name} (${call.event}) could not be recorded: ${(e as Error).message}`);
          answer(500, { ok: false, message: (e as Error).message });
        },
      );
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      resolve({
        url: `http://127.0.0.1:${port}/hook`,
        token,
        close: () => new Promise<void>((done) => { server.close(() => done()); server.closeAllConnections(); }),
      });
    });
  });
}
