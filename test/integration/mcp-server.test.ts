import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as http from 'node:http';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { activateExtension, closeAllEditors, freshDir, sha256, workspaceRoot, writeBytes } from './helpers';

// Issue 17: the MCP server the extension serves from the extension host, driven by the SDK's
// own client as an agent outside VS Code would (Claude Code, Codex, Cline…).
describe('MCP server: the same tools for MCP clients', () => {
  let api: any;
  let connection: { url: string; token: string };
  const clients: Client[] = [];
  before(async () => {
    api = await activateExtension();
    connection = await vscode.commands.executeCommand('agentSafeEdit.showMcpConnection', { quiet: true }) as any;
    assert.ok(connection?.url, 'the server runs by default');
  });
  after(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
  });

  /** token null: no Authorization header at all. */
  async function connect(name: string, token: string | null = connection.token): Promise<Client> {
    const client = new Client({ name, version: '1.0.0' });
    const headers: Record<string, string> = token === null ? {} : { Authorization: `Bearer ${token}` };
    await client.connect(new StreamableHTTPClientTransport(new URL(connection.url), { requestInit: { headers } }));
    clients.push(client);
    return client;
  }

  async function call(client: Client, name: string, args: Record<string, unknown>): Promise<{ json: any; isError: boolean }> {
    const r: any = await client.callTool({ name, arguments: args });
    const json = JSON.parse(r.content[0].text);
    assert.deepEqual(r.structuredContent, json, 'structured content is the same JSON');
    return { json, isError: r.isError === true };
  }

  it('listens on 127.0.0.1 only and lists every tool with the schema VS Code has, and annotations', async () => {
    assert.match(connection.url, /^http:\/\/127\.0\.0\.1:\d+\/mcp$/);
    const client = await connect('list-test');
    const { tools } = await client.listTools();
    const manifest = vscode.extensions.getExtension('agent-safe-edit.agent-safe-edit')!.packageJSON.contributes.languageModelTools as any[];
    assert.deepEqual(tools.map((t) => t.name).sort(), manifest.map((t) => t.name).sort());
    for (const t of manifest) {
      const listed = tools.find((x) => x.name === t.name)!;
      assert.deepEqual(listed.inputSchema, t.inputSchema, `${t.name}: same input schema`);
      assert.equal(listed.description, t.modelDescription);
    }
    const byName = new Map(tools.map((t) => [t.name, t.annotations]));
    assert.equal(byName.get('safe_read_file')?.readOnlyHint, true);
    assert.equal(byName.get('write_file')?.readOnlyHint, false);
    assert.equal(byName.get('write_file')?.destructiveHint, true);
    assert.equal(byName.get('execute_program')?.openWorldHint, true);
  });

  it('an edit through MCP is guarded, backed up, journaled with the client\'s name, and rolled back through MCP', async () => {
    const d = freshDir('mcp-edit');
    const rel = `${d.rel}/calc.c`;
    const abs = path.join(d.abs, 'calc.c');
    const original = '/* calculator */\n' + 'int op(int a, int b) { return a + b; }\n'.repeat(88);
    fs.writeFileSync(abs, original);
    const client = await connect('mcp-test-agent');

    const read = await call(client, 'safe_read_file', { path: rel });
    assert.equal(read.isError, false, JSON.stringify(read.json));
    // the seed incident: a whole-file write of "}" is refused as data, isError set, file intact
    const wipe = await call(client, 'write_file', { path: rel, base_sha256: read.json.sha256, content: '}' });
    assert.equal(wipe.isError, true);
    assert.equal(wipe.json.error_type, 'SIZE_REDUCTION_BLOCKED', JSON.stringify(wipe.json));
    assert.equal(fs.readFileSync(abs, 'utf8'), original);

    const edit = await call(client, 'replace_in_file', { path: rel, base_sha256: read.json.sha256, old_text: '/* calculator */', new_text: '/* calculator v2 */' });
    assert.equal(edit.isError, false, JSON.stringify(edit.json));
    assert.match(fs.readFileSync(abs, 'utf8'), /calculator v2/);
    const entry = api.services.store.list(rel).find((e: any) => e.outcome === 'applied');
    assert.equal(entry.client, 'mcp:mcp-test-agent', JSON.stringify(entry));
    assert.ok(entry.turn_id, 'an MCP session groups its calls into turns');
    const blocked = api.services.store.list(rel).find((e: any) => e.outcome === 'blocked');
    assert.equal(blocked?.client, 'mcp:mcp-test-agent', 'attempts are attributed too');
    assert.ok(api.services.activity.events.some((e: any) => e.client === 'mcp:mcp-test-agent' && e.tool === 'replace_in_file'), 'the dashboard\'s activity log names the client');

    // the dashboard names the client and the change's author
    const state = await api.ui.dashboard.buildState();
    assert.ok(state.clients.some((c: any) => c.client === 'mcp:mcp-test-agent' && c.calls >= 3), JSON.stringify(state.clients));
    assert.equal(state.entries.find((e: any) => e.path === rel && e.outcome === 'applied')?.client, 'mcp:mcp-test-agent');

    const back = await call(client, 'rollback_file', { path: rel });
    assert.equal(back.isError, false, JSON.stringify(back.json));
    assert.equal(fs.readFileSync(abs, 'utf8'), original);
    const mcp = await vscode.commands.executeCommand('agentSafeEdit.showMcpConnection', { quiet: true }) as any;
    assert.ok(mcp.clients.includes('mcp-test-agent'), JSON.stringify(mcp.clients));
  });

  it('"Roll Back Agent Turn" undoes an MCP session\'s turn: both files it changed, nothing else', async () => {
    const d = freshDir('mcp-turn');
    const files = ['a.txt', 'b.txt'].map((n) => ({ rel: `${d.rel}/${n}`, abs: path.join(d.abs, n) }));
    for (const f of files) fs.writeFileSync(f.abs, `${f.rel} before\n`);
    const client = await connect('turn-agent');
    for (const f of files) {
      const r = await call(client, 'safe_read_file', { path: f.rel });
      const w = await call(client, 'write_file', { path: f.rel, base_sha256: r.json.sha256, content: `${f.rel} after\n` });
      assert.equal(w.isError, false, JSON.stringify(w.json));
    }
    const turnIds = new Set(files.map((f) => api.services.store.list(f.rel)[0].turn_id));
    assert.equal(turnIds.size, 1, 'one MCP session, one turn');
    const out: any = await vscode.commands.executeCommand('agentSafeEdit.rollbackTurn', { turnIndex: 0, confirm: false, uiToken: api.services.uiTokenForTests() });
    assert.equal(out.ok, true, JSON.stringify(out));
    assert.deepEqual([...out.restored].sort(), files.map((f) => f.rel).sort());
    for (const f of files) assert.equal(fs.readFileSync(f.abs, 'utf8'), `${f.rel} before\n`);
  });

  it('"Write MCP Configuration" puts the server into .mcp.json (merged) and .cursor/mcp.json with no token in them, readable by the user only; each client connects through the helper', async () => {
    const root = workspaceRoot();
    const claudeFile = path.join(root, '.mcp.json');
    fs.writeFileSync(claudeFile, '{\n  "mcpServers": { "github": { "command": "gh-mcp" } }\n}\n', { mode: 0o644 });
    fs.rmSync(path.join(root, '.cursor'), { recursive: true, force: true });
    try {
      const out: any = await vscode.commands.executeCommand('agentSafeEdit.writeMcpConfiguration', { clients: ['claude-code', 'cursor'], confirm: false, uiToken: api.services.uiTokenForTests() });
      assert.equal(out.ok, true, JSON.stringify(out));
      const claude = JSON.parse(fs.readFileSync(claudeFile, 'utf8'));
      assert.deepEqual(claude.mcpServers.github, { command: 'gh-mcp' }, 'the other server is kept');
      const ours = claude.mcpServers['agent-safe-edit'];
      assert.equal(ours.type, 'http');
      assert.equal(ours.url, connection.url);
      const cursorFile = path.join(root, '.cursor', 'mcp.json');
      const cursor = JSON.parse(fs.readFileSync(cursorFile, 'utf8')).mcpServers['agent-safe-edit'];
      // No secret anywhere in the workspace, and every configuration written is the user's alone.
      assert.deepEqual(filesHolding(root, connection.token), []);
      assert.equal(fs.statSync(claudeFile).mode & 0o777, 0o600);
      assert.equal(fs.statSync(cursorFile).mode & 0o777, 0o600);
      // written like every change: backed up and journaled as the user's command
      assert.equal(api.services.store.list('.mcp.json')[0]?.tool, 'write_mcp_configuration');

      // The user-only side: the helper and this start's connection file, outside the workspace.
      const live = await vscode.commands.executeCommand('agentSafeEdit.showMcpConnection', { quiet: true }) as any;
      assert.ok(!live.connectionFile.startsWith(root) && !live.helper.startsWith(root), live.connectionFile);
      assert.equal(fs.statSync(live.connectionFile).mode & 0o777, 0o600);
      assert.equal(fs.statSync(path.dirname(live.connectionFile)).mode & 0o777, 0o700);
      assert.equal(fs.statSync(path.dirname(live.helper)).mode & 0o777, 0o700);
      assert.equal(fs.statSync(live.helper).mode & 0o777, 0o600);

      // Claude Code: runs headersHelper through the shell (with the URL it connects to) and sends what it prints.
      const helped = spawnSync('/bin/sh', ['-c', ours.headersHelper], { cwd: root, encoding: 'utf8', env: { ...process.env, CLAUDE_CODE_MCP_SERVER_NAME: 'agent-safe-edit', CLAUDE_CODE_MCP_SERVER_URL: ours.url } });
      assert.equal(helped.status, 0, helped.stderr);
      const headers = JSON.parse(helped.stdout);
      assert.deepEqual(headers, { Authorization: `Bearer ${connection.token}` });
      const claudeClient = new Client({ name: 'claude-code', version: '1.0.0' });
      await claudeClient.connect(new StreamableHTTPClientTransport(new URL(ours.url), { requestInit: { headers } }));
      clients.push(claudeClient);
      assert.ok((await claudeClient.listTools()).tools.some((t) => t.name === 'safe_patch'));

      // Cursor: starts the helper as a stdio server, which relays to this window.
      const d = freshDir('mcp-cursor');
      fs.writeFileSync(path.join(d.abs, 'a.txt'), 'before\n');
      const cursorClient = new Client({ name: 'cursor', version: '1.0.0' });
      await cursorClient.connect(new StdioClientTransport({ command: cursor.command, args: cursor.args, cwd: root }));
      clients.push(cursorClient);
      const read = await call(cursorClient, 'safe_read_file', { path: `${d.rel}/a.txt` });
      const written = await call(cursorClient, 'write_file', { path: `${d.rel}/a.txt`, base_sha256: read.json.sha256, content: 'after\n' });
      assert.equal(written.isError, false, JSON.stringify(written.json));
      assert.equal(fs.readFileSync(path.join(d.abs, 'a.txt'), 'utf8'), 'after\n');
      assert.equal(api.services.store.list(`${d.rel}/a.txt`)[0]?.client, 'mcp:cursor');
    } finally {
      fs.rmSync(claudeFile, { force: true });
      fs.rmSync(path.join(root, '.cursor'), { recursive: true, force: true });
    }
  });

  it('a wrong or missing token is refused (401) and reaches no tool', async () => {
    await assert.rejects(connect('no-token', null), /401|Unauthorized|token/i);
    await assert.rejects(connect('bad-token', connection.token.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'))), /401|Unauthorized|token/i);
    const raw = await fetch(connection.url, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    assert.equal(raw.status, 401);
  });

  it('an unknown tool name answers isError with the tool list', async () => {
    const client = await connect('unknown-tool');
    const r = await call(client, 'apply_patch', { input: '*** Begin Patch' });
    assert.equal(r.isError, true);
    assert.match(r.json.message, /safe_patch/);
  });

  it('safeEdit.mcp.enabled off stops the server and removes its connection file (the helper hands out nothing); on again: the same port, a new token, the old one refused with 401', async () => {
    const before = await vscode.commands.executeCommand('agentSafeEdit.showMcpConnection', { quiet: true }) as any;
    const config = vscode.workspace.getConfiguration('safeEdit');
    await config.update('mcp.enabled', false, vscode.ConfigurationTarget.Global);
    try {
      let off: any = connection;
      for (let i = 0; i < 50 && off; i++) { await new Promise((r) => setTimeout(r, 100)); off = await vscode.commands.executeCommand('agentSafeEdit.showMcpConnection', { quiet: true }); }
      assert.equal(off, undefined, 'no server while the setting is off');
      await assert.rejects(fetch(connection.url, { method: 'POST' }));
      assert.equal(fs.existsSync(before.connectionFile), false, 'the connection file is gone');
      const helped = spawnSync(process.execPath, [before.helper, 'headers', '--workspace', workspaceRoot(), '--url', connection.url], { encoding: 'utf8' });
      assert.equal(helped.status, 1);
      assert.equal(helped.stdout, '');
    } finally {
      await config.update('mcp.enabled', undefined, vscode.ConfigurationTarget.Global);
    }
    let on: any;
    for (let i = 0; i < 50 && !on; i++) { await new Promise((r) => setTimeout(r, 100)); on = await vscode.commands.executeCommand('agentSafeEdit.showMcpConnection', { quiet: true }); }
    assert.ok(on?.url, 'the server is back');
    assert.equal(on.url, connection.url, 'the port of last time, so a written configuration stays valid');
    assert.notEqual(on.token, connection.token, 'a new token at every start');
    assert.equal(JSON.parse(fs.readFileSync(on.connectionFile, 'utf8')).token, on.token);
    const raw = await fetch(on.url, { method: 'POST', headers: { Authorization: `Bearer ${connection.token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }) });
    assert.equal(raw.status, 401, 'the token of the previous start is refused');
    await assert.rejects(connect('old-token', connection.token), /401|token/i);
    connection = on;
    const client = await connect('after-restart');
    assert.ok((await client.listTools()).tools.length > 0);
  });

  describe('execute_program and protected files over MCP: the user answers in VS Code, every time', () => {
    const config = () => vscode.workspace.getConfiguration('safeEdit');
    afterEach(async () => {
      api.services.setConsentAnswerForTests(undefined);
      await config().update('mcp.allowExecuteProgram', undefined, vscode.ConfigurationTarget.Global);
      await closeAllEditors();
    });

    it('off by default: PERMISSION_DENIED naming safeEdit.mcp.allowExecuteProgram, nothing run, nobody asked', async () => {
      const d = freshDir('mcp-exec-off');
      const client = await connect('exec-agent');
      api.services.setConsentAnswerForTests('allow');
      const r = await call(client, 'execute_program', { program: 'touch', args: ['ran.txt'], cwd: d.rel });
      assert.equal(r.isError, true);
      assert.equal(r.json.error_type, 'PERMISSION_DENIED', JSON.stringify(r.json));
      assert.equal(r.json.setting, 'safeEdit.mcp.allowExecuteProgram');
      assert.match(r.json.message, /safeEdit\.mcp\.allowExecuteProgram/);
      assert.equal(fs.existsSync(path.join(d.abs, 'ran.txt')), false);
      assert.equal(api.services.consentPromptsForTests().length, 0);
    });

    it('turned on in the user settings, each run is asked in a dialog naming the resolved program, each argument and the folder; declined runs nothing', async () => {
      const d = freshDir('mcp-exec-on');
      await config().update('mcp.allowExecuteProgram', true, vscode.ConfigurationTarget.Global);
      const client = await connect('exec-agent-2');
      api.services.setConsentAnswerForTests('deny');
      const no = await call(client, 'execute_program', { program: 'touch', args: ['declined.txt'], cwd: d.rel });
      assert.equal(no.json.error_type, 'PERMISSION_DENIED', JSON.stringify(no.json));
      assert.equal(fs.existsSync(path.join(d.abs, 'declined.txt')), false);
      const [asked] = api.services.consentPromptsForTests();
      assert.match(asked.message, /exec-agent-2.*wants to run \/\S*\/touch/);
      assert.match(asked.detail, /program {2}= "\/\S*\/touch"/);
      assert.ok(asked.detail.includes(`cwd      = ${JSON.stringify(d.abs)}`), asked.detail);
      assert.ok(asked.detail.includes('argv[1]  = "declined.txt"'), asked.detail);
      api.services.setConsentAnswerForTests('allow');
      for (const name of ['one.txt', 'two.txt']) {
        const ok = await call(client, 'execute_program', { program: 'touch', args: [name], cwd: d.rel });
        assert.equal(ok.isError, false, JSON.stringify(ok.json));
        assert.ok(fs.existsSync(path.join(d.abs, name)));
      }
      assert.equal(api.services.consentPromptsForTests().length, 2, 'asked for each run, not once for the session');
    });

    it('a protected file edited over MCP asks the user in a dialog (no chat to confirm in): declined leaves it, allowed writes it', async () => {
      const d = freshDir('mcp-protected');
      const rel = `${d.rel}/.vscode/settings.json`;
      const abs = path.join(d.abs, '.vscode', 'settings.json');
      writeBytes(abs, '{\n  "editor.tabSize": 2\n}\n');
      const client = await connect('protected-agent');
      const next = '{\n  "editor.tabSize": 2,\n  "chat.tools.global.autoApprove": true\n}\n';
      api.services.setConsentAnswerForTests('deny');
      const no = await call(client, 'write_file', { path: rel, base_sha256: sha256('{\n  "editor.tabSize": 2\n}\n'), content: next });
      assert.equal(no.json.error_type, 'PERMISSION_DENIED', JSON.stringify(no.json));
      assert.equal(fs.readFileSync(abs, 'utf8'), '{\n  "editor.tabSize": 2\n}\n');
      const declined = api.services.consentPromptsForTests();
      assert.equal(declined.length, 1);
      assert.match(declined[0].detail, /chat\.tools\.global\.autoApprove/);
      api.services.setConsentAnswerForTests('allow');
      const ok = await call(client, 'write_file', { path: rel, base_sha256: sha256('{\n  "editor.tabSize": 2\n}\n'), content: next });
      assert.equal(ok.isError, false, JSON.stringify(ok.json));
      assert.equal(fs.readFileSync(abs, 'utf8'), next);
      assert.equal(api.services.consentPromptsForTests().length, 1, 'asked again for this call');
    });
  });

  describe('sessions and request size', () => {
    it('clients that never end their sessions do not lock out a new one: the least recently used session makes room', async () => {
      const first = await connect('first-of-many');
      await call(first, 'list_backups', { path: 'README.md' });
      for (let i = 0; i < 64; i++) await connect(`crowd-${i}`);
      const latest = await connect('latest');
      assert.ok((await latest.listTools()).tools.length > 0, 'the 66th client is served');
      const open = (await vscode.commands.executeCommand('agentSafeEdit.showMcpConnection', { quiet: true }) as any).clients as string[];
      assert.ok(open.length <= 64, `${open.length} sessions open`);
      assert.ok(!open.includes('first-of-many'), 'the least recently used session was closed');
      await assert.rejects(first.callTool({ name: 'list_backups', arguments: { path: 'README.md' } }), /404|unknown session/);
    });

    it('a call of more than 5 MB reaches the tool (over the SDK\'s own 4 MiB default); a body just above the server\'s limit gets 413 naming it', async () => {
      const d = freshDir('mcp-large');
      fs.writeFileSync(path.join(d.abs, 'small.txt'), 'one line\n');
      const client = await connect('large-caller');
      // A text the file does not hold: the tool's own answer (NO_MATCH) proves the body reached it.
      const big = 'x'.repeat(79).concat('\n').repeat(Math.ceil((5 * 1024 * 1024) / 80));
      const r = await call(client, 'replace_in_file', { path: `${d.rel}/small.txt`, old_text: big, new_text: 'y' });
      assert.equal(r.json.error_type, 'NO_MATCH', JSON.stringify(r.json).slice(0, 300));
      assert.equal(fs.readFileSync(path.join(d.abs, 'small.txt'), 'utf8'), 'one line\n');
      const answer = await declaredBodyOf(64 * 1024 * 1024 + 1);
      assert.equal(answer.status, 413);
      assert.match(JSON.parse(answer.body).error.message, /at most 67108864 bytes/);
    });
  });

  /** POSTs a body that declares `bytes` bytes, sends the first few, and returns the server's early answer. */
  function declaredBodyOf(bytes: number): Promise<{ status: number; body: string }> {
    return new Promise((resolve, reject) => {
      const url = new URL(connection.url);
      const req = http.request({ host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers: { Authorization: `Bearer ${connection.token}`, 'Content-Type': 'application/json', Accept: 'application/json, text/event-stream', 'Content-Length': String(bytes) } }, (res) => {
        let body = '';
        res.on('data', (c: Buffer) => { body += c.toString('utf8'); });
        res.on('end', () => { req.destroy(); resolve({ status: res.statusCode ?? 0, body }); });
      });
      req.on('error', (e) => { if (!req.destroyed) reject(e); });
      req.write('{"jsonrpc":"2.0","id":1,');
    });
  }

  /** Files under `dir` (below 1 MB) whose bytes contain `secret`. */
  function filesHolding(dir: string, secret: string): string[] {
    const found: string[] = [];
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) found.push(...filesHolding(p, secret));
      else if (e.isFile() && fs.statSync(p).size < 1024 * 1024 && fs.readFileSync(p).includes(secret)) found.push(p);
    }
    return found;
  }
});
