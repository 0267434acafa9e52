// The door of `npm start`: code-server listens on a Unix socket in a folder only this user can
// enter, and this gate, on 127.0.0.1, is the only way to it over TCP. It lets a browser in
// with the random token of the URL that `npm start` prints (`?tkn=…`, exchanged at once for an
// HttpOnly cookie and dropped from the address bar, like a VS Code server's connection token)
// and refuses everything else, HTTP and WebSocket alike: on a shared machine, another user on
// the host would otherwise get this user's editor, terminal and files.
//
// code-server 4.139 offers no token in the URL: its only authentication is a password typed
// into a login page, and the VS Code server inside it is started without a connection token.

import { randomBytes, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import net from 'node:net';

/** The query parameter that carries the token in the printed URL (VS Code's own name for it). */
export const TOKEN_PARAM = 'tkn';

/** A fresh token: 32 random bytes, URL-safe. */
export function newToken() {
  return randomBytes(32).toString('base64url');
}

/** The cookie that holds the token, one per port (cookies do not tell ports apart). */
export function cookieName(port) {
  return `ase-start-token-${port}`;
}

/** True when `given` is the token (compared in constant time). */
function isToken(given, token) {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** The value of cookie `name` in a Cookie header, and the header without it. */
function splitCookie(header, name) {
  let value;
  const others = [];
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    const key = (at < 0 ? part : part.slice(0, at)).trim();
    if (key === name) value = part.slice(at + 1).trim();
    else if (part.trim() !== '') others.push(part.trim());
  }
  return { value, rest: others.join('; ') };
}

/**
 * Starts the gate on 127.0.0.1:`port` in front of the HTTP server on `socketPath`.
 * @param {{ port: number, socketPath: string, token: string, log?: (line: string) => void }} o
 * @returns {Promise<{ origin: string, urlFor: (pathAndQuery: string) => string, close: () => Promise<void> }>}
 */
export async function startGate({ port, socketPath, token, log = () => {} }) {
  const cookie = cookieName(port);
  const hosts = new Set([`127.0.0.1:${port}`, `localhost:${port}`]);

  /** 'ok', 'redeem' (a URL with the token: set the cookie) or why the request is refused. */
  const judge = (req, url) => {
    // A page on another site that made its name resolve to 127.0.0.1 still sends its own Host.
    if (!hosts.has(req.headers.host ?? '')) return { status: 421, why: 'unexpected Host header' };
    if (isToken(splitCookie(req.headers.cookie, cookie).value, token)) return { status: 200 };
    if (isToken(url.searchParams.get(TOKEN_PARAM), token)) return { status: 302 };
    return { status: 401, why: 'no valid token' };
  };

  /** The request's headers as code-server gets them: our cookie removed, the rest as sent. */
  const forwardedHeaders = (req) => {
    const headers = { ...req.headers };
    const { rest } = splitCookie(req.headers.cookie, cookie);
    if (rest) headers.cookie = rest;
    else delete headers.cookie;
    return headers;
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const verdict = judge(req, url);
    if (verdict.status === 302) {
      url.searchParams.delete(TOKEN_PARAM);
      res.writeHead(302, {
        Location: `${url.pathname}${url.search}`,
        'Set-Cookie': `${cookie}=${token}; Path=/; HttpOnly; SameSite=Strict`,
        'Cache-Control': 'no-store',
      });
      res.end();
      return;
    }
    if (verdict.status !== 200) {
      log(`[gate] refused ${req.method} ${url.pathname}: ${verdict.why}`);
      res.writeHead(verdict.status, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end("Open the URL that `npm start` printed (it carries this run's access token).\n");
      return;
    }
    const upstream = http.request({ socketPath, method: req.method, path: req.url, headers: forwardedHeaders(req) }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      if (!res.headersSent) res.writeHead(502, { 'Content-Type': 'text/plain; charset=utf-8' });
      res.end(`code-server did not answer: ${error.message}\n`);
    });
    res.on('close', () => upstream.destroy());
    req.pipe(upstream);
  });

  // WebSockets (the workbench's connection to the server, terminals, the extension host).
  const tunnels = new Set();
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', `http://127.0.0.1:${port}`);
    const verdict = judge(req, url);
    if (verdict.status !== 200) {
      log(`[gate] refused a WebSocket to ${url.pathname}: ${verdict.why ?? 'the token is redeemed by a page load, not a WebSocket'}`);
      socket.end(`HTTP/1.1 ${verdict.status === 302 ? 401 : verdict.status} Refused\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
      return;
    }
    const upstream = net.connect(socketPath, () => {
      const lines = [`${req.method} ${req.url} HTTP/${req.httpVersion}`];
      for (const [name, value] of Object.entries(forwardedHeaders(req))) {
        for (const v of Array.isArray(value) ? value : [value]) if (v !== undefined) lines.push(`${name}: ${v}`);
      }
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head?.length) upstream.write(head);
      upstream.pipe(socket);
      socket.pipe(upstream);
    });
    tunnels.add(socket);
    const close = () => {
      tunnels.delete(socket);
      upstream.destroy();
      socket.destroy();
    };
    upstream.on('error', close);
    socket.on('error', close);
    upstream.on('close', close);
    socket.on('close', close);
  });

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  const origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    urlFor(pathAndQuery) {
      const url = new URL(pathAndQuery, origin);
      url.searchParams.set(TOKEN_PARAM, token);
      return url.href;
    },
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of tunnels) socket.destroy();
      }),
  };
}
