import * as http from 'node:http';
import type { RecordedChanges } from '../engine/host';
import type { HookedCall } from '../engine/writers/hooked-calls';
import { isLoopbackUrl, ConnectionRecord } from '../files/connection-file';
import type { HookAnswer } from '../headless/hook-listener';

/** The listener could not be reached at all (nothing listens): the hook may record elsewhere. */
export interface Unreachable {
  unreachable: string;
}

/** The owner's answer is a few hundred bytes (the recorded paths of one call); a larger one is not our listener's. */
export const MAX_ANSWER_BYTES = 64 * 1024;
/** A refusal's message is shown to the agent: kept to a readable length. */
const MAX_MESSAGE_CHARS = 2000;

/**
 * Hands one hook event to the process that owns the folder's history (a VS Code window or a
 * headless server, headless/hook-listener.ts) and waits for its answer: for a pre event, the
 * checkpoint is taken when it answers. The agent's tool waits on this, so `timeoutMs` is one
 * deadline for the whole exchange — connecting, sending, and reading the complete answer —,
 * not a limit on each silence (a listener that sends a byte now and then would hold it
 * forever), and the answer is read up to MAX_ANSWER_BYTES. Either limit passed: the connection
 * is destroyed and the call counts as not recorded. Nothing listening (or no connection by the
 * deadline) is Unreachable: the caller may take it as no owner.
 */
export function sendToOwner(endpoint: ConnectionRecord, call: HookedCall, timeoutMs: number): Promise<HookAnswer | Unreachable> {
  // The finder trusts only such records; checked here too, since the token goes wherever this points.
  if (!isLoopbackUrl(endpoint.url)) return Promise.resolve({ unreachable: `${endpoint.url} is not a 127.0.0.1 endpoint` });
  const body = Buffer.from(JSON.stringify(call));
  return new Promise((resolve) => {
    let connected = false;
    let settled = false;
    const finish = (answer: HookAnswer | Unreachable) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      req.destroy();
      resolve(answer);
    };
    const failed = (why: string): HookAnswer => ({ ok: false, message: `${endpoint.url}: ${why}` });
    const tooLarge = () => finish(failed(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`));
    const deadline = setTimeout(() => {
      finish(connected ? failed(`no complete answer within ${timeoutMs} ms`) : { unreachable: `no connection within ${timeoutMs} ms` });
    }, timeoutMs);
    // agent: false — a socket of its own, so 'connect' tells reached from unreachable and nothing is kept open after.
    const req = http.request(endpoint.url, {
      method: 'POST',
      agent: false,
      headers: { authorization: `Bearer ${endpoint.token}`, 'content-type': 'application/json', 'content-length': body.length },
    }, (res) => {
      if (Number(res.headers['content-length']) > MAX_ANSWER_BYTES) return tooLarge();
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (c: Buffer) => {
        size += c.length;
        if (size > MAX_ANSWER_BYTES) tooLarge();
        else chunks.push(c);
      });
      res.on('end', () => finish(readAnswer(endpoint.url, res.statusCode, Buffer.concat(chunks))));
      res.on('error', (e) => finish(failed(e.message)));
    });
    req.on('socket', (socket) => socket.on('connect', () => (connected = true)));
    req.on('error', (e) => finish(connected ? failed(e.message) : { unreachable: e.message }));
    req.end(body);
  });
}

/**
 * The owner's answer as the listener gives it: a refusal with its message, or `ok` with the
 * RecordedChanges it journaled (engine/host.ts). Anything else — another program on that port
 * answering `{"ok":true}`, or text — does not say what was journaled, so the call is not
 * counted as recorded.
 */
export function readAnswer(url: string, status: number | undefined, bytes: Buffer): HookAnswer {
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString('utf8'));
  } catch {
    parsed = undefined;
  }
  if (isObject(parsed)) {
    if (parsed.ok === false && typeof parsed.message === 'string') return { ok: false, message: parsed.message.slice(0, MAX_MESSAGE_CHARS) };
    if (parsed.ok === true && status === 200 && isRecordedChanges(parsed.recorded)) return { ok: true, recorded: parsed.recorded };
  }
  return { ok: false, message: `the answer of ${url} (status ${status ?? 'none'}) does not say what was journaled` };
}

// Every value of the fields, spelled as records so the compiler fails when engine/host.ts's types change.
const CHANGE_KINDS: Record<RecordedChanges['files'][number]['kind'], true> = { create: true, modify: true, delete: true };
const WRITER_KINDS: Record<RecordedChanges['files'][number]['writer'], true> = { execute_program: true, agent_tool: true, outside: true, user: true };

function isRecordedChanges(v: unknown): v is RecordedChanges {
  if (!isObject(v) || !Array.isArray(v.files) || !Array.isArray(v.skipped)) return false;
  if (v.groupId !== undefined && typeof v.groupId !== 'string') return false;
  return v.files.every((f) => isObject(f) && typeof f.path === 'string' && isKey(CHANGE_KINDS, f.kind) && isKey(WRITER_KINDS, f.writer))
    && v.skipped.every((s) => isObject(s) && typeof s.path === 'string' && typeof s.reason === 'string');
}

function isKey(keys: object, v: unknown): boolean {
  return typeof v === 'string' && Object.prototype.hasOwnProperty.call(keys, v);
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
