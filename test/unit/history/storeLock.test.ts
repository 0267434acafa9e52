import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../src/history/backupStore';
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
});
