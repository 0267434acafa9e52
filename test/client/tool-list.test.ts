import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, EXTENSION_ID, sha256, workspaceRoot } from '../integration/helpers';
import { runAgentTurn } from './agent';

interface ContributedTool { name: string; inputSchema: unknown }

function contributedTools(): ContributedTool[] {
  return vscode.extensions.getExtension(EXTENSION_ID)!.packageJSON.contributes.languageModelTools as ContributedTool[];
}

describe('real client: the tools Copilot agent mode offers the model', () => {
  before(async () => {
    await activateExtension();
  });

  it('offers every one of our tools under its own name with its own schema, and a call reaches our safe_read_file', async () => {
    const readme = fs.readFileSync(path.join(workspaceRoot(), 'README.md'), 'utf8');
    const turn = await runAgentTurn('Read README.md', [
      { tool_calls: [{ name: 'safe_read_file', arguments: { path: 'README.md' } }] },
      { text: 'I read it.' },
    ]);
    assert.ok(turn.requests.length >= 2, `expected the tool call and its follow-up request, got ${turn.requests.length}`);
    const offered = turn.requests[0].body.tools ?? [];
    const names = offered.map((t) => t.function.name);
    // Kept for the runner, which prints it: the list a reader checks names against.
    if (process.env.ASE_MODEL_LOG) fs.writeFileSync(path.join(path.dirname(process.env.ASE_MODEL_LOG), 'offered-tools.json'), JSON.stringify(names, null, 1));
    assert.equal(new Set(names).size, names.length, `a tool name is offered twice: ${names.join(', ')}`);
    // Our MCP server runs (for agents outside VS Code) but is not offered to this chat, which has
    // the tools already: no second copy of each under an mcp_ name (src/mcp/index.ts).
    assert.deepEqual(names.filter((n) => /^mcp_agent_safe/.test(n)), [], 'our tools are offered twice, through MCP too');
    for (const tool of contributedTools()) {
      const seen = offered.find((t) => t.function.name === tool.name);
      assert.ok(seen, `${tool.name} is not among the ${names.length} tools offered to the model: ${names.join(', ')}`);
      assert.deepEqual(seen.function.parameters, tool.inputSchema, `${tool.name} reached the model with another schema`);
    }
    // The result as the model received it is ours: the whole file's sha256.
    assert.equal(turn.results.length, 1, `one tool result expected, got: ${turn.results.map((r) => r.text.slice(0, 200)).join(' | ')}`);
    assert.equal(turn.results[0].json?.success, true, turn.results[0].text);
    assert.equal(turn.results[0].json.sha256, sha256(readme));
  });
});

describe('real client: our MCP server through VS Code\'s own MCP support', () => {
  before(async () => {
    await activateExtension();
  });

  it('with safeEdit.mcp.offerToVSCode the chat starts our server, offers its tools, and a call through it lands in our history as an MCP client', async () => {
    const config = vscode.workspace.getConfiguration('safeEdit');
    await config.update('mcp.offerToVSCode', true, vscode.ConfigurationTarget.Global);
    try {
      const readme = fs.readFileSync(path.join(workspaceRoot(), 'README.md'), 'utf8');
      const turn = await runAgentTurn('Read README.md through the MCP server', [
        { tool_calls: [{ name: 'mcp_agent_safe_ed_safe_read_file', arguments: { path: 'README.md' } }] },
        { text: 'I read it through MCP.' },
      ], { confirm: 'allow' });
      const names = (turn.requests[0].body.tools ?? []).map((t) => t.function.name);
      assert.ok(names.includes('mcp_agent_safe_ed_safe_read_file'), `the MCP tools are not offered: ${names.join(', ')}`);
      assert.ok(names.includes('safe_read_file'), 'the extension tools stay');
      assert.equal(turn.results.length, 1, turn.results.map((r) => r.text.slice(0, 300)).join(' | '));
      assert.equal(turn.results[0].json?.success, true, turn.results[0].text);
      assert.equal(turn.results[0].json.sha256, sha256(readme));
      // it came through our MCP server (VS Code as the MCP client), not the extension tool
      const api = await activateExtension();
      const via = api.services.activity.events.filter((e: any) => e.tool === 'safe_read_file' && typeof e.client === 'string' && e.client.startsWith('mcp:'));
      assert.ok(via.length >= 1, JSON.stringify(api.services.activity.events.slice(-3)));
    } finally {
      await config.update('mcp.offerToVSCode', undefined, vscode.ConfigurationTarget.Global);
    }
  });
});
