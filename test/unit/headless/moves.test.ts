import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Running, startServer, tempDir } from './harness';

// The headless server (the disk host) moving and re-creating files: an executable script with
// a BOM stays both when it is moved, when the move is rolled back, and when a deleted file of
// a multi-file change comes back through the group's rollback.

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);
const modeOf = (p: string) => fs.statSync(p).mode & 0o7777;

describe('headless MCP server: moves and re-created files keep their mode and BOM', () => {
  let root: string;
  let server: Running;

  beforeEach(async () => {
    root = tempDir('root');
    server = await startServer(root, tempDir('store'));
  });
  afterEach(async () => {
    await server?.close();
  });

  const script = () => {
    const p = path.join(root, 'run.sh');
    fs.writeFileSync(p, Buffer.concat([BOM, Buffer.from('#!/bin/sh\necho hi\n')]));
    fs.chmodSync(p, 0o751);
    return p;
  };

  it('a Move to keeps the executable bit and the BOM, and its rollback gives both back to the old name', async () => {
    const src = script();
    const sha = (await server.call('safe_read_file', { path: 'run.sh' })).sha256;
    const moved = await server.call('safe_patch', { unified_diff: '*** Begin Patch\n*** Update File: run.sh\n*** Move to: bin/run.sh\n@@\n-echo hi\n+echo hello\n*** End Patch\n', base_hashes: { 'run.sh': sha } });
    assert.equal(moved.success, true, JSON.stringify(moved));
    const dst = path.join(root, 'bin/run.sh');
    assert.equal(fs.existsSync(src), false);
    assert.deepEqual(fs.readFileSync(dst), Buffer.concat([BOM, Buffer.from('#!/bin/sh\necho hello\n')]));
    assert.equal(modeOf(dst), 0o751);
    const back = await server.call('rollback_file', { path: 'bin/run.sh' });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(fs.existsSync(dst), false);
    assert.deepEqual(fs.readFileSync(src), Buffer.concat([BOM, Buffer.from('#!/bin/sh\necho hi\n')]));
    assert.equal(modeOf(src), 0o751);
  });

  it('a file a multi-file change deleted comes back with its mode and BOM when the group is rolled back', async () => {
    const src = script();
    fs.writeFileSync(path.join(root, 'b.txt'), 'beta\n');
    const sha = (await server.call('safe_read_file', { path: 'run.sh' })).sha256;
    const b = (await server.call('safe_read_file', { path: 'b.txt' })).sha256;
    const r = await server.call('safe_patch', { unified_diff: '*** Begin Patch\n*** Delete File: run.sh\n*** Update File: b.txt\n@@\n-beta\n+BETA\n*** End Patch\n', base_hashes: { 'run.sh': sha, 'b.txt': b } });
    assert.equal(r.success, true, JSON.stringify(r));
    assert.equal(fs.existsSync(src), false);
    const back = await server.call('rollback_file', { path: 'b.txt' });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.deepEqual(fs.readFileSync(src), Buffer.concat([BOM, Buffer.from('#!/bin/sh\necho hi\n')]));
    assert.equal(modeOf(src), 0o751);
    assert.equal(fs.readFileSync(path.join(root, 'b.txt'), 'utf8'), 'beta\n');
  });
});
