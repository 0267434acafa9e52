import { strict as assert } from 'node:assert';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallTool, McpEndpoint, McpServerOptions, startMcpHttpServer } from '../../../src/mcp/http-server';

// The HTTP MCP server on its own, in plain Node, with a stand-in for the tools: token per start,
// session expiry and eviction, the request body limit. (test/integration/mcp-server.test.ts
// drives the same server inside VS Code.)
describe('MCP HTTP server: tokens, sessions, body limit', () => {
  const endpoints: McpEndpoint[] = [];
  const clients: Client[] = [];
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close().catch(() => undefined);
    for (const e of endpoints.splice(0)) await e.close();
  });

  /** A tool that answers with the size of its `content` argument, or waits for `hold` to be released. */
  const echo: CallTool = async (name, args) => {
    const a = args as { content?: string; hold?: boolean };
    if (a.hold) await held;
    const result = { success: true, message: `${name} ok`, chars: a.content?.length ?? 0 };
    return { result, text: JSON.stringify(result) };
  };
  let release: () => void = () => undefined;
  let held: Promise<void> = Promise.resolve();

  async function start(o: Partial<McpServerOptions> = {}): Promise<McpEndpoint> {
    const e = await startMcpHttpServer({ version: '0.0.0', callTool: echo, log: () => undefined, ...o });
    endpoints.push(e);
    return e;
  }

  async function connect(e: { url: string }, token: string, name = 'test-client'): Promise<{ client: Client; transport: StreamableHTTPClientTransport }> {
    const client = new Client({ name, version: '1.0.0' });
    const transport = new StreamableHTTPClientTransport(new URL(e.url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } });
    await client.connect(transport);
    clients.push(client);
    return { client, transport };
  }

  async function waitFor(test: () => boolean, ms = 3000): Promise<boolean> {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      if (test()) return true;
      await new Promise((r) => setTimeout(r, 25));
    }
    return test();
  }

  it('each start has a new token: on the same port, the token of the previous start is refused with 401', async () => {
    const first = await start();
    const oldToken = first.token;
    const port = Number(new URL(first.url).port);
    await first.close();
    endpoints.splice(0);
    const second = await start({ port });
    assert.equal(second.url, first.url, 'the port of last time is taken again');
    assert.notEqual(second.token, oldToken);
    assert.match(second.token, /^[A-Za-z0-9_-]{43}$/);
    const raw = await fetch(second.url, {
      method: 'POST',
      headers: { Authorization: `Bearer ${oldToken}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' },
      body: '{}',
    });
    assert.equal(raw.status, 401);
    await assert.rejects(connect(second, oldToken), /wrong token/);
    const { client } = await connect(second, second.token);
    assert.ok((await client.listTools()).tools.length > 0);
  });

  it('a client that left without DELETE loses its session after the idle time; a connected one keeps it', async () => {
    const e = await start({ sessionIdleMs: 300 });
    const stays = await connect(e, e.token, 'stays');
    const leaves = await connect(e, e.token, 'leaves');
    assert.deepEqual(e.clients().sort(), ['leaves', 'stays']);
    await leaves.client.close(); // the SDK's close sends no DELETE
    assert.ok(await waitFor(() => e.clients().length === 1), `still open: ${e.clients()}`);
    assert.deepEqual(e.clients(), ['stays']);
    await new Promise((r) => setTimeout(r, 600));
    const r: any = await stays.client.callTool({ name: 'safe_read_file', arguments: {} });
    assert.equal(r.structuredContent.success, true, 'a client with its stream open is not idle');
  });

  it('at the session limit the least recently used session makes room: a new client is never locked out', async () => {
    const e = await start({ maxSessions: 3 });
    const a = await connect(e, e.token, 'a');
    const b = await connect(e, e.token, 'b');
    const c = await connect(e, e.token, 'c');
    await b.client.callTool({ name: 'safe_read_file', arguments: {} });
    await c.client.callTool({ name: 'safe_read_file', arguments: {} });
    const d = await connect(e, e.token, 'd');
    assert.deepEqual(e.clients().sort(), ['b', 'c', 'd']);
    await assert.rejects(a.client.callTool({ name: 'safe_read_file', arguments: {} }), /404|unknown session/);
    const r: any = await d.client.callTool({ name: 'safe_read_file', arguments: {} });
    assert.equal(r.structuredContent.success, true);
  });

  it('a session with a call in flight is never evicted; when every one is busy, a new client gets 503 saying so', async () => {
    const e = await start({ maxSessions: 1 });
    const a = await connect(e, e.token, 'busy');
    held = new Promise<void>((r) => {
      release = r;
    });
    const running = a.client.callTool({ name: 'execute_program', arguments: { hold: true } });
    await new Promise((r) => setTimeout(r, 100));
    await assert.rejects(connect(e, e.token, 'late'), /503|busy/);
    release();
    const r: any = await running;
    assert.equal(r.structuredContent.success, true, 'the busy call finished');
    held = Promise.resolve();
  });

  describe('request body limit', () => {
    /** A tools/call body of exactly `bytes` bytes. */
    function bodyOf(bytes: number): string {
      const shell = JSON.stringify({ jsonrpc: '2.0', id: 7, method: 'tools/call', params: { name: 'write_file', arguments: { content: '' } } });
      return shell.replace('"content":""', `"content":"${'a'.repeat(bytes - Buffer.byteLength(shell))}"`);
    }
    async function post(e: McpEndpoint, sessionId: string, body: string, chunked: boolean): Promise<{ status: number; text: string }> {
      const headers: Record<string, string> = {
        Authorization: `Bearer ${e.token}`,
        'Content-Type': 'application/json',
        Accept: 'application/json, text/event-stream',
        'mcp-session-id': sessionId,
        'mcp-protocol-version': '2025-06-18',
      };
      const data = Buffer.from(body);
      const init: any = chunked
        ? {
            method: 'POST',
            headers,
            duplex: 'half',
            body: new ReadableStream({
              start(c) {
                for (let i = 0; i < data.length; i += 65536) c.enqueue(data.subarray(i, i + 65536));
                c.close();
              },
            }),
          }
        : { method: 'POST', headers, body: data };
      const r = await fetch(e.url, init);
      return { status: r.status, text: await r.text() };
    }

    it("a 5 MiB argument reaches the tool (the SDK's own 4 MiB default no longer applies)", async () => {
      const e = await start();
      const { client } = await connect(e, e.token);
      const r: any = await client.callTool({ name: 'write_file', arguments: { content: 'x'.repeat(5 * 1024 * 1024) } });
      assert.equal(r.structuredContent.chars, 5 * 1024 * 1024);
    });

    it('a body at the limit is served; one byte above gets 413 naming the limit, declared or streamed', async () => {
      const limit = 1024 * 1024;
      const e = await start({ maxBodyBytes: limit });
      const { transport } = await connect(e, e.token);
      const sessionId = transport.sessionId!;
      for (const chunked of [false, true]) {
        const ok = await post(e, sessionId, bodyOf(limit), chunked);
        assert.equal(ok.status, 200, `${chunked ? 'streamed' : 'declared'} at the limit: ${ok.text.slice(0, 200)}`);
        assert.match(ok.text, /write_file ok/);
        const over = await post(e, sessionId, bodyOf(limit + 1), chunked);
        assert.equal(over.status, 413, `${chunked ? 'streamed' : 'declared'} above the limit`);
        assert.match(JSON.parse(over.text).error.message, new RegExp(`${limit} bytes`));
      }
    });
  });
});
