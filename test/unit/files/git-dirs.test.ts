import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { resolveInWorkspace } from '../../../src/files/confine';
import { parseCommondir, parseGitdirPointer } from '../../../src/core/paths/git-pointer';

/**
 * Git directories under other names (issue 19, item 6):
 *   ws/.git         file "gitdir: ./.bare"           (the bare-repo worktree layout)
 *   ws/.bare/       HEAD, config, objects/, worktrees/main/{HEAD,commondir}
 *   ws/main/.git    file "gitdir: <ws>/.bare/worktrees/main"
 *   ws/foo.git/     HEAD, config, objects/        (a bare clone)
 *   ws/mod/.git     file "gitdir: ./store"  → ws/mod/store/ (no HEAD: not shaped)
 *   ws/half/        HEAD, config (no objects/: not a git dir)
 */
describe('git directories under any name are never written', () => {
  let ws: string;
  const makeGitDir = (d: string) => {
    fs.mkdirSync(nodePath.join(d, 'objects'), { recursive: true });
    fs.writeFileSync(nodePath.join(d, 'HEAD'), 'ref: refs/heads/main\n');
    fs.writeFileSync(nodePath.join(d, 'config'), '[core]\n\tbare = true\n');
  };
  before(() => {
    ws = nodePath.join(fs.realpathSync(fs.mkdtempSync(nodePath.join(os.tmpdir(), 'ase-gitdirs-'))), 'ws');
    fs.mkdirSync(ws);
    makeGitDir(nodePath.join(ws, '.bare'));
    fs.writeFileSync(nodePath.join(ws, '.git'), 'gitdir: ./.bare\n');
    const wt = nodePath.join(ws, '.bare', 'worktrees', 'main');
    fs.mkdirSync(wt, { recursive: true });
    fs.writeFileSync(nodePath.join(wt, 'HEAD'), 'ref: refs/heads/main\n');
    fs.writeFileSync(nodePath.join(wt, 'commondir'), '../..\n');
    fs.mkdirSync(nodePath.join(ws, 'main'));
    fs.writeFileSync(nodePath.join(ws, 'main', '.git'), `gitdir: ${wt}\n`);
    fs.writeFileSync(nodePath.join(ws, 'main', 'app.ts'), '');
    makeGitDir(nodePath.join(ws, 'foo.git'));
    fs.mkdirSync(nodePath.join(ws, 'mod'));
    fs.writeFileSync(nodePath.join(ws, 'mod', '.git'), 'gitdir: ./store\n');
    fs.mkdirSync(nodePath.join(ws, 'mod', 'store'));
    fs.writeFileSync(nodePath.join(ws, 'mod', 'store', 'config'), '[core]\n');
    fs.mkdirSync(nodePath.join(ws, 'half'));
    fs.writeFileSync(nodePath.join(ws, 'half', 'HEAD'), 'x');
    fs.writeFileSync(nodePath.join(ws, 'half', 'config'), 'x');
  });
  after(() => fs.rmSync(nodePath.dirname(ws), { recursive: true, force: true }));

  const write = { forWrite: true, allowCreate: true };
  const refused: [string, string][] = [
    ['.bare/config (shaped like a git dir, and named by the root .git file)', '.bare/config'],
    ['a new hook under .bare', '.bare/hooks/post-checkout'],
    ['foo.git/config (a bare clone)', 'foo.git/config'],
    ['a new file inside foo.git', 'foo.git/CONFIG'],
    ['the worktree git dir named by main/.git', '.bare/worktrees/main/HEAD'],
    ['mod/store/config, named only by the gitdir pointer of mod/.git', 'mod/store/config'],
  ];
  for (const [label, rel] of refused) {
    it(`refuses ${label}`, async () => {
      const r = await resolveInWorkspace(rel, [ws], write);
      assert.equal(r.ok, false, JSON.stringify(r));
      if (!r.ok) assert.equal(r.failure.reason, 'GIT_INTERNALS', r.failure.message);
    });
  }

  it('refuses a path inside the gitdir a .git file on its ancestors points at', async () => {
    // The root itself holds `.git` → `./.bare`; a workspace opened on ws must refuse .bare even if it were not shaped.
    fs.rmSync(nodePath.join(ws, '.bare', 'objects'), { recursive: true });
    try {
      const r = await resolveInWorkspace('.bare/config', [ws], write);
      assert.equal(r.ok, false, JSON.stringify(r));
      if (!r.ok) assert.equal(r.failure.reason, 'GIT_INTERNALS');
    } finally {
      fs.mkdirSync(nodePath.join(ws, '.bare', 'objects'));
    }
  });

  it('still reads those files, and writes ordinary ones next to them', async () => {
    assert.ok((await resolveInWorkspace('.bare/config', [ws])).ok);
    for (const p of ['main/app.ts', 'half/config', 'half/new.txt', 'foo.gitx/config']) {
      const r = await resolveInWorkspace(p, [ws], write);
      assert.ok(r.ok, `${p}: ${JSON.stringify(r)}`);
    }
  });

  describe('parseGitdirPointer / parseCommondir', () => {
    it('reads the first line only and trims it', () => {
      assert.equal(parseGitdirPointer('gitdir: ./.bare\n'), './.bare');
      assert.equal(parseGitdirPointer('gitdir:/abs/x  \r\nother'), '/abs/x');
      assert.equal(parseCommondir('../..\n'), '../..');
    });
    it('rejects what is not a pointer, and bounds the work', () => {
      for (const t of ['', 'gitdir:', 'nope: x', '\ngitdir: x', 42, undefined]) assert.equal(parseGitdirPointer(t), undefined, String(t));
      assert.equal(parseCommondir('  \n'), undefined);
      assert.equal(parseGitdirPointer('gitdir: ' + 'a'.repeat(5_000_000)), 'a'.repeat(4096 - 8));
    });
  });
});
