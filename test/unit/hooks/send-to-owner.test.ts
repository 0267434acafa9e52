import { strict as assert } from 'node:assert';
import { sendToOwner } from '../../../src/hooks/send-to-owner';
import type { HookedCall } from '../../../src/engine/writers/hooked-calls';
import { child, within, Child } from './child-process';

describe('sendToOwner: one deadline, a bounded answer, and an answer that names what was journaled', function () {
  this.timeout(20_000);
  const call: HookedCall = { event: 'pre', callId: 'c1', turn: { id: 's', client: 'cursor' }, writer: { kind: 'agent_tool', name: 'cursor:Write' }, scope: 'files', paths: ['/w/a'] };
  const children: Child[] = [];
  afterEach(async () => {
    for (const c of children.splice(0)) {
      c.proc.kill('SIGKILL');
      await c.exited;
    }
  });

  /** A listener in a child process: answers each POST as `mode` says, prints its port, and "closed" when a client's connection ends before the answer is done. */
  const listener = async (mode: 'trickle' | 'big' | 'stream' | 'answer', status = 200, body = '') => {
    const script = `
const http = require('http');
const [mode, status, body] = process.argv.slice(1);
const server = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    res.on('close', () => { if (!res.writableFinished) process.stdout.write('closed\\n'); });
    if (mode === 'answer') { res.writeHead(Number(status), { 'content-type': 'application/json' }); return res.end(body); }
    if (mode === 'big') {
      const files = Array.from({ length: 2000 }, (_, i) => ({ path: '/w/' + 'x'.repeat(20) + i, kind: 'modify', writer: 'agent_tool' }));
      const text = JSON.stringify({ ok: true, recorded: { files, skipped: [] } });
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      return res.end(text);
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.write(mode === 'stream' ? '{"ok":true,"recorded":{"files":[],"skipped":[],"pad":"' : ' ');
    const chunk = mode === 'stream' ? 'y'.repeat(16 * 1024) : ' ';
    const timer = setInterval(() => res.write(chunk), mode === 'stream' ? 5 : 100);
    res.on('close', () => clearInterval(timer));
  });
});
server.listen(0, '127.0.0.1', () => process.stdout.write('port ' + server.address().port + '\\n'));`;
    const c = child(script, [mode, String(status), body]);
    children.push(c);
    const port = Number((await within(c.line(/^port \d+$/), 10_000, 'the listener started')).split(' ')[1]);
    return { c, endpoint: { url: `http://127.0.0.1:${port}/hook`, token: 't', pid: c.pid, workspace: '/w' } };
  };

  it('a listener that trickles a byte at a time is cut at the one deadline (the connection destroyed); nothing listening is unreachable', async () => {
    const { c, endpoint } = await listener('trickle');
    const started = Date.now();
    const answer = await within(sendToOwner(endpoint, call, 600), 5_000, 'sendToOwner returned');
    const elapsed = Date.now() - started;
    assert.deepEqual(answer, { ok: false, message: `${endpoint.url}: no complete answer within 600 ms` });
    assert.ok(elapsed >= 550 && elapsed < 2_000, `returned after ${elapsed} ms`);
    await within(c.line(/^closed$/), 5_000, 'the listener saw the connection closed');
    c.proc.kill('SIGKILL');
    await c.exited;
    assert.ok('unreachable' in await sendToOwner(endpoint, call, 600), 'nothing listens on the port now: the caller may take it as no owner');
  });

  it('an answer larger than 64 KB fails and its connection is destroyed, declared or streamed', async () => {
    const big = await listener('big');
    const declared = await within(sendToOwner(big.endpoint, call, 10_000), 5_000, 'sendToOwner returned');
    assert.deepEqual(declared, { ok: false, message: `${big.endpoint.url}: the answer is larger than 65536 bytes` });
    const stream = await listener('stream');
    const started = Date.now();
    const streamed = await within(sendToOwner(stream.endpoint, call, 10_000), 5_000, 'sendToOwner returned');
    assert.deepEqual(streamed, { ok: false, message: `${stream.endpoint.url}: the answer is larger than 65536 bytes` });
    assert.ok(Date.now() - started < 5_000, 'cut at the size, not at the deadline');
    await within(stream.c.line(/^closed$/), 5_000, 'the listener saw the connection closed');
  });

  it('only an answer naming what was journaled counts as recorded: {"ok":true} or text from another program does not', async () => {
    const notSaid = /does not say what was journaled/;
    for (const [status, body] of [
      [200, '{"ok":true}'],
      [200, 'ok'],
      [200, '{"ok":true,"recorded":{"files":"a","skipped":[]}}'],
      [200, '{"ok":true,"recorded":{"files":[{"path":"/w/a","kind":"rename","writer":"agent_tool"}],"skipped":[]}}'],
      [200, '{"ok":true,"recorded":{"files":[],"skipped":[{"path":"/w/a"}]}}'],
      [404, '{"ok":true,"recorded":{"files":[],"skipped":[]}}'],
    ] as const) {
      const { endpoint } = await listener('answer', status, body);
      const answer = await sendToOwner(endpoint, call, 5_000);
      assert.ok('ok' in answer && !answer.ok, body);
      assert.match(answer.message, notSaid, body);
    }
    const recorded = { files: [{ path: '/w/a', kind: 'modify', writer: 'agent_tool' }], skipped: [{ path: '/w/b', reason: 'too large' }] };
    const good = await listener('answer', 200, JSON.stringify({ ok: true, recorded }));
    assert.deepEqual(await sendToOwner(good.endpoint, call, 5_000), { ok: true, recorded });
    const refused = await listener('answer', 500, '{"ok":false,"message":"the store is closing"}');
    assert.deepEqual(await sendToOwner(refused.endpoint, call, 5_000), { ok: false, message: 'the store is closing' });
  });
});
