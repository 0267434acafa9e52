import { strict as assert } from 'node:assert';
import { execFileSync } from 'node:child_process';
import { CLIENT_CONFIGS, ClientId, Connection, headersHelperCommand } from '../../../src/mcp/client-configs';
import { shellQuote } from '../../../src/core/shell-quote';
import { planSetup } from '../../../src/hooks/setup/plan';

/** The client's MCP file as "Set Up Agent Safe Edit for Other Agents…" merges it: the setup's planner with the helper's entries. */
function withOurServer(client: ClientId, current: string | undefined, c: Connection) {
  const [file] = planSetup({ agents: [client], scope: 'workspace', remove: false, only: 'mcp', hookCommand: () => '', mcpEntry: () => CLIENT_CONFIGS[client].entry(c) });
  assert.equal(file.rel, CLIENT_CONFIGS[client].file);
  const r = file.edit(current);
  return r.ok ? { ok: true as const, text: r.text! } : r;
}

// Our server written into another agent's workspace configuration, merged, with no secret in it.
describe('MCP client configurations', () => {
  const c = { url: 'http://127.0.0.1:4321/mcp', helper: '/home/u/.config/Code/User/globalStorage/x/mcp/mcp-connect.js', workspace: '/home/u/proj', platform: 'linux' as const };

  it('creates the file with our server, in each agent\'s shape: Claude Code over HTTP with a headers helper, Cursor through the stdio helper', () => {
    const claude = withOurServer('claude-code', undefined, c);
    assert.ok(claude.ok);
    if (claude.ok) {
      assert.deepEqual(JSON.parse(claude.text), { mcpServers: { 'agent-safe-edit': { type: 'http', url: c.url, headersHelper: `node ${c.helper} headers --workspace /home/u/proj --url ${c.url}` } } });
    }
    const cursor = withOurServer('cursor', '', c);
    assert.ok(cursor.ok);
    if (cursor.ok) assert.deepEqual(JSON.parse(cursor.text).mcpServers['agent-safe-edit'], { command: 'node', args: [c.helper, 'stdio', '--workspace', '/home/u/proj'] });
  });

  it('no entry carries a token or an Authorization header', () => {
    for (const client of ['claude-code', 'cursor'] as const) {
      const r = withOurServer(client, undefined, c);
      assert.ok(r.ok);
      if (r.ok) assert.doesNotMatch(r.text, /Authorization|Bearer|token/i, client);
    }
  });

  it('keeps the other servers, keys and comments; replaces only our entry (an old entry with a token goes)', () => {
    const before = '{\n  // the team\'s servers\n  "mcpServers": {\n    "github": { "command": "gh-mcp" },\n    "agent-safe-edit": { "url": "http://127.0.0.1:1/mcp", "headers": { "Authorization": "Bearer old" } }\n  },\n  "other": 1\n}\n';
    const r = withOurServer('claude-code', before, c);
    assert.ok(r.ok);
    if (!r.ok) return;
    assert.match(r.text, /\/\/ the team's servers/);
    assert.match(r.text, /"github": \{ "command": "gh-mcp" \}/);
    assert.match(r.text, /"other": 1/);
    assert.match(r.text, /127\.0\.0\.1:4321/);
    assert.doesNotMatch(r.text, /127\.0\.0\.1:1\/|Bearer old/);
  });

  it('refuses a file that is not a JSON object rather than overwrite it', () => {
    for (const bad of ['[1, 2]', '{ "mcpServers": ', 'not json']) {
      const r = withOurServer('cursor', bad, c);
      assert.equal(r.ok, false, bad);
    }
  });

  it('the headers helper\'s command line reaches the program as the same arguments through /bin/sh, whatever the paths hold', () => {
    const odd = { ...c, helper: "/tmp/it's a $HOME `x` \"dir\"/mcp-connect.js", workspace: '/tmp/a b;echo pwned' };
    const line = headersHelperCommand(odd).replace(/^node /, `${shellQuote(process.execPath, 'linux')} -e "console.log(JSON.stringify(process.argv.slice(1)))" `);
    const argv = JSON.parse(execFileSync('/bin/sh', ['-c', line], { encoding: 'utf8' }));
    assert.deepEqual(argv, [odd.helper, 'headers', '--workspace', odd.workspace, '--url', c.url]);
  });

  it('quotes for cmd.exe with double quotes on Windows', () => {
    assert.equal(shellQuote('C:\\Users\\a b\\mcp-connect.js', 'win32'), '"C:\\Users\\a b\\mcp-connect.js"');
  });
});
