import { strict as assert } from 'node:assert';
import * as path from 'node:path';
import { parseArgs } from '../../../src/headless/options';
import { defaultStoreDir } from '../../../src/headless/store-location';
import { allToolDefinitions } from '../../../src/engine/tools';
import { TOOL_NAMES } from '../../../src/core/catalog/tool-sets';

describe('headless server: command line and store location', () => {
  it('--root defaults to the current directory; flags are off unless given', () => {
    assert.deepEqual(parseArgs([], '/w'), { kind: 'run', options: { root: '/w', allowProtected: false, allowExec: false } });
    assert.deepEqual(parseArgs(['--root', 'sub', '--store=/s', '--allow-protected', '--allow-exec'], '/w'), { kind: 'run', options: { root: path.resolve('/w/sub'), store: '/s', allowProtected: true, allowExec: true } });
  });

  it('unknown arguments and missing values are errors, not ignored', () => {
    assert.equal(parseArgs(['--allow-everything'], '/w').kind, 'error');
    assert.equal(parseArgs(['--root'], '/w').kind, 'error');
    assert.equal(parseArgs(['--help'], '/w').kind, 'help');
  });

  it('the default store is per root, under $XDG_STATE_HOME or ~/.local/state, named by the root and a hash of its real path', () => {
    const a = defaultStoreDir('/src/api', { XDG_STATE_HOME: '/state' }, '/home/u');
    assert.match(a, /^\/state\/agent-safe-edit\/api-[0-9a-f]{16}$/);
    assert.notEqual(a, defaultStoreDir('/other/api', { XDG_STATE_HOME: '/state' }, '/home/u'), 'two roots named api never share a history');
    assert.equal(defaultStoreDir('/src/api', {}, '/home/u'), a.replace('/state', '/home/u/.local/state'));
    assert.equal(defaultStoreDir('/src/api', { XDG_STATE_HOME: 'relative' }, '/home/u'), a.replace('/state', '/home/u/.local/state'), 'a relative XDG_STATE_HOME is ignored (XDG spec)');
  });

  it('the engine has one tool per catalog name (both hosts run these definitions)', () => {
    assert.deepEqual(allToolDefinitions().map((d) => d.name).sort(), [...TOOL_NAMES].sort());
  });
});
