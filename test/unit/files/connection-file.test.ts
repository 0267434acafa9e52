import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { connectionFilePath, readLiveConnection, removeConnectionFile, writeConnectionFile } from '../../../src/files/connection-file';

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
    assert.deepEqual(live, { ok: true, record: record('t1') });
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
    assert.equal(connectionFilePath(dir, workspace), connectionFilePath(dir, fs.realpathSync(link)));
  });

  it('is removed only while it still holds our token (another window on the folder may have written its own)', () => {
    const file = writeConnectionFile(dir, record('first'));
    writeConnectionFile(dir, record('second'));
    removeConnectionFile(file, 'first');
    assert.equal(fs.existsSync(file), true);
    removeConnectionFile(file, 'second');
    assert.equal(fs.existsSync(file), false);
  });
});
