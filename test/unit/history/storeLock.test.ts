import assert from 'node:assert/strict';
import { ChildProcess, spawn, spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../src/history/backupStore';
import { processIdentity, startTimeOf } from '../../../src/history/processIdentity';
import { blobPath, tempRoot } from './helpers';

/** Lock generations present in a root, ascending. */
function generations(root: string): number[] {
  return fs.readdirSync(root).map((n) => /^store\.lock\.(\d+)$/.exec(n)).filter((m) => m !== null).map((m) => Number(m[1])).sort((a, b) => a - b);
}

function readJson(file: string): Record<string, unknown> {
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
}

/** A process that stays alive until killed (another owner). */
function liveProcess(): ChildProcess {
  return spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
}

function kill(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => { child.on('exit', () => resolve()); child.kill('SIGKILL'); });
}

/** A pid that no process has now: one of a process that has exited. */
function deadPid(): number {
  return spawnSync(process.execPath, ['-e', '']).pid!;
}

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

  it('takes generation n + 1 over a free generation n, keeps a copy in store.lock for earlier versions, and marks it released at close', async () => {
    fs.writeFileSync(path.join(root, 'store.lock.7'), JSON.stringify({ pid: deadPid(), time: Date.now(), generation: 7, nonce: 'a'.repeat(32) }));
    const store = new BackupStore(root);
    assert.ok((await store.open()).ok);
    assert.deepEqual(generations(root), [8], 'the stale generation is removed once the new one is held');
    const held = readJson(path.join(root, 'store.lock.8'));
    assert.equal(held.pid, process.pid);
    assert.equal(held.generation, 8);
    assert.match(String(held.nonce), /^[0-9a-f]{32}$/);
    assert.deepEqual(readJson(path.join(root, 'store.lock')), held, 'an earlier version reads the same owner in store.lock');
    await store.close();
    assert.equal(readJson(path.join(root, 'store.lock.8')).released, true);
    assert.equal(fs.existsSync(path.join(root, 'store.lock')), false);

    const next = new BackupStore(root);
    assert.ok((await next.open()).ok);
    assert.deepEqual(generations(root), [9]);
    assert.notEqual(readJson(path.join(root, 'store.lock.9')).nonce, held.nonce, 'a nonce per acquisition');
    await next.close();
  });

  it('refuses while another live process holds the highest generation, and takes over a released one at once', async () => {
    const other = liveProcess();
    try {
      const record = { pid: other.pid, time: Date.now(), generation: 3, nonce: 'b'.repeat(32) };
      fs.writeFileSync(path.join(root, 'store.lock.3'), JSON.stringify(record));
      const refused = await new BackupStore(root).open();
      assert.ok(!refused.ok && refused.failure.pid === other.pid, JSON.stringify(refused));
      assert.match(refused.failure.message, /in use by process \d+/);
      assert.deepEqual(generations(root), [3], 'a refused process leaves no lock file');
      // The other process closed its store but lives on.
      fs.writeFileSync(path.join(root, 'store.lock.3'), JSON.stringify({ ...record, released: true }));
      const store = new BackupStore(root);
      assert.ok((await store.open()).ok);
      assert.deepEqual(generations(root), [4]);
      await store.close();
    } finally {
      await kill(other);
    }
  });

  it('one open store per root within a process too: a second instance is refused until the first closes', async () => {
    const first = new BackupStore(root);
    assert.ok((await first.open()).ok);
    const second = new BackupStore(root);
    const refused = await second.open();
    assert.ok(!refused.ok && refused.failure.pid === process.pid, JSON.stringify(refused));
    assert.ok(!(await second.begin({ tool: 'write_file', path: 'a', beforeText: 'x' })).ok);
    await first.close();
    const begun = await second.begin({ tool: 'write_file', path: 'a', beforeText: 'x' });
    assert.ok(begun.ok, 'the second store opens on its next write once the first has closed');
    await second.close();
  });

  it('a lock file being written (unreadable, young) counts as held; an unreadable old one is taken over', async () => {
    const file = path.join(root, 'store.lock.2');
    fs.writeFileSync(file, '');
    const refused = await new BackupStore(root).open();
    assert.ok(!refused.ok && /being opened by another process/.test(refused.failure.message), JSON.stringify(refused));
    const old = new Date(Date.now() - 60_000);
    fs.utimesSync(file, old, old);
    const store = new BackupStore(root);
    assert.ok((await store.open()).ok);
    assert.deepEqual(generations(root), [3]);
    await store.close();
  });

  it('without hard links (FAT, some network shares) the lock is created exclusively all the same', async () => {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const fsp = require('node:fs/promises') as { link: typeof fs.promises.link };
    const link = fsp.link;
    let refusedLinks = 0;
    fsp.link = async () => { refusedLinks++; throw Object.assign(new Error('operation not permitted'), { code: 'EPERM' }); };
    try {
      const store = new BackupStore(root);
      assert.ok((await store.open()).ok);
      assert.ok(refusedLinks > 0, 'the lock tried a hard link first');
      assert.equal(readJson(path.join(root, 'store.lock.1')).pid, process.pid);
      assert.equal(readJson(path.join(root, 'store.lock')).pid, process.pid);
      const refused = await new BackupStore(root).open();
      assert.ok(!refused.ok && refused.failure.pid === process.pid);
      await store.close();
      assert.deepEqual(generations(root), [1]);
      assert.equal(fs.readdirSync(root).filter((n) => n.endsWith('.tmp')).length, 0, 'no temp file left behind');
    } finally {
      fsp.link = link;
    }
  });

  it('a store whose lock was taken over refuses to back up, collect garbage or compact, and logs why', async () => {
    const log: string[] = [];
    const store = new BackupStore(root, { maxEntriesPerFile: 1, log: (line) => log.push(line) });
    assert.ok((await store.open()).ok);
    const first = await store.begin({ tool: 'write_file', path: 'a.ts', beforeText: 'original\n' });
    assert.ok(first.ok);
    assert.ok((await store.finish(first.id, { afterText: 'one\n', outcome: 'applied' })).ok);
    const second = await store.begin({ tool: 'write_file', path: 'a.ts', beforeText: 'changed by the user\n' });
    assert.ok(second.ok);
    assert.ok((await store.finish(second.id, { afterText: 'two\n', outcome: 'applied' })).ok);
    const third = await store.begin({ tool: 'write_file', path: 'a.ts', beforeText: 'changed by the user again\n' });
    assert.ok(third.ok);
    // Another process takes the lock (its lock files were removed by hand, say) and writes.
    const other = liveProcess();
    try {
      const [held] = generations(root);
      fs.writeFileSync(path.join(root, `store.lock.${held + 1}`), JSON.stringify({ pid: other.pid, time: Date.now(), generation: held + 1, nonce: 'c'.repeat(32) }));
      const journalBefore = fs.readFileSync(path.join(root, 'journal.jsonl'), 'utf8');
      const blobsBefore = fs.readdirSync(path.join(root, 'blobs'), { recursive: true }).length;
      // This finish makes three versions of a.ts with a limit of one: retention would drop the
      // middle one (the oldest and the newest are always kept) and collect its snapshots.
      const finished = await store.finish(third.id, { afterText: 'three\n', outcome: 'applied' });
      assert.ok(finished.ok, 'an edit in flight still gets its outcome recorded');
      assert.equal(log.length, 1, log.join('\n'));
      assert.match(log[0], new RegExp(`refusing to apply retention .*process ${other.pid} took the store's lock over`));
      const journalAfter = fs.readFileSync(path.join(root, 'journal.jsonl'), 'utf8');
      assert.ok(journalAfter.startsWith(journalBefore), 'the journal is appended to, never rewritten');
      assert.ok(!journalAfter.includes('"op":"drop"'), 'nothing dropped');
      assert.ok(fs.readdirSync(path.join(root, 'blobs'), { recursive: true }).length >= blobsBefore, 'no snapshot deleted');
      const refused = await store.begin({ tool: 'write_file', path: 'b.ts', beforeText: 'b\n' });
      assert.ok(!refused.ok && /no longer this process's/.test(refused.failure.message), JSON.stringify(refused));
      const cleared = await store.clear();
      assert.ok(!cleared.ok);
      assert.ok(fs.existsSync(blobPath(root, first.before_sha256)), 'the original is still there');
      await store.close();
      assert.ok(fs.existsSync(path.join(root, `store.lock.${held + 1}`)), 'closing leaves the new owner\'s lock alone');
    } finally {
      await kill(other);
    }
  });

  it('reads field 22 of /proc/<pid>/stat after the last ")" (names may hold spaces and parentheses)', () => {
    const fields = Array.from({ length: 50 }, (_, i) => String(i + 3));
    assert.equal(startTimeOf(`123 (a) b (c) ${fields.join(' ')}`), '22');
    assert.equal(startTimeOf('garbage'), undefined);
  });
});
