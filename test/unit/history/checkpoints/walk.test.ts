import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ExcludeGlobs } from '../../../../src/history/checkpoints/excludeGlobs';
import { readWalkedFile, Walked, walkPathEntries, walkWorkspace, walkWorkspaceEntries } from '../../../../src/history/checkpoints/workspaceWalk';
import { mergeSorted, withoutPaths } from '../../../../src/history/checkpoints/manifestRanges';
import { ManifestEntry } from '../../../../src/history/checkpoints/manifest';
import { tempWorkspace, writeTree } from './helpers';

const RULES = { excludes: new ExcludeGlobs([]), useGitignore: true, skipDirs: new Set<string>() };

describe('history/checkpoints: the walk', () => {
  it('files that vanish between the listing and their lstat are listed as vanished, not recorded nor fatal', () => {
    const t = tempWorkspace();
    try {
      writeTree(t.ws, { 'd/a.txt': 'a', 'd/b.txt': 'b', 'd/c.txt': 'c', 'e/x.txt': 'x' });
      const seen: Walked[] = [];
      // another program deletes part of the folder right after the walk listed it
      const onFolderChecked = (rel: string) => { if (rel === 'd') { fs.rmSync(path.join(t.ws, 'd/b.txt')); fs.rmSync(path.join(t.ws, 'd/c.txt')); } };
      walkWorkspace(t.ws, { ...RULES, onFolderChecked }, (w) => seen.push(w));
      assert.deepEqual(seen.map((w) => [w.path, w.kind, w.kind === 'left_out' ? w.reason : '']), [
        ['d/a.txt', 'file', ''], ['d/b.txt', 'left_out', 'vanished'], ['d/c.txt', 'left_out', 'vanished'], ['e/x.txt', 'file', ''],
      ]);
    } finally { t.cleanup(); }
  });

  it('a folder it cannot list is left out as unreadable, and the rest is walked (as a user without access)', () => {
    const t = tempWorkspace();
    try {
      writeTree(t.ws, { 'open/a.txt': 'a', 'closed/secret.txt': 's' });
      fs.chmodSync(path.join(t.ws, 'closed'), 0o000);
      // Root reads everything: run the walk as root without its capabilities then (setpriv drops
      // them), still able to load this project's modules wherever the clone is (a 0700 /root
      // included, which another user such as nobody could not enter).
      const asRoot = process.getuid?.() === 0;
      const script = `const { walkWorkspace } = require(${JSON.stringify(require.resolve('../../../../src/history/checkpoints/workspaceWalk'))});
        const { ExcludeGlobs } = require(${JSON.stringify(require.resolve('../../../../src/history/checkpoints/excludeGlobs'))});
        const out = []; walkWorkspace(${JSON.stringify(t.ws)}, { excludes: new ExcludeGlobs([]), useGitignore: true, skipDirs: new Set() }, (w) => out.push([w.path, w.kind, w.reason ?? '']));
        process.stdout.write(JSON.stringify(out));`;
      const r = asRoot
        ? spawnSync('setpriv', ['--bounding-set=-all', '--inh-caps=-all', process.execPath, '-e', script], { encoding: 'utf8' })
        : spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' });
      assert.equal(r.error, undefined, `setpriv (util-linux) runs the walk without root's capabilities: ${String(r.error)}`);
      assert.equal(r.status, 0, r.stderr);
      assert.deepEqual(JSON.parse(r.stdout), [['closed', 'left_out', 'unreadable'], ['open/a.txt', 'file', '']]);
    } finally {
      fs.chmodSync(path.join(t.ws, 'closed'), 0o755);
      t.cleanup();
    }
  });

  it('withoutPaths drops a path and everything under it, nothing else (a.txt and a0 sort around a/…); mergeSorted keeps the order', () => {
    const e = (p: string): ManifestEntry => ({ kind: 'left_out', path: p, reason: 'excluded' });
    const sorted = ['a', 'a.txt', 'a/b', 'a/b/c', 'a0', 'ab', 'b'].map(e);
    assert.deepEqual(withoutPaths(sorted, ['a']).map((x) => x.path), ['a.txt', 'a0', 'ab', 'b']);
    assert.deepEqual(withoutPaths(sorted, ['a/b', 'b', 'a/b/c', 'zz']).map((x) => x.path), ['a', 'a.txt', 'a0', 'ab']);
    assert.deepEqual(mergeSorted(['a', 'a/b', 'c'].map(e), ['a.txt', 'b'].map(e)).map((x) => x.path), ['a', 'a.txt', 'a/b', 'b', 'c']);
  });

  describe('a folder replaced by a link while the walk is in it is never walked through', () => {
    // ws/sub holds inner.txt; outside/ (beside ws) holds files of the same names with other text.
    const setup = () => {
      const t = tempWorkspace();
      const outside = path.join(path.dirname(t.ws), 'outside');
      writeTree(t.ws, { 'a.txt': 'a', 'sub/inner.txt': 'inside', 'sub/saved.txt': 'v1' });
      writeTree(outside, { 'inner.txt': 'OUTSIDE', 'saved.txt': 'OUTSIDE', 'secret.txt': 'OUTSIDE' });
      const swap = () => { fs.rmSync(path.join(t.ws, 'sub'), { recursive: true }); fs.symlinkSync(outside, path.join(t.ws, 'sub')); };
      return { t, swap };
    };
    const summary = (seen: Walked[]) => seen.map((w) => [w.path, w.kind, w.kind === 'left_out' ? w.reason : '']);

    it('swapped between its parent\'s listing and its own: left out as unstable, nothing under it reported', () => {
      const { t, swap } = setup();
      try {
        const seen: Walked[] = [];
        // a.txt is reported before the walk descends into sub (the root's files come first)
        walkWorkspace(t.ws, RULES, (w) => { seen.push(w); if (w.path === 'a.txt') swap(); });
        assert.deepEqual(summary(seen), [['a.txt', 'file', ''], ['sub', 'left_out', 'unstable']]);
      } finally { t.cleanup(); }
    });

    it('swapped between its listing and its entries\' lstat: left out as unstable, no entry\'s stat taken through the link', () => {
      const { t, swap } = setup();
      try {
        const seen: Walked[] = [];
        walkWorkspace(t.ws, { ...RULES, onFolderChecked: (rel) => { if (rel === 'sub') swap(); } }, (w) => seen.push(w));
        assert.deepEqual(summary(seen), [['a.txt', 'file', ''], ['sub', 'left_out', 'unstable']]);
      } finally { t.cleanup(); }
    });

    it('swapped after its files were reported: reading one gives no outside bytes (unstable); a file saved in place meanwhile is read', () => {
      const { t, swap } = setup();
      try {
        const files = [...walkWorkspaceEntries(t.ws, RULES)].filter((w): w is Extract<Walked, { kind: 'file' }> => w.kind === 'file');
        const byPath = new Map(files.map((w) => [w.path, w]));
        assert.deepEqual([...byPath.keys()], ['a.txt', 'sub/inner.txt', 'sub/saved.txt']);
        // an editor saves sub/saved.txt through a new file renamed over it: another inode in the same folder
        fs.writeFileSync(path.join(t.ws, 'sub/.saved.tmp'), 'v2');
        fs.renameSync(path.join(t.ws, 'sub/.saved.tmp'), path.join(t.ws, 'sub/saved.txt'));
        const saved = readWalkedFile(byPath.get('sub/saved.txt')!);
        assert.ok('bytes' in saved && saved.bytes.toString() === 'v2', JSON.stringify(saved));
        swap();
        assert.deepEqual(readWalkedFile(byPath.get('sub/inner.txt')!), { error: 'unstable' });
        assert.deepEqual(readWalkedFile(byPath.get('sub/saved.txt')!), { error: 'unstable' });
      } finally { t.cleanup(); }
    });

    it('a watcher\'s path whose folder is swapped between the folder\'s check and the path\'s lstat: unstable, not read from outside', () => {
      const { t, swap } = setup();
      try {
        const examined: string[] = [];
        const seen = [...walkPathEntries(t.ws, { ...RULES, onFolderChecked: (rel) => { if (rel === 'sub') swap(); } }, ['sub/inner.txt'], examined)];
        assert.deepEqual(summary(seen), [['sub/inner.txt', 'left_out', 'unstable']]);
        assert.deepEqual(examined, ['sub/inner.txt']);
      } finally { t.cleanup(); }
    });
  });
});
