import { strict as assert } from 'node:assert';
import { withOurServer } from '../../../src/mcp/client-configs';

// Issue 17: our server written into another agent's workspace configuration, merged.
describe('MCP client configurations', () => {
  const c = { url: 'http://127.0.0.1:4321/mcp', token: 't'.repeat(43) };

  it('creates the file with our server, in each agent\'s shape', () => {
    const claude = withOurServer('claude-code', undefined, c);
    assert.ok(claude.ok);
    if (claude.ok) assert.deepEqual(JSON.parse(claude.text), { mcpServers: { 'agent-safe-edit': { type: 'http', url: c.url, headers: { Authorization: `Bearer ${c.token}` } } } });
    const cursor = withOurServer('cursor', '', c);
    assert.ok(cursor.ok);
    if (cursor.ok) assert.deepEqual(JSON.parse(cursor.text).mcpServers['agent-safe-edit'], { url: c.url, headers: { Authorization: `Bearer ${c.token}` } });
  });

  it('keeps the other servers, keys and comments; replaces only our entry', () => {
    const before = '{\n  // the team\'s servers\n  "mcpServers": {\n    "github": { "command": "gh-mcp" },\n    "agent-safe-edit": { "url": "http://127.0.0.1:1/mcp" }\n  },\n  "other": 1\n}\n';
    const r = withOurServer('claude-code', before, c);
    assert.ok(r.ok);
    if (!r.ok) return;
    assert.match(r.text, /\/\/ the team's servers/);
    assert.match(r.text, /"github": \{ "command": "gh-mcp" \}/);
    assert.match(r.text, /"other": 1/);
    assert.match(r.text, /127\.0\.0\.1:4321/);
    assert.doesNotMatch(r.text, /127\.0\.0\.1:1\//);
  });

  it('refuses a file that is not a JSON object rather than overwrite it', () => {
    for (const bad of ['[1, 2]', '{ "mcpServers": ', 'not json']) {
      const r = withOurServer('cursor', bad, c);
      assert.equal(r.ok, false, bad);
    }
  });
});
