import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../src/history/backupStore';
import { processIdentity, startTimeOf } from '../../../src/history/processIdentity';
import { tempRoot } from './helpers';

describe('BackupStore lock (one process per root)', () => {
  let root: string;
  beforeEach(() => { root = tempRoot(); });
  afterEach(() => { fs.rmSync(root, { recursive: true, force: true }); });

  it('refuses a root held by another live process, and takes it over once that process is gone', async () => {
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      fs.writeFileSync(path.join(root, 'store.lock'), JSON.stringify({ pid: other.pid, time: Date.now() }));
      const store = new BackupStore(root);
      const refused = await store.open();
      assert.ok(!refused.ok && refused.failure.pid === other.pid, JSON.stringify(refused));
      const write = await store.begin({ tool: 'write_file', path: 'a', beforeText: 'x' });
      assert.ok(!write.ok, 'no write may happen without the lock');
    } finally {
      await new Promise<void>((resolve) => { other.on('exit', () => resolve()); other.kill('SIGKILL'); });
    }
    const store = new BackupStore(root);
    const opened = await store.open();
    assert.ok(opened.ok, JSON.stringify(opened));
    assert.equal(JSON.parse(fs.readFileSync(path.join(root, 'store.lock'), 'utf8')).pid, process.pid);
    await store.close();
    assert.equal(fs.existsSync(path.join(root, 'store.lock')), false);
  });

  it('takes over a lock whose pid is alive but now belongs to another process (start time differs)', async () => {
    const live = await processIdentity(process.ppid);
    assert.ok(live.start, "this suite runs on Linux, where /proc/<pid>/stat gives start times");
    // The parent process is alive; the lock says its pid was started at another time.
    fs.writeFileSync(path.join(root, 'store.lock'), JSON.stringify({ pid: process.ppid, time: Date.now(), ...live, start: String(Number(live.start) + 1) }));
    const store = new BackupStore(root);
    const opened = await store.open();
    assert.ok(opened.ok, JSON.stringify(opened));
    const lock = JSON.parse(fs.readFileSync(path.join(root, 'store.lock'), 'utf8'));
    assert.equal(lock.pid, process.pid);
    assert.equal(lock.start, (await processIdentity(process.pid)).start, 'the new lock records our start time');
    await store.close();
  });

  it('takes over a lock written before a reboot (boot id differs), and respects one whose identity matches', async () => {
    const live = await processIdentity(process.ppid);
    assert.ok(live.boot, "this suite runs on Linux, where /proc gives the boot id");
    fs.writeFileSync(path.join(root, 'store.lock'), JSON.stringify({ pid: process.ppid, time: Date.now(), ...live, boot: 'another-boot' }));
    const first = new BackupStore(root);
    assert.ok((await first.open()).ok);
    await first.close();
    fs.writeFileSync(path.join(root, 'store.lock'), JSON.stringify({ pid: process.ppid, time: Date.now(), ...live }));
    const refused = await new BackupStore(root).open();
    assert.ok(!refused.ok && refused.failure.pid === process.ppid, JSON.stringify(refused));
  });

  it('reads field 22 of /proc/<pid>/stat after the last ")" (names may hold spaces and parentheses)', () => {
    const fields = Array.from({ length: 50 }, (_, i) => String(i + 3));
    assert.equal(startTimeOf(`123 (a) b (c) ${fields.join(' ')}`), '22');
    assert.equal(startTimeOf('garbage'), undefined);
  });
});
