import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { defaultStoreDir } from '../../../src/headless/store-location';
import { startServer, tempDir } from '../headless/harness';

// `agent-safe-edit setup` as a user runs it: a child process (the CLI as tsc compiled it), with
// HOME and the workspace in temporary folders.
const CLI = path.resolve(__dirname, '../../../src/cli.js');

function setup(args: string[], home: string, cwd: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, HOME: home, USERPROFILE: home };
  delete env.XDG_STATE_HOME;
  const r = spawnSync(process.execPath, [CLI, 'setup', ...args], { cwd, env, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('agent-safe-edit setup (CLI): shows the diff, writes only with --yes, through the history', function () {
  this.timeout(60_000);
  let home: string;
  let root: string;
  beforeEach(() => {
    home = tempDir('setup-home');
    root = tempDir('setup-root');
  });
  afterEach(() => {
    fs.rmSync(home, { recursive: true, force: true });
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('workspace scope: the diff of every file, nothing written without --yes; with --yes the files are merged and user-only; rollback_file gives back the original bytes', async () => {
    const settings = path.join(root, '.claude', 'settings.json');
    fs.mkdirSync(path.dirname(settings));
    const original = '{\n  // team settings\n  "model": "opus",\n  "hooks": {\n    "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "./check.sh" }] }]\n  }\n}\n';
    fs.writeFileSync(settings, original);

    const dry = setup(['claude-code', 'cursor'], home, root);
    assert.equal(dry.code, 0, dry.stderr);
    for (const file of ['.claude/settings.json', '.mcp.json', '.cursor/mcp.json', '.cursor/hooks.json']) assert.match(dry.stdout, new RegExp(`\\+\\+\\+ b/${file.replace(/\./g, '\\.')}\\n`));
    assert.match(dry.stdout, /\+ {12}"command": ".* hook claude-code"/);
    assert.match(dry.stdout, /Nothing was written\. .*--yes/s);
    assert.equal(fs.readFileSync(settings, 'utf8'), original, 'untouched without --yes');
    assert.equal(fs.existsSync(path.join(root, '.mcp.json')), false);

    const wet = setup(['claude-code', 'cursor', '--yes'], home, root);
    assert.equal(wet.code, 0, wet.stderr);
    assert.match(wet.stdout, /changed: \.claude\/settings\.json/);
    assert.match(wet.stdout, /To undo: agent-safe-edit setup claude-code cursor .*--remove --yes/);
    const merged = fs.readFileSync(settings, 'utf8');
    assert.ok(merged.includes('// team settings') && merged.includes('./check.sh') && merged.includes(`${CLI} hook claude-code`), merged);
    const mcp = JSON.parse(fs.readFileSync(path.join(root, '.mcp.json'), 'utf8'));
    assert.deepEqual(mcp.mcpServers['agent-safe-edit'], { command: process.execPath, args: [CLI, 'mcp', '--root', root] });
    if (process.platform !== 'win32') assert.equal(fs.statSync(settings).mode & 0o777, 0o600);

    const again = setup(['claude-code', 'cursor', '--yes'], home, root);
    assert.equal(again.code, 0, again.stderr);
    assert.match(again.stdout, /already set up/);

    // The write went through the root's history: the headless server rolls it back, byte for byte.
    const server = await startServer(root, defaultStoreDir(root, {}, home), ['--allow-protected']);
    try {
      const listed = await server.call('list_backups', { path: '.claude/settings.json' });
      assert.equal(listed.backups[0]?.tool, 'set_up_agents', JSON.stringify(listed));
      const back = await server.call('rollback_file', { path: '.claude/settings.json' });
      assert.equal(back.success, true, JSON.stringify(back));
      assert.equal(fs.readFileSync(settings, 'utf8'), original);
      const created = await server.call('rollback_file', { path: '.mcp.json' });
      assert.equal(created.success, true, JSON.stringify(created));
      assert.equal(fs.existsSync(path.join(root, '.mcp.json')), false, 'a file the setup created is removed again');
    } finally {
      await server.close();
    }
  });

  it('user scope: the files under HOME, the MCP server without --root; --remove gives back the original bytes; --strict in the hooks', () => {
    const codexDir = path.join(home, '.codex');
    fs.mkdirSync(codexDir);
    const toml = '# mine\nmodel = "o3"\n';
    fs.writeFileSync(path.join(codexDir, 'config.toml'), toml);
    const r = setup(['codex', 'gemini-cli', '--scope', 'user', '--strict', '--yes'], home, root);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /\+\+\+ b\/~\/\.codex\/config\.toml/);
    assert.equal(fs.readFileSync(path.join(codexDir, 'config.toml'), 'utf8'), `${toml}\n[mcp_servers.agent-safe-edit]\ncommand = ${JSON.stringify(process.execPath)}\nargs = [${JSON.stringify(CLI)}, "mcp"]\n`);
    const hooks = JSON.parse(fs.readFileSync(path.join(codexDir, 'hooks.json'), 'utf8'));
    assert.equal(hooks.hooks.PreToolUse[0].hooks[0].command, `${process.execPath} ${CLI} hook codex --strict`);
    assert.ok(fs.existsSync(path.join(home, '.gemini', 'settings.json')));
    assert.equal(fs.readdirSync(root).length, 0, 'nothing in the workspace');
    assert.ok(fs.existsSync(defaultStoreDir(home, {}, home)), 'backed up in the home folder\'s history');

    const removed = setup(['codex', 'gemini-cli', '--scope', 'user', '--remove', '--yes'], home, root);
    assert.equal(removed.code, 0, removed.stderr);
    assert.equal(fs.readFileSync(path.join(codexDir, 'config.toml'), 'utf8'), toml);
    assert.deepEqual(JSON.parse(fs.readFileSync(path.join(codexDir, 'hooks.json'), 'utf8')), {});
  });

  it('a configuration that does not parse stops the setup before anything is written (exit 1), and says which file', () => {
    fs.mkdirSync(path.join(root, '.cursor'));
    fs.writeFileSync(path.join(root, '.cursor', 'hooks.json'), '{ "version": 1, "hooks": ');
    const r = setup(['claude-code', 'cursor', '--yes'], home, root);
    assert.equal(r.code, 1);
    assert.match(r.stderr, /\.cursor\/hooks\.json is not valid JSON/);
    assert.match(r.stderr, /nothing was written/);
    assert.equal(fs.existsSync(path.join(root, '.mcp.json')), false);
    assert.equal(fs.existsSync(path.join(root, '.claude')), false);
  });

  it('usage: an unknown agent or flag exits 2 with the usage', () => {
    const r = setup(['vim'], home, root);
    assert.equal(r.code, 2);
    assert.match(r.stderr, /usage: cli\.js setup AGENT/);
  });
});
