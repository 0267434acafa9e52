import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findHookEndpoint, serveHooks } from '../../../src/headless/hook-endpoint';
import { connectionFiles, searchConnections, writeConnectionFile } from '../../../src/files/connection-file';
import { processIdentitySync } from '../../../src/files/process-identity';
import { child, within, Child } from './child-process';

const HOOK_ENDPOINT = path.resolve(__dirname, '../../../src/headless/hook-endpoint.js');

/** A child process that serves hooks for a folder (as a window or a headless server does) until told to stop on stdin. */
const OWNER = `
const [mod, root, dir] = process.argv.slice(1);
require(mod).serveHooks([root], async () => ({ files: [], skipped: [] }), () => {}, dir).then((served) => {
  process.stdout.write('up\\n');
  process.stdin.on('data', () => served.close().then(() => process.exit(0)));
});`;

describe('hook endpoint records: one per owner, trusted only when written by the live process that serves', function () {
  this.timeout(20_000);
  let base: string;
  let root: string;
  let dir: string;
  const children: Child[] = [];
  const handle = async () => ({ files: [], skipped: [] });
  const log = () => undefined;
  beforeEach(() => {
    base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'ase-endpoints-')));
    root = path.join(base, 'project');
    dir = path.join(base, 'state');
    fs.mkdirSync(root);
  });
  afterEach(async () => {
    for (const c of children.splice(0)) {
      c.proc.kill('SIGKILL');
      await c.exited;
    }
    fs.rmSync(base, { recursive: true, force: true });
  });
  const startOwner = async () => {
    const c = child(OWNER, [HOOK_ENDPOINT, root, dir]);
    children.push(c);
    await within(c.line(/^up$/), 10_000, 'the owner process started');
    return c;
  };
  const tick = () => new Promise((r) => setTimeout(r, 5)); // records of one millisecond tie; the newest must be told

  it('two owners of one folder coexist: closing either leaves the other findable, and the newest is found', async () => {
    const other = await startOwner();
    await tick();
    const mine = await serveHooks([root], handle, log, dir);
    assert.equal(connectionFiles(dir, root).length, 2, 'each owner wrote its own record');
    assert.equal(findHookEndpoint(root, dir)?.pid, process.pid, 'the newest owner is found');
    await mine.close();
    const found = findHookEndpoint(root, dir);
    assert.equal(found?.pid, other.pid, 'the other owner is still found after this one closed');
    await tick();
    const again = await serveHooks([root], handle, log, dir);
    other.proc.stdin!.write('close\n');
    await within(other.exited, 10_000, 'the other owner closed');
    assert.equal(findHookEndpoint(root, dir)?.pid, process.pid, 'the other owner removed only its own record');
    await again.close();
    assert.equal(findHookEndpoint(root, dir), undefined);
    assert.deepEqual(connectionFiles(dir, root), []);
  });

  it('the record of an owner that was killed is passed over and removed by the finder', async () => {
    const killed = await startOwner();
    killed.proc.kill('SIGKILL');
    await killed.exited;
    assert.equal(connectionFiles(dir, root).length, 1, 'a killed owner leaves its record behind');
    assert.equal(findHookEndpoint(root, dir), undefined);
    assert.deepEqual(connectionFiles(dir, root), [], 'the record of a process that is gone is removed');
  });

  it('a record naming a live pid with another start time is not trusted (the pid was reused): never found, and removed', () => {
    const me = processIdentitySync(process.pid);
    assert.ok(me.start && me.boot, 'this suite runs on Linux, where /proc gives start times');
    const url = 'http://127.0.0.1:9/hook';
    writeConnectionFile(dir, { url, token: 'stale', pid: process.pid, workspace: root, boot: me.boot, start: String(Number(me.start) + 1) });
    assert.equal(findHookEndpoint(root, dir), undefined);
    assert.deepEqual(connectionFiles(dir, root), []);
    writeConnectionFile(dir, { url, token: 'before-reboot', pid: process.pid, workspace: root, boot: 'another-boot', start: me.start });
    assert.equal(findHookEndpoint(root, dir), undefined);
    writeConnectionFile(dir, { url, token: 'live', pid: process.pid, workspace: root });
    assert.equal(findHookEndpoint(root, dir)?.token, 'live', 'a record with the writer\'s identity is found');
  });

  it('only a regular 0600 file of this user is trusted: other modes, another owner and a symbolic link are skipped', () => {
    const file = writeConnectionFile(dir, { url: 'http://127.0.0.1:9/hook', token: 't', pid: process.pid, workspace: root });
    assert.equal(findHookEndpoint(root, dir)?.token, 't');
    for (const mode of [0o644, 0o640, 0o604, 0o400, 0o700]) {
      fs.chmodSync(file, mode);
      assert.equal(findHookEndpoint(root, dir), undefined, `mode ${mode.toString(8)}`);
    }
    fs.chmodSync(file, 0o600);
    assert.equal(findHookEndpoint(root, dir)?.token, 't');
    const foreign = searchConnections(dir, root, undefined, { uid: (process.getuid?.() ?? 0) + 1 });
    assert.equal(foreign.record, undefined, 'a file of another user is not trusted');
    assert.match(foreign.untrusted.join(), /owned by uid/);
    const elsewhere = path.join(base, 'elsewhere.json');
    fs.renameSync(file, elsewhere);
    fs.symlinkSync(elsewhere, file);
    assert.equal(findHookEndpoint(root, dir), undefined, 'a link to a good record is not followed');
    assert.match(searchConnections(dir, root).untrusted.join(), /symbolic link/);
    assert.equal(fs.existsSync(elsewhere), true, 'nor is its target removed');
  });

  it('a record whose URL is not http://127.0.0.1:<port> is skipped (the token would go elsewhere)', () => {
    for (const url of ['http://10.0.0.1:9/hook', 'http://localhost:9/hook', 'https://127.0.0.1:9/hook', 'http://127.0.0.1.example.org:9/hook', 'http://u:p@127.0.0.1:9/hook', 'http://[::1]:9/hook', 'not a url']) {
      const file = writeConnectionFile(dir, { url, token: 't', pid: process.pid, workspace: root });
      assert.equal(findHookEndpoint(root, dir), undefined, url);
      fs.rmSync(file);
    }
  });
});
