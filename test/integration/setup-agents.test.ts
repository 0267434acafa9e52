import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, closeAllEditors, workspaceRoot } from './helpers';

// "Set Up Agent Safe Edit for Other Agents…" in a real VS Code: workspace scope, two agents,
// merged into a file the user has, written like every command's change.
describe('agent setup command (Set Up Agent Safe Edit for Other Agents…)', function () {
  this.timeout(60_000);
  let services: any;
  const root = () => workspaceRoot();
  const claudeSettings = () => path.join(root(), '.claude', 'settings.json');
  const cleanup = () => {
    for (const p of ['.claude', '.gemini', '.mcp.json']) fs.rmSync(path.join(root(), p), { recursive: true, force: true });
  };
  before(async () => {
    services = (await activateExtension()).services;
  });
  afterEach(async () => {
    cleanup();
    await closeAllEditors();
  });

  it('setup with confirm: false writes Claude Code\'s and gemini-cli\'s workspace files, merged, user-only, no token; a second run changes nothing; Roll Back File restores the original bytes', async () => {
    fs.mkdirSync(path.dirname(claudeSettings()), { recursive: true });
    const original = '{\n  // the team\'s settings\n  "permissions": { "allow": ["Bash(npm test)"] },\n  "hooks": {\n    "PostToolUse": [\n      { "matcher": "Write", "hooks": [{ "type": "command", "command": "npx prettier --write ." }] }\n    ]\n  }\n}\n';
    fs.writeFileSync(claudeSettings(), original, { mode: 0o644 });
    const arg = { agents: ['claude-code', 'gemini-cli'], scope: 'workspace', confirm: false, uiToken: services.uiTokenForTests() };
    const out: any = await vscode.commands.executeCommand('agentSafeEdit.setUpAgents', arg);
    assert.equal(out.ok, true, JSON.stringify(out));
    assert.deepEqual(Object.keys(out.files).sort(), ['.claude/settings.json', '.gemini/settings.json', '.mcp.json']);

    const merged = fs.readFileSync(claudeSettings(), 'utf8');
    assert.ok(merged.includes('// the team\'s settings') && merged.includes('npx prettier --write .') && merged.includes('Bash(npm test)'), merged);
    const hooks = JSON.parse(merged.replace(/^\s*\/\/.*$/m, '')).hooks;
    assert.equal(hooks.PostToolUse.length, 2, 'the user\'s hook and ours');
    const command: string = hooks.PreToolUse[0].hooks[0].command;
    assert.match(command, /^node .*agent-safe-edit-cli\.js hook claude-code$/);
    // The hook command runs: the launcher in the user-only folder loads this extension's CLI.
    const ran = spawnSync('/bin/sh', ['-c', command], { input: JSON.stringify({ hook_event_name: 'Stop', session_id: 's', cwd: root() }), encoding: 'utf8' });
    assert.equal(ran.status, 0, ran.stderr);
    const launcher = command.slice('node '.length, command.indexOf(' hook ')).replace(/^'|'$/g, '');
    assert.ok(!launcher.startsWith(root()), 'the launcher is outside the workspace');
    assert.equal(fs.statSync(launcher).mode & 0o777, 0o600);

    const connection: any = await vscode.commands.executeCommand('agentSafeEdit.showMcpConnection', { quiet: true });
    const claudeMcp = JSON.parse(fs.readFileSync(path.join(root(), '.mcp.json'), 'utf8')).mcpServers['agent-safe-edit'];
    assert.equal(claudeMcp.type, 'http');
    assert.equal(claudeMcp.url, connection.url);
    const gemini = JSON.parse(fs.readFileSync(path.join(root(), '.gemini', 'settings.json'), 'utf8'));
    assert.deepEqual(gemini.mcpServers['agent-safe-edit'].args.slice(1), ['stdio', '--workspace', connection.workspace]);
    assert.match(gemini.hooks.BeforeTool[0].hooks[0].command, /hook gemini-cli$/);
    for (const f of ['.claude/settings.json', '.gemini/settings.json', '.mcp.json']) {
      const abs = path.join(root(), f);
      assert.ok(!fs.readFileSync(abs, 'utf8').includes(connection.token), `no token in ${f}`);
      assert.equal(fs.statSync(abs).mode & 0o777, 0o600, `${f} is the user's alone`);
    }
    assert.equal(services.store.list('.claude/settings.json')[0]?.tool, 'set_up_agents', 'journaled as the user\'s command');

    const again: any = await vscode.commands.executeCommand('agentSafeEdit.setUpAgents', arg);
    assert.equal(again.ok, true, JSON.stringify(again));
    assert.deepEqual(again.files, {}, 'nothing to change the second time');
    assert.match(again.message, /already set up/);

    // Claude Code's settings are a protected file: the rollback asks for consent like any change to it.
    services.setConsentAnswerForTests('allow');
    let back: any;
    try {
      back = await vscode.commands.executeCommand('agentSafeEdit.rollbackFile', { path: '.claude/settings.json', revision: 0, confirm: false, uiToken: services.uiTokenForTests() });
    } finally {
      services.setConsentAnswerForTests(undefined);
    }
    assert.equal(back.ok, true, JSON.stringify(back));
    assert.equal(fs.readFileSync(claudeSettings(), 'utf8'), original, 'the original bytes');
  });

  it('remove with confirm: false takes our entries out and leaves the user\'s own', async () => {
    fs.mkdirSync(path.join(root(), '.gemini'), { recursive: true });
    const original = '{\n  "theme": "GitHub"\n}\n';
    fs.writeFileSync(path.join(root(), '.gemini', 'settings.json'), original);
    const token = services.uiTokenForTests();
    const set: any = await vscode.commands.executeCommand('agentSafeEdit.setUpAgents', { agents: ['gemini-cli'], scope: 'workspace', strict: true, confirm: false, uiToken: token });
    assert.equal(set.ok, true, JSON.stringify(set));
    assert.match(fs.readFileSync(path.join(root(), '.gemini', 'settings.json'), 'utf8'), /hook gemini-cli --strict/);
    const removed: any = await vscode.commands.executeCommand('agentSafeEdit.setUpAgents', { agents: ['gemini-cli'], scope: 'workspace', remove: true, confirm: false, uiToken: token });
    assert.equal(removed.ok, true, JSON.stringify(removed));
    assert.equal(fs.readFileSync(path.join(root(), '.gemini', 'settings.json'), 'utf8'), original);
  });
});
