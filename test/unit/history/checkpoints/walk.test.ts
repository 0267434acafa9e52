import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ExcludeGlobs } from '../../../../src/history/checkpoints/excludeGlobs';
import { Walked, walkWorkspace } from '../../../../src/history/checkpoints/workspaceWalk';
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
      walkWorkspace(t.ws, RULES, (w) => {
        seen.push(w);
        // another program deletes the rest of the folder while the walk is in it
        if (w.path === 'd/a.txt') { fs.rmSync(path.join(t.ws, 'd/b.txt')); fs.rmSync(path.join(t.ws, 'd/c.txt')); }
      });
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
});
