import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { installCliLauncher, LAUNCHER_FILE } from '../../../src/mcp/cli-launcher';

describe('CLI launcher (the stable path the hook commands written by VS Code run)', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'ase-launcher-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('runs the CLI it names with the arguments it was given, user-only; after an update it names the new CLI, and an unchanged one is not rewritten', () => {
    const v1 = path.join(dir, 'ext-1.0', 'cli.js');
    const v2 = path.join(dir, 'ext-1.1', 'cli.js');
    for (const [cli, tag] of [[v1, 'one'], [v2, 'two']]) {
      fs.mkdirSync(path.dirname(cli), { recursive: true });
      fs.writeFileSync(cli, `#!/usr/bin/env node\nprocess.stdout.write(${JSON.stringify(tag)} + ':' + process.argv.slice(2).join(','));\n`);
    }
    const state = path.join(dir, 'storage', 'mcp');
    const launcher = installCliLauncher(v1, state);
    assert.equal(launcher, path.join(state, LAUNCHER_FILE));
    const run = () => spawnSync(process.execPath, [launcher, 'hook', 'codex', '--strict'], { encoding: 'utf8' }).stdout;
    assert.equal(run(), 'one:hook,codex,--strict');
    if (process.platform !== 'win32') assert.equal(fs.statSync(launcher).mode & 0o777, 0o600);
    const written = fs.statSync(launcher).mtimeMs;
    fs.utimesSync(launcher, new Date(0), new Date(0));
    installCliLauncher(v1, state);
    assert.equal(fs.statSync(launcher).mtimeMs, 0, 'the same text: not rewritten');
    assert.ok(written > 0);
    installCliLauncher(v2, state);
    assert.equal(run(), 'two:hook,codex,--strict');
  });
});
