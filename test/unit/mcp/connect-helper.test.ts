import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { CallTool, McpEndpoint, startMcpHttpServer } from '../../../src/mcp/http-server';
import { writeConnectionFile } from '../../../src/files/connection-file';

/** The helper as tsc compiled it (npm run compile-tests). */
const HELPER = path.resolve(__dirname, '../../../src/mcp-connect.js');

// The connection helper agents outside VS Code run: Claude Code's headersHelper, and the stdio
// relay Cursor starts. A real HTTP server in this process stands in for VS Code's.
describe('MCP connection helper (mcp-connect.js)', () => {
  let dir: string;
  let workspace: string;
  let endpoint: McpEndpoint;
  const clients: Client[] = [];
  const echo: CallTool = async (name, args) => {
    const result = { success: true, message: `${name} ran`, args };
    return { result, text: JSON.stringify(result) };
  };

  beforeEach(async () => {
    const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ase-helper-')));
    dir = path.join(base, 'mcp');
    workspace = path.join(base, 'project');
    fs.mkdirSync(workspace);
    endpoint = await startMcpHttpServer({ version: '0.0.0', callTool: echo, log: () => undefined });
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) await c.close().catch(() => undefined);
    await endpoint.close();
  });

  const publish = (pid = process.pid) => writeConnectionFile(dir, { url: endpoint.url, token: endpoint.token, pid, workspace });
  const headers = (args: string[], env: NodeJS.ProcessEnv = {}) => {
    const r = spawnSync(process.execPath, [HELPER, 'headers', '--workspace', workspace, '--dir', dir, ...args], {
      encoding: 'utf8',
      env: { ...process.env, CLAUDE_CODE_MCP_SERVER_URL: '', ...env },
    });
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };

  describe("headers (Claude Code's headersHelper)", () => {
    it('prints the Authorization header of the live server, which the server accepts', async () => {
      publish();
      const r = headers(['--url', endpoint.url]);
      assert.equal(r.code, 0, r.stderr);
      const printed = JSON.parse(r.stdout);
      assert.deepEqual(printed, { Authorization: `Bearer ${endpoint.token}` });
      const client = new Client({ name: 'claude-code', version: '1' });
      await client.connect(new StreamableHTTPClientTransport(new URL(endpoint.url), { requestInit: { headers: printed } }));
      clients.push(client);
      assert.ok((await client.listTools()).tools.some((t) => t.name === 'safe_patch'));
    });

    it("hands no token for another URL (a configuration that still names a port someone else took), from --url or from Claude Code's variable", () => {
      publish();
      const stale = 'http://127.0.0.1:1/mcp';
      for (const r of [headers(['--url', stale]), headers(['--url', endpoint.url], { CLAUDE_CODE_MCP_SERVER_URL: stale }), headers([])]) {
        assert.equal(r.code, 1);
        assert.equal(r.stdout, '');
        assert.ok(!r.stderr.includes(endpoint.token), 'the token is not printed anywhere');
      }
      assert.match(headers(['--url', stale]).stderr, /Write MCP Configuration/);
    });

    it('hands no token when VS Code is not serving the folder, or the process that wrote the file has ended', () => {
      const none = headers(['--url', endpoint.url]);
      assert.equal(none.code, 1);
      assert.match(none.stderr, /not serving Agent Safe Edit/);
      publish(999_999_999);
      const dead = headers(['--url', endpoint.url]);
      assert.equal(dead.code, 1);
      assert.equal(dead.stdout, '');
      assert.match(dead.stderr, /has ended/);
    });
  });

  describe('stdio (Cursor, and any client that starts stdio servers)', () => {
    async function connectStdio(): Promise<{ client: Client; stderr: () => string }> {
      const transport = new StdioClientTransport({ command: process.execPath, args: [HELPER, 'stdio', '--workspace', workspace, '--dir', dir], stderr: 'pipe' });
      let stderr = '';
      transport.stderr?.on('data', (d: Buffer) => {
        stderr += d.toString('utf8');
      });
      const client = new Client({ name: 'cursor', version: '1' });
      await client.connect(transport);
      clients.push(client);
      return { client, stderr: () => stderr };
    }

    it("relays a session to the server: tools listed and called, with the client's own name", async () => {
      publish();
      const { client } = await connectStdio();
      const { tools } = await client.listTools();
      assert.ok(tools.some((t) => t.name === 'write_file'));
      const r: any = await client.callTool({ name: 'write_file', arguments: { path: 'a.txt', content: 'x' } });
      assert.equal(r.structuredContent.success, true);
      assert.deepEqual(r.structuredContent.args, { path: 'a.txt', content: 'x' });
      assert.deepEqual(endpoint.clients(), ['cursor']);
      await client.close();
      const end = Date.now() + 3000;
      while (endpoint.clients().length > 0 && Date.now() < end) await new Promise((res) => setTimeout(res, 25));
      assert.deepEqual(endpoint.clients(), [], 'the relay ends its session when the client leaves');
    });

    it('when VS Code is not serving the folder, it still answers the handshake and tells the agent why on every call', async () => {
      const { client } = await connectStdio();
      assert.match(client.getInstructions() ?? '', /not serving Agent Safe Edit/);
      const r: any = await client.callTool({ name: 'safe_read_file', arguments: { path: 'a.txt' } });
      assert.equal(r.isError, true);
      assert.equal(r.structuredContent.reason, 'SERVER_UNAVAILABLE');
      assert.match(r.structuredContent.message, /not serving Agent Safe Edit.*tell the user/s);
    });
  });
});
