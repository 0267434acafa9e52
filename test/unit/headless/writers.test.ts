import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { Running, startServer, tempDir } from './harness';

const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

// The headless server records other writers as the extension does, without a file watcher:
// a checkpoint when a turn starts is its base, and each recording walks the root.
describe('headless MCP server: other writers recorded in the history', function () {
  this.timeout(30_000);
  let root: string;
  let store: string;
  let server: Running;
  beforeEach(async () => {
    root = tempDir('writers-root');
    store = tempDir('writers-store');
    server = await startServer(root, store, ['--allow-exec']);
  });
  afterEach(async () => {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true });
    fs.rmSync(store, { recursive: true, force: true });
  });

  it('execute_program: what the program rewrote and created is one change, listed in the result, undone by rollback_file byte for byte', async () => {
    const b = Buffer.concat([BOM, Buffer.from('b one\r\nb two\r\n')]);
    fs.writeFileSync(path.join(root, 'a.txt'), 'a one\n');
    fs.writeFileSync(path.join(root, 'b.txt'), b);
    fs.writeFileSync(path.join(root, 'gen.js'), "const fs = require('fs'); fs.writeFileSync('a.txt', 'A\\n'); fs.writeFileSync('b.txt', 'B\\n'); fs.writeFileSync('c.txt', 'C\\n');\n");
    const run = await server.call('execute_program', { program: process.execPath, args: ['gen.js'] });
    assert.equal(run.success, true, JSON.stringify(run));
    assert.deepEqual([...run.files_changed].sort((x, y) => x.path.localeCompare(y.path)), [{ path: 'a.txt', change: 'modified' }, { path: 'b.txt', change: 'modified' }, { path: 'c.txt', change: 'created' }]);
    assert.ok(run.backup_group_id);
    const listed = await server.call('list_backups', { path: 'b.txt' });
    assert.match(listed.backups[0].writer, /execute_program/, JSON.stringify(listed));
    const back = await server.call('rollback_file', { path: 'a.txt' });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(fs.readFileSync(path.join(root, 'a.txt'), 'utf8'), 'a one\n');
    assert.deepEqual(fs.readFileSync(path.join(root, 'b.txt')), b, 'BOM and CRLF come back');
    assert.equal(fs.existsSync(path.join(root, 'c.txt')), false);
  });

  it('a file another process wrote during the turn is recorded as "outside the tools" and rolled back with its backup', async () => {
    fs.writeFileSync(path.join(root, 'ours.txt'), 'ours 1\n');
    fs.writeFileSync(path.join(root, 'theirs.txt'), 'theirs 1\n');
    const read = await server.call('safe_read_file', { path: 'ours.txt' });
    // The turn's first call took the base checkpoint in the background; a listing waits for it.
    await server.call('list_backups', { path: 'ours.txt' });
    assert.equal((await server.call('write_file', { path: 'ours.txt', content: 'ours 2\n', base_sha256: read.sha256 })).success, true);
    fs.writeFileSync(path.join(root, 'theirs.txt'), 'rewritten by another process\n');
    const listed = await server.call('list_backups', { path: 'theirs.txt' });
    assert.equal(listed.backups.length, 1, JSON.stringify(listed));
    assert.equal(listed.backups[0].tool, 'outside');
    // Another program's change is never an agent's default target, nor undone without force.
    const refused = await server.call('rollback_file', { path: 'theirs.txt' });
    assert.equal(refused.success, false, JSON.stringify(refused));
    assert.equal(refused.error_type, 'PERMISSION_DENIED');
    assert.equal(refused.reason, 'another_programs_change');
    assert.equal(refused.backup_id, listed.backups[0].id, 'the refusal names the entry to pass if the user wants it undone');
    const unforced = await server.call('rollback_file', { path: 'theirs.txt', backup_id: listed.backups[0].id });
    assert.equal(unforced.reason, 'another_programs_change', JSON.stringify(unforced));
    assert.equal(fs.readFileSync(path.join(root, 'theirs.txt'), 'utf8'), 'rewritten by another process\n');
    const back = await server.call('rollback_file', { path: 'theirs.txt', backup_id: listed.backups[0].id, force: true });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.equal(fs.readFileSync(path.join(root, 'theirs.txt'), 'utf8'), 'theirs 1\n');
    assert.equal(fs.readFileSync(path.join(root, 'ours.txt'), 'utf8'), 'ours 2\n', 'only the other writer\'s change');
  });

  it('a file another program created during the turn is not deleted by rollback_file unless named with force (the agent never created it)', async () => {
    fs.writeFileSync(path.join(root, 'ours.txt'), 'ours 1\n');
    const read = await server.call('safe_read_file', { path: 'ours.txt' });
    await server.call('list_backups', { path: 'ours.txt' });
    assert.equal((await server.call('write_file', { path: 'ours.txt', content: 'ours 2\n', base_sha256: read.sha256 })).success, true);
    fs.writeFileSync(path.join(root, 'made.txt'), 'a program made this\n');
    const listed = await server.call('list_backups', { path: 'made.txt' });
    assert.equal(listed.backups.length, 1, JSON.stringify(listed));
    const refused = await server.call('rollback_file', { path: 'made.txt' });
    assert.equal(refused.success, false, JSON.stringify(refused));
    assert.equal(refused.reason, 'another_programs_change');
    assert.match(refused.message, /created/);
    for (const pick of [{ revision: 0 }, { backup_id: listed.backups[0].id }]) {
      const r = await server.call('rollback_file', { path: 'made.txt', ...pick });
      assert.equal(r.reason, 'another_programs_change', JSON.stringify(r));
    }
    assert.equal(fs.readFileSync(path.join(root, 'made.txt'), 'utf8'), 'a program made this\n', 'still there');
    const forced = await server.call('rollback_file', { path: 'made.txt', backup_id: listed.backups[0].id, force: true });
    assert.equal(forced.success, true, JSON.stringify(forced));
    assert.equal(fs.existsSync(path.join(root, 'made.txt')), false);
  });

  it('a BOM file execute_program rewrote, rolled back: the rollback answers the sha256 the next read gives, and can itself be rolled back without force', async () => {
    const original = Buffer.concat([BOM, Buffer.from('x = 1\r\ny = 2\r\n')]);
    fs.writeFileSync(path.join(root, 'b.txt'), original);
    fs.writeFileSync(path.join(root, 'fmt.js'), "require('fs').writeFileSync('b.txt', 'x = 1\\ny = 2\\n');\n");
    const run = await server.call('execute_program', { program: process.execPath, args: ['fmt.js'] });
    assert.deepEqual(run.files_changed, [{ path: 'b.txt', change: 'modified' }], JSON.stringify(run));
    const back = await server.call('rollback_file', { path: 'b.txt' });
    assert.equal(back.success, true, JSON.stringify(back));
    assert.deepEqual(fs.readFileSync(path.join(root, 'b.txt')), original, 'byte for byte: BOM and CRLF');
    const read = await server.call('safe_read_file', { path: 'b.txt' });
    assert.equal(back.sha256, read.sha256, 'one sha256 per version: the rollback\'s is the read\'s');
    const listed = await server.call('list_backups', { path: 'b.txt' });
    assert.equal(listed.backups[0].tool, 'rollback_file');
    const again = await server.call('rollback_file', { path: 'b.txt' });
    assert.equal(again.success, true, `undoing the rollback is not "someone edited it since": ${JSON.stringify(again)}`);
    assert.equal(fs.readFileSync(path.join(root, 'b.txt'), 'utf8'), 'x = 1\ny = 2\n');
    const readAgain = await server.call('safe_read_file', { path: 'b.txt' });
    assert.equal(again.sha256, readAgain.sha256);
  });
});
