import { strict as assert } from 'node:assert';
import { readArgs } from '../../../src/commands/args';
import { withUiToken } from '../../../src/hosts/vscode/ui-token';
import { entry } from './fixtures';

describe('commands/args readArgs', () => {
  it('gives no fields for a missing or non-object argument', () => {
    for (const arg of [undefined, null, 3, 'a.txt', true]) assert.deepEqual(readArgs(arg), {});
  });

  it('keeps well-typed fields of a plain object', () => {
    assert.deepEqual(readArgs(withUiToken({ path: 'src/a.c', revision: 2, confirm: false, overwrite: true, turnIndex: 0, entryId: 'x1' })),
      { path: 'src/a.c', revision: 2, confirm: false, overwrite: true, turnIndex: 0, entryId: 'x1' });
  });

  it('honours confirm:false only with this session\'s UI token (issue 19 item 14)', () => {
    assert.deepEqual(readArgs({ path: 'a', confirm: false }), { path: 'a' });
    assert.deepEqual(readArgs({ path: 'a', confirm: false, uiToken: 'guessed' }), { path: 'a' });
    assert.deepEqual(readArgs({ path: 'a', confirm: false, uiToken: withUiToken({}).uiToken }), { path: 'a', confirm: false });
    assert.deepEqual(readArgs({ confirm: true }), { confirm: true });
  });

  it('keeps a selection of paths; a malformed one selects nothing (never every file)', () => {
    assert.deepEqual(readArgs({ turnIndex: 0, paths: ['a.txt', 'b/c.txt'] }), { turnIndex: 0, paths: ['a.txt', 'b/c.txt'] });
    assert.deepEqual(readArgs({ paths: 'a.txt' }), { paths: [] });
    assert.deepEqual(readArgs({ paths: ['a.txt', 3] }), { paths: [] });
    assert.deepEqual(readArgs({ paths: ['a.txt', ''] }), { paths: [] });
    assert.deepEqual(readArgs({ paths: new Array(10_001).fill('a') }), { paths: [] });
    assert.deepEqual(readArgs({}), {}, 'no paths: no selection field (every file)');
  });

  it('drops negative, fractional and non-numeric indexes and wrongly typed flags', () => {
    assert.deepEqual(readArgs({ revision: -1, turnIndex: 1.5, confirm: 'no', overwrite: 1, path: '' }), {});
    assert.deepEqual(readArgs({ revision: '0' }), {});
  });

  it('reads a file Uri as fsPath (never its URI path as a workspace path), and ignores other schemes', () => {
    assert.deepEqual(readArgs({ scheme: 'file', fsPath: '/w/src/a.c', path: '/w/src/a.c' }), { fsPath: '/w/src/a.c' });
    assert.deepEqual(readArgs({ scheme: 'untitled', fsPath: 'Untitled-1', path: 'Untitled-1' }), {});
  });

  it('reads an entry item of the history tree (entry.id and entry.path)', () => {
    const e = entry({ path: 'lib/x.ts', time: 5 });
    assert.deepEqual(readArgs({ entry: e, label: 'whatever' }), { entryId: e.id, path: 'lib/x.ts' });
  });

  it('an explicit entryId or path wins over the item\'s entry', () => {
    const e = entry({ path: 'lib/x.ts', time: 5 });
    assert.deepEqual(readArgs({ entry: e, entryId: 'other', path: 'y.ts' }), { entryId: 'other', path: 'y.ts' });
  });
});
