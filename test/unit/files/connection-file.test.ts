import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { connectionFiles, readLiveConnection, removeConnectionFile, writeConnectionFile } from '../../../src/files/connection-file';
import { processIdentitySync } from '../../../src/files/process-identity';

// The user-only file through which a running server tells its clients the URL and this start's token.
describe('MCP connection file', () => {
  let dir: string;
  let workspace: string;
  beforeEach(() => {
    const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ase-conn-')));
    dir = path.join(base, 'storage', 'mcp');
    workspace = path.join(base, 'my project');
    fs.mkdirSync(workspace);
  });
  const record = (token: string, pid = process.pid) => ({ url: 'http://127.0.0.1:5555/mcp', token, pid, workspace });
  const mode = (p: string) => fs.statSync(p).mode & 0o777;

  it('is written 0600 in folders that are 0700, outside the workspace, and read back while its process lives', () => {
    const file = writeConnectionFile(dir, record('t1'));
    assert.equal(mode(file), 0o600);
    assert.equal(mode(path.dirname(file)), 0o700);
    assert.equal(mode(dir), 0o700);
    assert.ok(!file.startsWith(workspace));
    const live = readLiveConnection(dir, workspace);
    assert.ok(live.ok, JSON.stringify(live));
    const { written, ...rest } = live.record;
    assert.deepEqual(rest, { ...record('t1'), ...processIdentitySync(process.pid) }, 'the record names its writer by pid, boot id and start time');
    assert.equal(typeof written, 'number');
  });

  it('tightens a folder that existed with wider permissions', () => {
    fs.mkdirSync(path.join(dir, 'connections'), { recursive: true, mode: 0o755 });
    fs.chmodSync(dir, 0o755);
    writeConnectionFile(dir, record('t1'));
    assert.equal(mode(dir), 0o700);
    assert.equal(mode(path.join(dir, 'connections')), 0o700);
  });

  it('a record whose process has ended is not a connection (a crash left it): the message says so and holds no token', () => {
    writeConnectionFile(dir, record('secret-token', 999_999_999));
    const live = readLiveConnection(dir, workspace);
    assert.equal(live.ok, false);
    if (!live.ok) {
      assert.match(live.message, /has ended \(process 999999999\)/);
      assert.doesNotMatch(live.message, /secret-token/);
    }
  });

  it('no record: VS Code is not serving the folder', () => {
    const live = readLiveConnection(dir, workspace);
    assert.equal(live.ok, false);
    if (!live.ok) assert.match(live.message, /not serving Agent Safe Edit/);
  });

  it('the same folder reached through a symlink finds the same record', () => {
    writeConnectionFile(dir, record('t1'));
    const link = `${workspace}-link`;
    fs.symlinkSync(workspace, link);
    assert.equal(readLiveConnection(dir, link).ok, true);
    assert.equal(connectionFiles(dir, fs.realpathSync(link)).length, 1);
    assert.deepEqual(connectionFiles(dir, workspace), connectionFiles(dir, fs.realpathSync(link)));
  });

  it('two servers of one folder each write their own record: the newest is read, and removing one leaves the other', () => {
    const first = writeConnectionFile(dir, { ...record('first'), written: 1000 });
    const second = writeConnectionFile(dir, { ...record('second'), written: 2000 });
    assert.notEqual(first, second);
    assert.deepEqual(connectionFiles(dir, workspace), [first, second].sort());
    const token = () => { const live = readLiveConnection(dir, workspace); return live.ok ? live.record.token : live.message; };
    assert.equal(token(), 'second', 'the newest record is read');
    removeConnectionFile(second, 'first');
    assert.equal(fs.existsSync(second), true, 'a file is removed only while it holds the remover\'s token');
    removeConnectionFile(second, 'second');
    assert.equal(fs.existsSync(second), false);
    assert.equal(token(), 'first', 'the other server is still found');
  });

  it('a record in the earlier single-file format (<key>.json) is not read', () => {
    const file = writeConnectionFile(dir, record('t1'));
    fs.renameSync(file, file.replace(/\.\d+-[0-9a-f]+\.json$/, '.json'));
    const live = readLiveConnection(dir, workspace);
    assert.equal(live.ok, false);
    if (!live.ok) assert.match(live.message, /not serving Agent Safe Edit/);
  });
});
