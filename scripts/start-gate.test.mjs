// The gate of `npm start` (start-gate.mjs) in front of a stand-in for code-server on a Unix
// socket: only the printed URL's token, then its cookie, gets through, over HTTP and WebSocket.
// Run by `npm run test:unit`; scripts/check-start.mjs checks the same against the real server.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { cookieName, newToken, startGate } from './start-gate.mjs';
import { findFreePort } from '../test/runner/code-server.mjs';

/** An HTTP server on a Unix socket that echoes what it got, and answers an Upgrade with 101 then echoes bytes. */
async function startUpstream(socketPath) {
  const seen = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url, cookie: req.headers.cookie });
    res.writeHead(200, { 'Content-Type': 'application/json', 'Set-Cookie': 'upstream=1' });
    res.end(JSON.stringify({ url: req.url, cookie: req.headers.cookie ?? null }));
  });
  const upgraded = new Set();
  server.on('upgrade', (req, socket, head) => {
    seen.push({ url: req.url, cookie: req.headers.cookie, upgrade: true });
    upgraded.add(socket);
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n');
    if (head.length) socket.write(head);
    socket.on('data', (d) => socket.write(d));
  });
  await new Promise((resolve) => server.listen(socketPath, resolve));
  return {
    seen,
    close: () =>
      new Promise((resolve) => {
        for (const s of upgraded) s.destroy();
        server.closeAllConnections();
        server.close(resolve);
      }),
  };
}

/** A raw HTTP request (so the Host header and Upgrade are ours to choose); the status line and the rest. */
function raw(port, lines, after) {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => socket.write(`${lines.join('\r\n')}\r\n\r\n${after ?? ''}`));
    let text = '';
    socket.on('data', (d) => {
      text += d.toString();
      if (after !== undefined && text.includes(after)) {
        socket.destroy();
        resolve(text);
      }
    });
    socket.on('end', () => resolve(text));
    socket.on('close', () => resolve(text));
    socket.on('error', reject);
    setTimeout(() => {
      socket.destroy();
      resolve(text);
    }, 3000).unref();
  });
}

describe('npm start: the token gate in front of code-server', () => {
  let dir;
  let upstream;
  let gate;
  let port;
  const token = newToken();

  before(async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'ase-gate-'));
    const socketPath = path.join(dir, 'cs.sock');
    upstream = await startUpstream(socketPath);
    port = await findFreePort();
    gate = await startGate({ port, socketPath, token });
  });
  after(async () => {
    await gate?.close();
    await upstream?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('tokens are random and URL-safe', () => {
    assert.match(token, /^[A-Za-z0-9_-]{43}$/);
    assert.notEqual(newToken(), token);
  });

  it('refuses a request without the token, with a wrong one, or with a stale cookie, and code-server never sees it', async () => {
    const before = upstream.seen.length;
    for (const [url, headers] of [
      [`${gate.origin}/?folder=/w`, {}],
      [`${gate.origin}/?folder=/w&tkn=${'x'.repeat(token.length)}`, {}],
      [`${gate.origin}/healthz`, { Cookie: `${cookieName(port)}=${newToken()}` }],
      [`${gate.origin}/stable-abc/static/out/vs/code/browser/workbench/workbench.js`, {}],
    ]) {
      const r = await fetch(url, { headers, redirect: 'manual' });
      assert.equal(r.status, 401, url);
      assert.match(await r.text(), /URL that `npm start` printed/);
    }
    assert.equal(upstream.seen.length, before);
  });

  it('the printed URL sets an HttpOnly cookie and drops the token from the address; the cookie then reaches code-server, minus itself', async () => {
    const printed = gate.urlFor('/?folder=%2Fw%2Fdemo');
    assert.equal(new URL(printed).searchParams.get('tkn'), token);
    const first = await fetch(printed, { redirect: 'manual' });
    assert.equal(first.status, 302);
    assert.equal(first.headers.get('location'), '/?folder=%2Fw%2Fdemo');
    const setCookie = first.headers.get('set-cookie');
    assert.equal(setCookie, `${cookieName(port)}=${token}; Path=/; HttpOnly; SameSite=Strict`);
    const page = await fetch(new URL(first.headers.get('location'), gate.origin), { headers: { Cookie: `theme=dark; ${setCookie.split(';')[0]}` } });
    assert.equal(page.status, 200);
    assert.deepEqual(await page.json(), { url: '/?folder=%2Fw%2Fdemo', cookie: 'theme=dark' }, 'code-server gets the other cookies, never the token');
    assert.equal(page.headers.get('set-cookie'), 'upstream=1', 'its own answers pass unchanged');
  });

  it('refuses a request for another Host (DNS rebinding), even with the token', async () => {
    const text = await raw(port, [`GET /?tkn=${token} HTTP/1.1`, 'Host: evil.example:80', 'Connection: close']);
    assert.match(text, /^HTTP\/1\.1 421 /);
  });

  it('WebSockets: refused without the cookie (the URL token alone is not enough), passed through with it', async () => {
    const upgrade = (cookieLine) => [
      `GET /stable-abc?reconnectionToken=1 HTTP/1.1`,
      `Host: 127.0.0.1:${port}`,
      'Upgrade: websocket',
      'Connection: Upgrade',
      'Sec-WebSocket-Version: 13',
      'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
      ...cookieLine,
    ];
    const before = upstream.seen.length;
    assert.match(await raw(port, upgrade([])), /^HTTP\/1\.1 401 /);
    const withUrlToken = await raw(port, [`GET /stable-abc?tkn=${token} HTTP/1.1`, ...upgrade([]).slice(1)]);
    assert.match(withUrlToken, /^HTTP\/1\.1 401 /);
    assert.equal(upstream.seen.length, before, 'code-server saw none of them');
    const open = await raw(port, upgrade([`Cookie: ${cookieName(port)}=${token}`]), 'ping-through-the-gate');
    assert.match(open, /^HTTP\/1\.1 101 /);
    assert.match(open, /ping-through-the-gate/, 'bytes flow both ways');
    assert.equal(upstream.seen.at(-1).cookie, undefined, 'the token cookie is not forwarded');
  });
});
