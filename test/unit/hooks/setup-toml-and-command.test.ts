import { strict as assert } from 'node:assert';
import { editCodexToml, tomlString } from '../../../src/hooks/setup/codex-toml';
import { cliMcpEntry, hookCommandLine, insideNpxCache, isOurHookCommand } from '../../../src/hooks/setup/hook-command';

const ENTRY = { command: 'node', args: ['/opt/ase/cli.js', 'mcp'] };
const NAME = 'agent-safe-edit';

describe('setup: Codex config.toml, our table edited line by line', () => {
  it('replaces command and args of our table in place, keeping the user\'s other keys, its sub-tables and every other line byte for byte (CRLF too)', () => {
    const before = [
      'model = "o3"',
      '[mcp_servers.agent-safe-edit]',
      '# why this server',
      'command = "old"',
      'args = [',
      '  "a", # first',
      '  "b]",',
      ']',
      'startup_timeout_sec = 20',
      '',
      '[mcp_servers.agent-safe-edit.env]',
      'X = "1"',
      '',
      '[profiles.fast]',
      'model = "o4-mini"',
      '',
    ].join('\r\n');
    const r = editCodexToml(before, 'config.toml', NAME, ENTRY);
    assert.ok(r.ok);
    assert.equal(r.text, [
      'model = "o3"',
      '[mcp_servers.agent-safe-edit]',
      'command = "node"',
      'args = ["/opt/ase/cli.js", "mcp"]',
      '# why this server',
      'startup_timeout_sec = 20',
      '',
      '[mcp_servers.agent-safe-edit.env]',
      'X = "1"',
      '',
      '[profiles.fast]',
      'model = "o4-mini"',
      '',
    ].join('\r\n'));
    assert.deepEqual(editCodexToml(r.text, 'config.toml', NAME, ENTRY), r, 'a second run changes nothing');
  });

  it('appends our table after a blank line; removal takes it (and its sub-tables) out and gives back the same bytes', () => {
    const before = '# mine\n[mcp_servers.github]\ncommand = "gh"\n';
    const added = editCodexToml(before, 'config.toml', NAME, ENTRY);
    assert.ok(added.ok);
    assert.equal(added.text, `${before}\n[mcp_servers.agent-safe-edit]\ncommand = "node"\nargs = ["/opt/ase/cli.js", "mcp"]\n`);
    const withEnv = `${added.text}\n[mcp_servers.agent-safe-edit.env]\nA = "b"\n`;
    assert.deepEqual(editCodexToml(withEnv, 'config.toml', NAME, undefined), { ok: true, text: before });
    assert.deepEqual(editCodexToml(before, 'config.toml', NAME, undefined), { ok: true, text: before }, 'nothing of ours: unchanged');
    assert.deepEqual(editCodexToml(undefined, 'config.toml', NAME, undefined), { ok: true, text: '' });
  });

  it('a "[" inside a multi-line string is not a table header', () => {
    const before = 'instructions = """\n[mcp_servers.agent-safe-edit]\n"""\n';
    const r = editCodexToml(before, 'config.toml', NAME, ENTRY);
    assert.ok(r.ok);
    assert.ok(r.text.startsWith(before), 'the string is kept whole and our table appended after it');
    assert.equal(r.text.split('[mcp_servers.agent-safe-edit]').length - 1, 2);
  });

  it('refuses what a line edit cannot safely change, naming the file', () => {
    for (const text of [
      '[mcp_servers.agent-safe-edit\ncommand = "x"\n',
      '[mcp_servers.agent-safe-edit]\ncommand = "a"\n[mcp_servers.agent-safe-edit]\ncommand = "b"\n',
      '[mcp_servers]\nagent-safe-edit = { command = "x" }\n',
      'mcp_servers.agent-safe-edit.command = "x"\n',
      'a = """\nnever ends\n',
    ]) {
      const r = editCodexToml(text, '~/.codex/config.toml', NAME, ENTRY);
      assert.equal(r.ok, false, text);
      assert.match((r as { message: string }).message, /~\/\.codex\/config\.toml: .*left as it is/);
    }
  });

  it('TOML strings: quotes, backslashes (Windows paths) and control characters escaped', () => {
    assert.equal(tomlString('C:\\Program Files\\node.exe'), '"C:\\\\Program Files\\\\node.exe"');
    assert.equal(tomlString('a"b\u007f\n'), '"a\\"b\\u007F\\n"');
  });
});

describe('setup: the hook command line and how ours is recognised', () => {
  it('node and the real cli.js path, quoted for the shell; --strict when asked', () => {
    const launch = { kind: 'node' as const, node: '/usr/bin/node', script: '/home/me/my tools/dist/cli.js' };
    assert.equal(hookCommandLine(launch, 'codex', false, 'linux'), "/usr/bin/node '/home/me/my tools/dist/cli.js' hook codex");
    assert.equal(hookCommandLine(launch, 'codex', true, 'linux'), "/usr/bin/node '/home/me/my tools/dist/cli.js' hook codex --strict");
    assert.equal(hookCommandLine({ kind: 'node', node: 'C:\\node\\node.exe', script: 'C:\\x y\\cli.js' }, 'cursor', false, 'win32'), '"C:\\node\\node.exe" "C:\\x y\\cli.js" "hook" "cursor"');
  });

  it('from an npx cache: the published package at this version, for the hooks and the MCP server', () => {
    assert.equal(insideNpxCache('/home/me/.npm/_npx/1a2b/node_modules/agent-safe-edit/dist/cli.js'), true);
    assert.equal(insideNpxCache('/usr/lib/node_modules/agent-safe-edit/dist/cli.js'), false);
    assert.equal(insideNpxCache('/home/me/not_npx/cli.js'), false);
    const npx = { kind: 'npx' as const, version: '1.2.3' };
    assert.equal(hookCommandLine(npx, 'gemini-cli', false, 'linux'), 'npx -y agent-safe-edit@1.2.3 hook gemini-cli');
    assert.deepEqual(cliMcpEntry(npx, '/w'), { command: 'npx', args: ['-y', 'agent-safe-edit@1.2.3', 'mcp', '--root', '/w'] });
    assert.deepEqual(cliMcpEntry({ kind: 'node', node: 'node', script: '/c.js' }, undefined), { command: 'node', args: ['/c.js', 'mcp'] });
  });

  it('ours: our CLI\'s hook for this agent, however it is started; not another agent\'s, not another program\'s', () => {
    for (const c of [
      'agent-safe-edit hook claude-code',
      'npx -y agent-safe-edit@0.1.0 hook claude-code --strict',
      "/usr/bin/node '/a b/dist/cli.js' hook claude-code",
      'node "C:\\x\\agent-safe-edit-cli.js" hook claude-code --wait-ms 100',
    ]) assert.equal(isOurHookCommand(c, 'claude-code'), true, c);
    for (const c of ['agent-safe-edit hook codex', 'other-tool hook claude-code', 'agent-safe-edit hook claude-code-2', 'echo hook claude-code', 42]) {
      assert.equal(isOurHookCommand(c, 'claude-code'), false, String(c));
    }
  });
});
