import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

// The CLI's plan commands (src/cli.ts, as tsc compiled it) read only inside --root, confined
// as the headless server confines a tool's path: the plan they print would otherwise carry
// the text of whatever file a link points at.
const CLI = path.resolve(__dirname, '../../../src/cli.js');
const SECRET = 'TOP SECRET outside the root\n';

interface Run {
  code: number | null;
  json: any;
  stdout: string;
  stderr: string;
}

function cli(args: string[], cwd?: string): Run {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8' });
  let json: any;
  try {
    json = JSON.parse(r.stdout);
  } catch {
    json = undefined;
  }
  return { code: r.status, json, stdout: r.stdout, stderr: r.stderr };
}

describe('CLI plan commands stay inside --root', () => {
  let base: string;
  let root: string;
  let outside: string;

  beforeEach(() => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ase-cli-')));
    root = path.join(base, 'root');
    outside = path.join(base, 'outside');
    fs.mkdirSync(root);
    fs.mkdirSync(outside);
    fs.writeFileSync(path.join(outside, 'secret.txt'), SECRET);
    fs.writeFileSync(path.join(root, 'a.txt'), 'hello\n');
  });
  afterEach(() => fs.rmSync(base, { recursive: true, force: true }));

  function patchFile(text: string): string {
    const p = path.join(base, `patch-${Math.random().toString(36).slice(2)}.txt`);
    fs.writeFileSync(p, text);
    return p;
  }
  const v4aUpdate = (file: string) => patchFile(`*** Begin Patch\n*** Update File: ${file}\n@@\n-TOP SECRET outside the root\n+changed\n*** End Patch\n`);
  const unifiedUpdate = (file: string) => patchFile(`--- a/${file}\n+++ b/${file}\n@@ -1 +1 @@\n-TOP SECRET outside the root\n+changed\n`);

  function assertRefused(r: Run, reason: string) {
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(r.json?.ok, false, r.stdout);
    assert.equal(r.json.error.type, 'PATH_DENIED', r.stdout);
    assert.equal(r.json.error.reason, reason, r.stdout);
    assert.ok(!r.stdout.includes('TOP SECRET') && !r.stdout.includes('changed'), `the outside file's text leaked: ${r.stdout}`);
  }

  it('apply-patch-v4a: a folder link out of the root is refused (SYMLINK_ESCAPE), nothing of the file printed', () => {
    fs.symlinkSync(outside, path.join(root, 'link'));
    assertRefused(cli(['apply-patch-v4a', v4aUpdate('link/secret.txt'), '--root', root]), 'SYMLINK_ESCAPE');
  });

  it('apply-patch-v4a: a file link out of the root is refused, and so is a move into a linked folder', () => {
    fs.symlinkSync(path.join(outside, 'secret.txt'), path.join(root, 'notes.txt'));
    assertRefused(cli(['apply-patch-v4a', v4aUpdate('notes.txt'), '--root', root]), 'SYMLINK_ESCAPE');
    fs.symlinkSync(outside, path.join(root, 'link'));
    const move = patchFile('*** Begin Patch\n*** Update File: a.txt\n*** Move to: link/planted.txt\n@@\n-hello\n+hi\n*** End Patch\n');
    assertRefused(cli(['apply-patch-v4a', move, '--root', root]), 'SYMLINK_ESCAPE');
  });

  it('plan-patch: a unified diff through a link, up with .., or at a file with another hard link outside is refused', () => {
    fs.symlinkSync(outside, path.join(root, 'link'));
    assertRefused(cli(['plan-patch', unifiedUpdate('link/secret.txt'), '--root', root]), 'SYMLINK_ESCAPE');
    assertRefused(cli(['plan-patch', unifiedUpdate('../outside/secret.txt'), '--root', root]), 'PARENT_ESCAPE');
    fs.linkSync(path.join(outside, 'secret.txt'), path.join(root, 'hard.txt'));
    assertRefused(cli(['plan-patch', unifiedUpdate('hard.txt'), '--root', root]), 'HARD_LINK');
    assertRefused(cli(['plan-patch', v4aUpdate('link/secret.txt'), '--root', root, '--format', 'apply_patch']), 'SYMLINK_ESCAPE');
  });

  it('files inside the root, and links that stay inside it, are planned as before (--root or the current directory)', () => {
    fs.mkdirSync(path.join(root, 'sub'));
    fs.symlinkSync(path.join(root, 'a.txt'), path.join(root, 'sub', 'alias.txt'));
    const v4a = patchFile('*** Begin Patch\n*** Update File: sub/alias.txt\n@@\n-hello\n+world\n*** Add File: new.txt\n+new\n*** End Patch\n');
    const r = cli(['apply-patch-v4a', v4a, '--root', root]);
    assert.equal(r.code, 0, r.stdout + r.stderr);
    assert.deepEqual(
      r.json.files.map((f: any) => [f.path, f.action, f.text]),
      [
        ['sub/alias.txt', 'update', 'world\n'],
        ['new.txt', 'add', 'new\n'],
      ],
    );
    const unified = cli(['plan-patch', patchFile('--- a/a.txt\n+++ b/a.txt\n@@ -1 +1 @@\n-hello\n+world\n')], root);
    assert.equal(unified.code, 0, unified.stdout + unified.stderr);
    assert.equal(unified.json.files[0].text, 'world\n');
    assert.equal(fs.readFileSync(path.join(root, 'a.txt'), 'utf8'), 'hello\n', 'a plan writes nothing');
  });

  it('a file the tools would not read (binary) is refused like the tools refuse it', () => {
    fs.writeFileSync(path.join(root, 'blob.txt'), Buffer.from([0x68, 0x00, 0x69, 0x0a]));
    const r = cli(['apply-patch-v4a', patchFile('*** Begin Patch\n*** Update File: blob.txt\n@@\n-h\n+x\n*** End Patch\n'), '--root', root]);
    assert.equal(r.code, 1, r.stdout + r.stderr);
    assert.equal(r.json.error.type, 'BINARY_FILE', r.stdout);
  });
});
