import * as assert from 'node:assert/strict';
import * as nodePath from 'node:path';
import { sensitiveTarget } from '../../../../src/core/sensitive/sensitive-target';

describe('sensitiveTarget (every containing root, home folder)', () => {
  const p = nodePath.posix;
  const check = (paths: string[], roots: string[], extra: string[] = [], home?: string) =>
    sensitiveTarget({ paths, roots, extraGlobs: extra, home, pathApi: p });

  it('judges a path against every root that contains it, not only the innermost', () => {
    // Roots `repo` and `repo/.github`: to the inner root the file is only `workflows/ci.yml`.
    const m = check(['/w/repo/.github/workflows/ci.yml'], ['/w/repo/.github', '/w/repo']);
    assert.deepEqual(m, { sensitive: true, glob: '**/.github/workflows/**', source: 'default' });
    assert.equal(check(['/w/repo/.vscode/settings.json'], ['/w/repo/.vscode', '/w/repo']).sensitive, true);
  });

  it('checks the real path too, and user globs anchored at any containing root', () => {
    assert.equal(check(['/w/repo/innocent.txt', '/w/repo/.vscode/tasks.json'], ['/w/repo']).sensitive, true);
    assert.deepEqual(check(['/w/repo/app/secrets/k.pem'], ['/w/repo/app', '/w/repo'], ['app/secrets/']), { sensitive: true, glob: 'app/secrets/', source: 'user' });
  });

  it('matches case-insensitively, paths and roots alike', () => {
    assert.equal(check(['/W/Repo/.GITHUB/Workflows/ci.yml'], ['/w/repo']).sensitive, true);
    assert.equal(check(['/mnt/c/Proj/.VSCode/settings.json'], ['/mnt/c/proj']).sensitive, true);
  });

  it('applies home globs only when a workspace folder contains the home folder', () => {
    const home = '/home/u';
    const homeFiles = ['.ssh/authorized_keys', '.bashrc', '.zshrc', '.profile', '.gitconfig', '.config/Code/User/settings.json', '.vscode/extensions/x/extension.js'];
    for (const f of homeFiles) {
      assert.equal(check([`${home}/${f}`], ['/home'], [], home).sensitive, true, f);
      assert.equal(check([`${home}/${f}`], [home], [], home).sensitive, true, f);
    }
    assert.equal(check(['/home/u/Library/Application Support/Code/User/settings.json'], [home], [], home).sensitive, true);
    assert.equal(check(['/home/u/AppData/Roaming/Code/User/keybindings.json'], [home], [], home).sensitive, true);
    // A project below home, opened on its own: its own `.bashrc` is an ordinary file.
    assert.equal(check(['/home/u/proj/.bashrc'], ['/home/u/proj'], [], home).sensitive, false);
    assert.equal(check(['/home/u/proj/src/a.ts'], [home], [], home).sensitive, false);
  });

  it('flags nothing outside every root, and never throws on junk', () => {
    assert.equal(check(['/elsewhere/.vscode/settings.json'], ['/w/repo']).sensitive, false);
    assert.equal(check(['relative/.vscode/settings.json'], ['/w/repo']).sensitive, false);
    assert.deepEqual(sensitiveTarget({ paths: [42 as unknown as string], roots: [null as unknown as string], home: 7 as unknown as string }), { sensitive: false });
  });
});
