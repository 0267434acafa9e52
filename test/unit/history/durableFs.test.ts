import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { ensureDirDurable, writeFileDurable } from '../../../src/history/durableFs';
import { tempRoot } from './helpers';

describe('durableFs', () => {
  let root: string;
  beforeEach(() => { root = tempRoot(); });
  afterEach(() => { fs.rmSync(root, { recursive: true, force: true }); });

  it('writes through a temp file and leaves none behind; replaces an existing file whole', async () => {
    const tmp = path.join(root, 'tmp');
    await ensureDirDurable(tmp);
    const target = path.join(root, 'out.bin');
    await writeFileDurable(target, 'first version', tmp);
    await writeFileDurable(target, Buffer.from([0, 1, 2, 255]), tmp);
    assert.deepEqual([...fs.readFileSync(target)], [0, 1, 2, 255]);
    assert.deepEqual(fs.readdirSync(tmp), []);
  });

  it('creates missing parent directories', async () => {
    const deep = path.join(root, 'a', 'b', 'c');
    await ensureDirDurable(deep);
    await ensureDirDurable(deep); // existing: fine
    assert.ok(fs.statSync(deep).isDirectory());
  });

  it('fails (throws to the store, which returns a failure value) when the target directory is missing, leaving no temp file', async () => {
    const tmp = path.join(root, 'tmp');
    await ensureDirDurable(tmp);
    await assert.rejects(writeFileDurable(path.join(root, 'missing', 'x'), 'data', tmp));
    assert.deepEqual(fs.readdirSync(tmp), []);
  });
});
