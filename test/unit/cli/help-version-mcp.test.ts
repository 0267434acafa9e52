import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as path from 'node:path';

// The CLI's own commands besides the engine's: help, its version, and `mcp` (alias
// agent-safe-edit-mcp), which hands the process to the stdio server beside it — the name
// `npx agent-safe-edit …` runs, since npx picks the bin named like the package.
const CLI = path.resolve(__dirname, '../../../src/cli.js');

function cli(args: string[]) {
  return spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', input: '' });
}

describe('cli: help, --version and the mcp command', () => {
  it('help, --help and -h print the usage on stdout, naming every command, exit 0', () => {
    for (const flag of ['help', '--help', '-h']) {
      const r = cli([flag]);
      assert.equal(r.status, 0, flag);
      assert.match(r.stdout, /^Usage: agent-safe-edit COMMAND/);
      for (const cmd of ['apply-patch', 'replace', 'apply-patch-v4a', 'plan-patch', 'mcp']) assert.ok(r.stdout.includes(`  ${cmd} `), `${flag}: ${cmd}`);
    }
  });

  it('--version prints one version line (0.0.0 unbundled: the build stamps the real one)', () => {
    const r = cli(['--version']);
    assert.equal(r.status, 0);
    assert.equal(r.stdout, '0.0.0\n');
  });

  it('mcp and agent-safe-edit-mcp pass the rest of the line to the server: its help, its argument errors', () => {
    for (const name of ['mcp', 'agent-safe-edit-mcp']) {
      assert.match(cli([name, '--help']).stdout, /^Usage: agent-safe-edit-mcp \[--root DIR\]/, name);
      const bad = cli([name, '--no-such-flag']);
      assert.equal(bad.status, 2, name);
      assert.match(bad.stderr, /unknown argument "--no-such-flag"/);
    }
  });

  it('an unknown command is a usage error (exit 2) that points at --help', () => {
    const r = cli(['frobnicate']);
    assert.equal(r.status, 2);
    assert.match(r.stderr, /bad arguments for "frobnicate"/);
    assert.match(r.stderr, /cli\.js --help/);
  });
});
