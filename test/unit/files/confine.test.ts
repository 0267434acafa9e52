import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { execFileSync } from 'node:child_process';
import { resolveInWorkspace, realpathOfLongestExisting, ResolveOptions } from '../../../src/files/confine';
import { isInsideOrEqual } from '../../../src/core/paths/containment';

/**
 * Layout (under a fresh temp dir `base`):
 *   ws/ src/a.ts, "dir with space/ünï 日本.txt", .git/config, .ase-backups/old.json,
 *       link-in -> src, link-out -> ../outside, link-file-out -> ../outside/secret.txt,
 *       chain1 -> chain2 -> ../outside, up -> .., dangling -> ../outside/new.txt, pipe (FIFO)
 *   lib/ index.ts            (second workspace root)
 *   outside/ secret.txt
 *   ws-evil/ x.txt           (sibling whose name starts with the root's name)
 */
describe('resolveInWorkspace', () => {
  let base: string;
  let ws: string;
  let lib: string;
  let outside: string;
  let backups: string;
  let roots: string[];

  before(() => {
    base = fs.realpathSync(fs.mkdtempSync(nodePath.join(os.tmpdir(), 'ase-confine-')));
    ws = nodePath.join(base, 'ws');
    lib = nodePath.join(base, 'lib');
    outside = nodePath.join(base, 'outside');
    backups = nodePath.join(ws, '.ase-backups');
    for (const d of [ws, lib, outside, backups, nodePath.join(ws, 'src'), nodePath.join(ws, '.git'), nodePath.join(ws, 'dir with space'), nodePath.join(base, 'ws-evil')]) {
      fs.mkdirSync(d, { recursive: true });
    }
    fs.writeFileSync(nodePath.join(ws, 'src', 'a.ts'), 'export const a = 1;\n');
    fs.writeFileSync(nodePath.join(ws, 'dir with space', 'ünï 日本.txt'), 'x');
    fs.writeFileSync(nodePath.join(ws, '.git', 'config'), '[core]\n');
    fs.writeFileSync(nodePath.join(backups, 'old.json'), '{}');
    fs.writeFileSync(nodePath.join(lib, 'index.ts'), '');
    fs.writeFileSync(nodePath.join(outside, 'secret.txt'), 'SECRET');
    fs.writeFileSync(nodePath.join(base, 'ws-evil', 'x.txt'), '');
    fs.symlinkSync('src', nodePath.join(ws, 'link-in'));
    fs.symlinkSync('../outside', nodePath.join(ws, 'link-out'));
    fs.symlinkSync('../outside/secret.txt', nodePath.join(ws, 'link-file-out'));
    fs.symlinkSync('chain2', nodePath.join(ws, 'chain1'));
    fs.symlinkSync('../outside', nodePath.join(ws, 'chain2'));
    fs.symlinkSync('..', nodePath.join(ws, 'up'));
    fs.symlinkSync('../outside/new.txt', nodePath.join(ws, 'dangling'));
    fs.symlinkSync('loop2', nodePath.join(ws, 'loop1'));
    fs.symlinkSync('loop1', nodePath.join(ws, 'loop2'));
    execFileSync('mkfifo', [nodePath.join(ws, 'pipe')]);
    fs.linkSync(nodePath.join(outside, 'secret.txt'), nodePath.join(ws, 'hard-link'));
    roots = [ws, lib];
  });

  after(() => {
    fs.rmSync(base, { recursive: true, force: true });
  });

  const read: ResolveOptions = {};
  const create: ResolveOptions = { forWrite: true, allowCreate: true };

  /** [input (a function of the layout), options, expected reason] */
  const hostile: [string, (l: { ws: string; outside: string; base: string }) => unknown, ResolveOptions, string][] = [
    ['../../etc/passwd', () => '../../etc/passwd', read, 'PARENT_ESCAPE'],
    ['a/../../x', () => 'a/../../x', create, 'PARENT_ESCAPE'],
    ['..', () => '..', read, 'PARENT_ESCAPE'],
    ['backslash traversal', () => '..\\..\\etc\\passwd', read, 'PARENT_ESCAPE'],
    ['traversal to a sibling dir', () => 'src/../../outside/secret.txt', read, 'PARENT_ESCAPE'],
    ['absolute with ..', (l) => `${l.ws}/../outside/secret.txt`, read, 'PARENT_ESCAPE'],
    ['.. after an inside link', () => 'link-in/../../outside/secret.txt', read, 'PARENT_ESCAPE'],
    ['file URI with encoded ..', (l) => `file://${l.ws}/%2e%2e/outside/secret.txt`, read, 'PARENT_ESCAPE'],
    ['/etc/passwd', () => '/etc/passwd', read, 'OUTSIDE_WORKSPACE'],
    ['absolute outside file', (l) => `${l.outside}/secret.txt`, read, 'OUTSIDE_WORKSPACE'],
    ['sibling dir sharing the prefix', (l) => `${l.ws}-evil/x.txt`, read, 'OUTSIDE_WORKSPACE'],
    ['file:///etc/passwd', () => 'file:///etc/passwd', read, 'OUTSIDE_WORKSPACE'],
    ['C:\\Windows', () => 'C:\\Windows\\System32\\drivers\\etc\\hosts', read, 'OUTSIDE_WORKSPACE'],
    ['symlink dir to outside', () => 'link-out/secret.txt', read, 'SYMLINK_ESCAPE'],
    ['symlink file to outside', () => 'link-file-out', read, 'SYMLINK_ESCAPE'],
    ['symlink chain to outside', () => 'chain1/secret.txt', read, 'SYMLINK_ESCAPE'],
    ['new file under an outside link', () => 'link-out/new/deep.txt', create, 'SYMLINK_ESCAPE'],
    ['link to the parent of the root', () => 'up/outside/secret.txt', read, 'SYMLINK_ESCAPE'],
    ['write through a dangling link', () => 'dangling', create, 'DANGLING_SYMLINK'],
    ['symlink loop', () => 'loop1/x', read, 'UNRESOLVABLE'],
    ['NUL byte', () => 'src/a.ts\u0000.txt', read, 'NUL_BYTE'],
    ['newline', () => 'src/a\nb', create, 'CONTROL_CHARACTER'],
    ['bidi override', () => 'src/\u202Etxt.exe', create, 'BIDI_CONTROL'],
    ['\\\\?\\C:\\x', () => '\\\\?\\C:\\x', read, 'DEVICE_PATH'],
    ['\\\\.\\PhysicalDrive0', () => '\\\\.\\PhysicalDrive0', read, 'DEVICE_PATH'],
    ['/dev/zero', () => '/dev/zero', read, 'DEVICE_PATH'],
    ['/proc/self/root', () => '/proc/self/root/etc/passwd', read, 'DEVICE_PATH'],
    ['UNC backslashes', () => '\\\\server\\share\\x', read, 'UNC_PATH'],
    ['UNC slashes', () => '//server/share/x', read, 'UNC_PATH'],
    ['file URI with a host', () => 'file://server/share/x', read, 'UNC_PATH'],
    ['CON', () => 'CON', create, 'RESERVED_NAME'],
    ['aux.txt', () => 'aux.txt', create, 'RESERVED_NAME'],
    ['nested com1', () => 'src/com1.h', create, 'RESERVED_NAME'],
    ['CON. (trailing dot)', () => 'CON.', create, 'TRAILING_DOT_OR_SPACE'],
    ['trailing space', () => 'src/a.ts ', create, 'SURROUNDING_WHITESPACE'],
    ['file:stream', () => 'src/a.ts:stream', create, 'ALTERNATE_DATA_STREAM'],
    ['::$DATA', () => 'src/a.ts::$DATA', read, 'ALTERNATE_DATA_STREAM'],
    ['drive-relative', () => 'C:secret', read, 'DRIVE_RELATIVE'],
    ['.git/config for write', () => '.git/config', { forWrite: true }, 'GIT_INTERNALS'],
    ['.GIT hooks for write', () => '.GIT/hooks/pre-commit', create, 'GIT_INTERNALS'],
    ['8.3 short name of .git', () => 'GIT~1/config', create, 'GIT_INTERNALS'],
    ['a .git file in a submodule', () => 'vendor/mod/.git', create, 'GIT_INTERNALS'],
    ['.git reached through a link', () => 'link-git/config', create, 'GIT_INTERNALS'],
    ['protected backup store', () => '.ase-backups/old.json', { forWrite: true }, 'PROTECTED_STORAGE'],
    ['new file in the backup store', () => '.ase-backups/new/x.json', create, 'PROTECTED_STORAGE'],
    ['very long path', () => 'a/'.repeat(2100) + 'x', create, 'TOO_LONG'],
    ['very long name', () => 'n'.repeat(300), create, 'TOO_LONG'],
    ['whitespace only', () => '   ', read, 'EMPTY'],
    ['empty', () => '', read, 'EMPTY'],
    ['not a string', () => ({ path: 'src/a.ts' }), read, 'NOT_A_STRING'],
    ['~/.ssh/id_rsa', () => '~/.ssh/id_rsa', read, 'HOME_EXPANSION'],
    ['http URL', () => 'http://evil.example/payload', read, 'URI_SCHEME'],
    ['vscode-remote URI', () => 'vscode-remote://ssh-remote+h/etc/passwd', read, 'URI_SCHEME'],
    ['fullwidth dots', () => '\uff0e\uff0e/\uff0e\uff0e/etc/passwd', read, 'LOOKALIKE_CHARACTER'],
    ['two-dot leader', () => '\u2025/\u2025/etc/passwd', read, 'LOOKALIKE_CHARACTER'],
    ['fullwidth slash', () => '..\uff0f..\uff0fetc', read, 'LOOKALIKE_CHARACTER'],
    ['wildcard', () => 'src/*', read, 'INVALID_CHARACTER'],
    ['FIFO', () => 'pipe', read, 'SPECIAL_FILE'],
    ['write to a hard link of an outside file', () => 'hard-link', { forWrite: true }, 'HARD_LINK'],
    ['a file used as a directory', () => 'src/a.ts/child.txt', create, 'PARENT_NOT_DIRECTORY'],
  ];

  for (const [label, make, options, reason] of hostile) {
    it(`refuses ${label} (${reason})`, async () => {
      if (label === '.git reached through a link' && !fs.existsSync(nodePath.join(ws, 'link-git'))) {
        fs.symlinkSync('.git', nodePath.join(ws, 'link-git'));
      }
      const opts = { protectedDirs: [backups], ...options };
      const r = await resolveInWorkspace(make({ ws, outside, base }), roots, opts);
      assert.equal(r.ok, false, `${label} resolved: ${JSON.stringify(r)}`);
      if (!r.ok) {
        assert.equal(r.failure.error_type, 'PATH_DENIED');
        assert.equal(r.failure.reason, reason, r.failure.message);
        assert.match(r.failure.message, /\w/);
      }
    });
  }

  it('has at least 30 hostile cases', () => {
    assert.ok(hostile.length >= 30);
  });

  it('no hostile input resolves outside under any option combination', async () => {
    const layout = { ws, outside, base };
    const realRoots = roots.map((r) => fs.realpathSync(r));
    for (const [, make] of hostile) {
      for (const opts of [{}, { allowCreate: true }, { forWrite: true, allowCreate: true, protectedDirs: [backups] }]) {
        const r = await resolveInWorkspace(make(layout), roots, opts);
        if (r.ok) {
          assert.ok(realRoots.some((root) => isInsideOrEqual(root, r.realPath, false)), `escaped to ${r.realPath}`);
          assert.ok(roots.some((root) => isInsideOrEqual(root, r.absPath, false)), `escaped to ${r.absPath}`);
        }
      }
    }
  });

  describe('legitimate paths', () => {
    it('resolves a nested file, with ./, doubled and back slashes', async () => {
      for (const p of ['src/a.ts', './src/a.ts', 'src//a.ts', 'src\\a.ts', 'src/../src/a.ts']) {
        const r = await resolveInWorkspace(p, roots);
        assert.ok(r.ok, `${p}: ${JSON.stringify(r)}`);
        assert.equal(r.absPath, nodePath.join(ws, 'src', 'a.ts'));
        assert.equal(r.relPath, 'src/a.ts');
        assert.equal(r.kind, 'file');
        assert.equal(r.exists, true);
        assert.equal(r.root, ws);
      }
    });

    it('accepts framework-style names: brackets, parentheses, @, +, #, leading dashes', async () => {
      for (const p of ['app/[...slug]/page.tsx', 'app/(marketing)/[id]/page.tsx', 'node_modules/@scope/pkg/index.d.ts', 'routes/+page.svelte', '#notes.md', '-rf', 'a+b=c,d;e.txt', "it's.md", 'x/.hidden/.env.example.tpl']) {
        const r = await resolveInWorkspace(p, roots, create);
        assert.ok(r.ok, `${p}: ${JSON.stringify(r)}`);
        assert.equal(r.relPath, p);
      }
    });

    it('resolves names with spaces and unicode', async () => {
      const r = await resolveInWorkspace('dir with space/ünï 日本.txt', roots);
      assert.ok(r.ok);
      assert.equal(fs.readFileSync(r.realPath, 'utf8'), 'x');
    });

    it('resolves an absolute path and a file URI inside the workspace', async () => {
      const abs = await resolveInWorkspace(nodePath.join(ws, 'src', 'a.ts'), roots);
      assert.ok(abs.ok && abs.relPath === 'src/a.ts');
      const uri = await resolveInWorkspace(`file://${ws}/dir%20with%20space/${encodeURIComponent('ünï 日本.txt')}`, roots);
      assert.ok(uri.ok && uri.relPath === 'dir with space/ünï 日本.txt', JSON.stringify(uri));
    });

    it('accepts a not-yet-existing file in a not-yet-existing dir only with allowCreate', async () => {
      const created = await resolveInWorkspace('new/deeper/file.txt', roots, { forWrite: true, allowCreate: true, protectedDirs: [backups] });
      assert.ok(created.ok);
      assert.equal(created.exists, false);
      assert.equal(created.kind, 'missing');
      assert.equal(created.realPath, nodePath.join(fs.realpathSync(ws), 'new', 'deeper', 'file.txt'));
      const missing = await resolveInWorkspace('new/deeper/file.txt', roots);
      assert.ok(!missing.ok && missing.failure.error_type === 'FILE_NOT_FOUND');
    });

    it('follows a symlink that stays inside and reports both relative paths', async () => {
      const r = await resolveInWorkspace('link-in/a.ts', roots, { forWrite: true });
      assert.ok(r.ok);
      assert.equal(r.relPath, 'link-in/a.ts');
      assert.equal(r.realRelPath, 'src/a.ts');
    });

    it('allows reading .git internals and writing .git-like names', async () => {
      assert.ok((await resolveInWorkspace('.git/config', roots)).ok);
      for (const p of ['.gitignore', '.github/workflows/ci.yml', 'src/.git-notes', 'git/config']) {
        const r = await resolveInWorkspace(p, roots, create);
        assert.ok(r.ok, `${p}: ${JSON.stringify(r)}`);
      }
    });

    it('keeps percent-escapes and $VARS in plain paths as literal names inside the workspace', async () => {
      for (const p of ['%2e%2e/%2e%2e/etc/passwd', '$HOME/x', '%USERPROFILE%/x']) {
        const r = await resolveInWorkspace(p, roots, create);
        assert.ok(r.ok, p);
        assert.ok(isInsideOrEqual(ws, r.absPath, false));
        assert.equal(r.relPath, p);
      }
    });

    it('selects a root by its folder name in a multi-root workspace', async () => {
      const r = await resolveInWorkspace('lib/index.ts', roots);
      assert.ok(r.ok);
      assert.equal(r.root, lib);
      assert.equal(r.relPath, 'index.ts');
      const named = await resolveInWorkspace('Library/index.ts', [ws, { path: lib, name: 'Library' }]);
      assert.ok(named.ok && named.root === lib);
      const single = await resolveInWorkspace('lib/index.ts', [ws], { allowCreate: true });
      assert.ok(single.ok && single.root === ws && single.relPath === 'lib/index.ts');
    });

    it('accepts either spelling of a root given through a symlink', async () => {
      const alias = nodePath.join(base, 'ws-alias');
      if (!fs.existsSync(alias)) fs.symlinkSync('ws', alias);
      const viaReal = await resolveInWorkspace(nodePath.join(ws, 'src', 'a.ts'), [alias]);
      assert.ok(viaReal.ok && viaReal.relPath === 'src/a.ts' && viaReal.root === alias, JSON.stringify(viaReal));
      // The reverse — a path through an outside link that leads back in — is named outside: refused.
      const viaAlias = await resolveInWorkspace(nodePath.join(alias, 'src', 'a.ts'), [ws]);
      assert.ok(!viaAlias.ok && viaAlias.failure.reason === 'OUTSIDE_WORKSPACE');
      const escape = await resolveInWorkspace(nodePath.join(alias, '..', 'outside', 'secret.txt'), [alias]);
      assert.ok(!escape.ok);
    });

    it('refuses to read or write a hard-linked file (its other name may be outside); a program run may be one', async () => {
      const r = await resolveInWorkspace('hard-link', roots);
      assert.ok(!r.ok && r.failure.error_type === 'PATH_DENIED' && r.failure.reason === 'HARD_LINK', JSON.stringify(r));
      const w = await resolveInWorkspace('hard-link', roots, { forWrite: true });
      assert.ok(!w.ok && w.failure.reason === 'HARD_LINK');
      assert.ok((await resolveInWorkspace('hard-link', roots, { allowHardLinks: true })).ok);
    });

    it('resolves the root itself as a directory', async () => {
      const r = await resolveInWorkspace('.', roots);
      assert.ok(r.ok && r.kind === 'directory' && r.relPath === '');
    });

    it('refuses everything when no workspace folder exists', async () => {
      for (const rs of [[], [nodePath.join(base, 'gone')], ['relative/root']]) {
        const r = await resolveInWorkspace('src/a.ts', rs);
        assert.ok(!r.ok && r.failure.reason === 'NO_WORKSPACE');
      }
    });
  });

  describe('realpathOfLongestExisting', () => {
    it('appends the missing tail to the real ancestor', async () => {
      const r = await realpathOfLongestExisting(nodePath.join(ws, 'link-in', 'x', 'y.txt'));
      assert.deepEqual(r, { ok: true, path: nodePath.join(fs.realpathSync(ws), 'src', 'x', 'y.txt'), exists: false, ancestorIsDirectory: true });
    });
  });
});
