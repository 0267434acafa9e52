// Issue 35: the store's open reads the blob index its last owner left instead of listing and
// reading every blob; a crash, another owner or a damaged index sends it back to the scan; no
// index, however wrong, makes garbage collection delete a blob something needs.
import { strict as assert } from 'node:assert';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../src/history/backupStore';
import { BlobIndexLog, journalStamp } from '../../../src/history/blobIndex';
import type { BlobInfo } from '../../../src/history/blobStore';
import { acquireStoreLock, releaseStoreLock } from '../../../src/history/storeLock';
import { Checkpoints } from '../../../src/history/checkpoints/checkpoints';
import { readCheckpoint } from '../../../src/history/checkpoints/readManifest';
import { recordFile } from '../../../src/history/checkpoints/checkpointRecord';
import { sha256Text } from '../../../src/core/hash';
import { blobPath, sourceText, tempRoot } from './helpers';
import { tempWorkspace, writeTree } from './checkpoints/helpers';

const CHILD = path.join(__dirname, 'blobIndexChild.js');
const INDEX = 'blob-index.log';

/** Every blob file on disk: sha256 → size. */
function blobsOnDisk(root: string): Map<string, number> {
  const out = new Map<string, number>();
  const dir = path.join(root, 'blobs');
  for (const fanout of fs.readdirSync(dir)) {
    for (const name of fs.readdirSync(path.join(dir, fanout))) out.set(name, fs.statSync(path.join(dir, fanout, name)).size);
  }
  return out;
}

/** What the store holds on disk by its own count: every blob, the journal and the checkpoint records. */
function storeBytes(root: string): number {
  let bytes = [...blobsOnDisk(root).values()].reduce((a, b) => a + b, 0) + fs.statSync(path.join(root, 'journal.jsonl')).size;
  const records = path.join(root, 'checkpoints');
  if (fs.existsSync(records)) for (const name of fs.readdirSync(records)) bytes += fs.statSync(path.join(records, name)).size;
  return bytes;
}

/**
 * Records every fs.promises.readdir and fs.promises.open of a path under `<root>/blobs` while
 * `run` runs (the listing and header reads of a scan; the store reaches them through the same
 * module object).
 */
async function blobFolderAccess<T>(root: string, run: () => Promise<T>): Promise<{ result: T; touched: string[] }> {
  const blobs = path.join(root, 'blobs');
  const touched: string[] = [];
  const promises = fs.promises as unknown as Record<'readdir' | 'open', (p: fs.PathLike, ...rest: unknown[]) => Promise<unknown>>;
  const original = { readdir: promises.readdir, open: promises.open };
  for (const name of ['readdir', 'open'] as const) {
    promises[name] = (p: fs.PathLike, ...rest: unknown[]) => {
      if (String(p).startsWith(blobs)) touched.push(`${name} ${path.relative(root, String(p))}`);
      return original[name].call(fs.promises, p, ...rest);
    };
  }
  try {
    return { result: await run(), touched };
  } finally {
    promises.readdir = original.readdir;
    promises.open = original.open;
  }
}

function lastIndexLine(root: string): string {
  return fs.readFileSync(path.join(root, INDEX), 'latin1').trimEnd().split('\n').pop()!;
}

function highestGeneration(root: string): number {
  return Math.max(...fs.readdirSync(root).flatMap((n) => /^store\.lock\.(\d+)$/.exec(n)?.[1] ?? []).map(Number));
}

async function edit(store: BackupStore, file: string, before: string, after: string): Promise<void> {
  const begun = await store.begin({ tool: 'write_file', path: file, beforeText: before });
  assert.ok(begun.ok);
  assert.ok((await store.finish(begun.id, { afterText: after, outcome: 'applied' })).ok);
}

/** Every snapshot the journal names is read back as the text it was stored as. */
async function assertEveryEntryRestores(store: BackupStore, where: string): Promise<void> {
  for (const entry of store.listAll()) {
    for (const sha of [entry.before_sha256, entry.after_sha256]) {
      if (!sha) continue;
      const read = await store.readSnapshot(sha);
      assert.ok(read.ok, `${where}: a snapshot of ${entry.path} does not restore: ${JSON.stringify(read)}`);
    }
  }
}

describe('history: the blob index (issue 35)', () => {
  it('an open after a clean close lists nothing under blobs/, reads no blob, and still knows every blob (sizes and cap figures right)', async () => {
    const t = tempWorkspace();
    try {
      let store = new BackupStore(t.store, { maxEntriesPerFile: 3 });
      const checkpoints = new Checkpoints(store, { workerScript: null });
      writeTree(t.ws, { 'a.txt': 'checkpointed\n', 'b.bin': Buffer.from([0, 1, 2, 255]) });
      assert.ok((await checkpoints.take(t.ws)).ok);
      let text = sourceText(40_000);
      // keyframes and deltas of one file, beyond the per-file limit (retention drops, garbage goes)
      for (let i = 0; i < 6; i++) {
        const next = text.replace(/value/, `value${i}`);
        await edit(store, 'src/big.ts', text, next);
        text = next;
      }
      assert.ok((await store.snapshot('src/pinned.ts', 'kept for this session\n')).ok);
      await edit(store, 'src/gone.ts', 'cleared soon\n', 'cleared soon too\n');
      assert.ok((await store.clear('src/gone.ts')).ok);
      writeTree(t.ws, { 'a.txt': 'checkpointed, changed\n' });
      assert.ok((await checkpoints.take(t.ws)).ok);
      await checkpoints.close();
      await store.close();
      const onDisk = blobsOnDisk(t.store);
      assert.ok(onDisk.size >= 10, `a store with blobs of every kind (${onDisk.size})`);
      assert.match(lastIndexLine(t.store), /^clean /);

      store = new BackupStore(t.store, { maxEntriesPerFile: 3 });
      const { result: opened, touched } = await blobFolderAccess(t.store, () => store.open());
      assert.ok(opened.ok);
      assert.deepEqual(touched, [], 'open neither lists nor opens anything under blobs/');
      for (const sha of onDisk.keys()) assert.ok(store.has(sha), `blob ${sha.slice(0, 12)} is known`);
      const stats = await store.stats();
      assert.equal(stats.bytes, storeBytes(t.store), 'the store counts exactly the bytes on disk');
      await assertEveryEntryRestores(store, 'after the open');
      // and the collection put off after open finds what is garbage from references alone
      assert.ok((await store.applyCap({ collect: true })).ok);
      assert.deepEqual([...blobsOnDisk(t.store).keys()].sort(), [...onDisk.keys()].sort().filter((sha) => store.has(sha)));
      await assertEveryEntryRestores(store, 'after the collection');
      await store.close();
    } finally {
      t.cleanup();
    }
  });

  it('an index the store marked clean while idle is trusted after a kill: no listing either', async function () {
    this.timeout(30_000);
    const root = tempRoot();
    const run = spawnSync(process.execPath, [CHILD, root, 'idle'], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(run.signal, 'SIGKILL', `the child was not killed: ${run.stdout} ${run.stderr}`);
    assert.match(lastIndexLine(root), /^clean /, 'the child died after its idle mark');
    const onDisk = blobsOnDisk(root);
    const store = new BackupStore(root);
    const { result: opened, touched } = await blobFolderAccess(root, () => store.open());
    assert.ok(opened.ok);
    assert.deepEqual(touched, []);
    for (const sha of onDisk.keys()) assert.ok(store.has(sha));
    assert.equal((await store.stats()).bytes, storeBytes(root));
    await store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a crash after blobs the index does not list yet is seen at the next open: it lists every blob again and loses nothing', async function () {
    this.timeout(30_000);
    const root = tempRoot();
    const run = spawnSync(process.execPath, [CHILD, root, 'dirty'], { encoding: 'utf8', timeout: 20_000 });
    assert.equal(run.signal, 'SIGKILL', `the child was not killed: ${run.stdout} ${run.stderr}`);
    const texts = [...run.stdout.matchAll(/^TEXT (.*)$/gm)].map((m) => JSON.parse(m[1]) as string);
    assert.equal(texts.length, 10);
    assert.match(lastIndexLine(root), /^dirty /, 'the index on disk says it is behind');
    const onDisk = blobsOnDisk(root);
    const store = new BackupStore(root);
    const { result: opened, touched } = await blobFolderAccess(root, () => store.open());
    assert.ok(opened.ok);
    assert.ok(touched.some((t) => t === 'readdir blobs'), `the open listed the blobs: ${touched.slice(0, 3).join(', ')}`);
    for (const sha of onDisk.keys()) assert.ok(store.has(sha), `blob ${sha.slice(0, 12)} is known`);
    for (const text of texts) {
      const read = await store.readText(sha256Text(text));
      assert.ok(read.ok && read.text === text, 'every text the crashed session stored restores');
    }
    assert.equal((await store.stats()).bytes, storeBytes(root));
    assert.match(lastIndexLine(root), new RegExp(`^clean ${highestGeneration(root)} `), 'the index is written anew for this session');
    await store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('another owner in between (an earlier version: a new lock generation, or the journal changed), or a damaged index, sends the open back to the scan', async () => {
    const cases: Array<[string, (root: string) => Promise<void>]> = [
      ['a lock generation in between', async (root) => {
        const lock = await acquireStoreLock(root);
        assert.ok(lock.ok);
        await releaseStoreLock(lock.lock);
      }],
      ['the journal changed', async (root) => {
        fs.appendFileSync(path.join(root, 'journal.jsonl'), '{"op":"drop","ids":["nothing"]}\n');
      }],
      ['a byte of the index changed', async (root) => {
        const file = path.join(root, INDEX);
        const bytes = fs.readFileSync(file);
        const at = bytes.indexOf('+ ') + 2;
        bytes[at] = bytes[at] === 0x61 ? 0x62 : 0x61; // another sha256, still well-formed
        fs.writeFileSync(file, bytes);
      }],
      ['no index', async (root) => { fs.rmSync(path.join(root, INDEX)); }],
    ];
    for (const [name, meddle] of cases) {
      const root = tempRoot();
      const first = new BackupStore(root);
      await edit(first, 'a.ts', 'one\n', 'two\n');
      await first.close();
      await meddle(root);
      // a blob the index cannot know: written by whoever was there
      const foreign = new BackupStore(path.join(root, 'elsewhere'));
      const snap = await foreign.snapshot('x.ts', `written by someone else (${name})\n`);
      assert.ok(snap.ok);
      await foreign.close();
      fs.mkdirSync(path.dirname(blobPath(root, snap.sha256)), { recursive: true });
      fs.copyFileSync(blobPath(path.join(root, 'elsewhere'), snap.sha256), blobPath(root, snap.sha256));
      fs.rmSync(path.join(root, 'elsewhere'), { recursive: true });

      const store = new BackupStore(root);
      const { result: opened, touched } = await blobFolderAccess(root, () => store.open());
      assert.ok(opened.ok, name);
      assert.ok(touched.includes('readdir blobs'), `${name}: the open scans`);
      assert.ok(store.has(snap.sha256), `${name}: the blob written meanwhile is known`);
      assert.equal((await store.stats()).bytes, storeBytes(root), name);
      await assertEveryEntryRestores(store, name);
      await store.close();
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('garbage collection keeps the keyframe of a referenced delta the index does not list (read from the delta itself)', async () => {
    const root = tempRoot();
    const base = sourceText(30_000);
    const v1 = base.replace('value', 'value1');
    const v2 = base.replace('value', 'value2');
    let store = new BackupStore(root);
    // the keyframe: a snapshot only this session keeps; the entry's two texts are deltas against it
    assert.ok((await store.snapshot('a.ts', base)).ok);
    await edit(store, 'a.ts', v1, v2);
    await store.close();
    for (const text of [v1, v2]) assert.match(fs.readFileSync(blobPath(root, sha256Text(text)), 'latin1').slice(0, 16), /^ASE-BLOB 1 delta/);
    // an index that misses both deltas, and is otherwise right (its checksum too)
    const generation = highestGeneration(root);
    const stamp = { generation, journal: await journalStamp(path.join(root, 'journal.jsonl')) };
    const log = new BlobIndexLog(path.join(root, INDEX), path.join(root, 'tmp'));
    const loaded = await log.load(stamp);
    assert.ok(loaded);
    const entries = new Map<string, BlobInfo>();
    assert.equal(loaded.applyTo(entries, Infinity), true);
    for (const text of [v1, v2]) assert.ok(entries.delete(sha256Text(text)));
    await log.rewrite(entries, stamp);
    await log.close();

    store = new BackupStore(root);
    assert.ok((await store.open()).ok);
    assert.equal(store.has(sha256Text(v1)), false, 'the index was trusted');
    assert.ok((await store.applyCap({ collect: true })).ok);
    assert.ok(fs.existsSync(blobPath(root, sha256Text(base))), 'the keyframe stays');
    for (const text of [v1, v2]) {
      const read = await store.readText(sha256Text(text));
      assert.ok(read.ok && read.text === text, 'the delta still restores');
    }
    await store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('an index whose lines are not what its mark says (a bug: its checksum matched) is given up, and what it listed so far still counts', async () => {
    const root = tempRoot();
    let store = new BackupStore(root);
    await edit(store, 'a.ts', 'one\n', 'two\n');
    await store.close();
    const stamp = { generation: highestGeneration(root), journal: await journalStamp(path.join(root, 'journal.jsonl')) };
    const log = new BlobIndexLog(path.join(root, INDEX), path.join(root, 'tmp'));
    const loaded = await log.load(stamp);
    assert.ok(loaded);
    const entries = new Map<string, BlobInfo>();
    loaded.applyTo(entries, Infinity);
    // a delta without its keyframe: written, checksummed, and not a line the reader accepts
    entries.set('f'.repeat(64), { kind: 'delta', bytes: 10 });
    await log.rewrite(entries, stamp);
    await log.close();

    const lines: string[] = [];
    store = new BackupStore(root, { log: (line) => lines.push(line) });
    assert.ok((await store.open()).ok);
    assert.equal(store.has(sha256Text('one\n')), true, 'the lines before the bad one were applied');
    await store.applyCap({ collect: true });
    assert.ok(lines.some((l) => l.includes('the blob index is not what it claimed')), lines.join('\n'));
    assert.equal(fs.existsSync(path.join(root, INDEX)), false, 'the index is removed: the next open scans');
    for (const text of ['one\n', 'two\n']) assert.equal(await store.readText(sha256Text(text)).then((r) => r.ok && r.text), text);
    await store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('the append log stays bounded: blobs coming and going, and marks of many sessions, make a mark rewrite it now and then; it reads back as memory has it', async function () {
    this.timeout(60_000);
    const root = tempRoot();
    const file = path.join(root, INDEX);
    fs.mkdirSync(path.join(root, 'tmp'));
    const log = new BlobIndexLog(file, path.join(root, 'tmp'));
    const live = new Map<string, BlobInfo>([['a'.repeat(64), { kind: 'key', bytes: 100 }]]);
    const total = (): number => [...live.values()].reduce((n, i) => n + i.bytes, 0);
    let stamp = { generation: 1, journal: '-' };
    await log.rewrite(live, stamp);
    let most = 0;
    for (let i = 0; i < 2500; i++) {
      // a blob written and one removed, then a mark; every tenth round a new session's mark too
      await log.willChange(stamp.generation);
      const sha = sha256Text(`blob ${i}`);
      live.set(sha, { kind: i % 3 === 0 ? 'delta' : 'raw', bytes: i, ...(i % 3 === 0 ? { base: 'a'.repeat(64) } : {}) });
      log.changed(sha, live.get(sha));
      if (i > 0) { const gone = sha256Text(`blob ${i - 1}`); live.delete(gone); log.changed(gone, undefined); }
      await log.mark(() => live.entries(), live.size, total(), stamp, false);
      if (i % 10 === 0) { stamp = { generation: stamp.generation + 1, journal: '-' }; await log.mark(() => live.entries(), live.size, total(), stamp, false); }
      if (i % 25 === 0) most = Math.max(most, fs.readFileSync(file, 'latin1').split('\n').length);
    }
    await log.close();
    // ~4 lines a round: 10,000 without a rewrite; the rule rewrites past 2 × live + 4,096
    assert.ok(most <= 2 * 2 + 4096 + 10, `the file stayed within the rule (${most} lines at most)`);
    const again = new BlobIndexLog(file, path.join(root, 'tmp'));
    const loaded = await again.load(stamp);
    assert.ok(loaded, 'the last mark is trusted');
    const read = new Map<string, BlobInfo>();
    assert.equal(loaded.applyTo(read, 1), false, 'applied in slices');
    assert.equal(loaded.applyTo(read, Infinity), true);
    assert.deepEqual(read, live);
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('an index entry for a blob that is gone breaks neither reads, nor the next edit, nor the collection', async () => {
    const root = tempRoot();
    let store = new BackupStore(root);
    await edit(store, 'a.ts', 'kept before\n', 'lost after\n');
    assert.ok((await store.snapshot('b.ts', 'pinned, lost too\n')).ok);
    await store.close();
    fs.rmSync(blobPath(root, sha256Text('lost after\n')));
    fs.rmSync(blobPath(root, sha256Text('pinned, lost too\n')));

    store = new BackupStore(root);
    assert.ok((await store.open()).ok);
    const gone = await store.readText(sha256Text('lost after\n'));
    assert.ok(!gone.ok && gone.failure.error_type === 'NO_BACKUPS', 'a missing blob reads as "no backup"');
    assert.equal(await store.readText(sha256Text('kept before\n')).then((r) => r.ok && r.text), 'kept before\n');
    // an edit of that very text stores it again (the index's entry is not taken for the file)
    await edit(store, 'a.ts', 'lost after\n', 'third\n');
    assert.equal(await store.readText(sha256Text('lost after\n')).then((r) => r.ok && r.text), 'lost after\n');
    assert.ok((await store.applyCap({ collect: true })).ok);
    assert.equal(store.has(sha256Text('pinned, lost too\n')), false, 'the entry of a blob that is gone is dropped');
    assert.equal((await store.stats()).bytes, storeBytes(root));
    await store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a blob that only a checkpoint still being taken references is never collected: not by its store, nor by a store of the root opened after it closed', async () => {
    const t = tempWorkspace();
    const scratch = tempWorkspace();
    try {
      const shared = 'a text the history holds and the checkpoint reuses\n';
      const a = new BackupStore(t.store);
      await edit(a, 'x.ts', shared, 'after\n');
      // what the take will write: its file blobs and chunks, and its record (taken elsewhere, copied in as its worker would write them)
      writeTree(t.ws, { 'shared.txt': shared, 'new.txt': 'only in the checkpoint\n' });
      const elsewhere = new BackupStore(scratch.store);
      const taken = await new Checkpoints(elsewhere, { workerScript: null }).take(t.ws);
      assert.ok(taken.ok);
      await elsewhere.close();
      const { manifest } = await readCheckpoint(scratch.store, taken.checkpoint.id);
      const needed = [...taken.checkpoint.chunks];
      for (const p of ['shared.txt', 'new.txt']) {
        const s = manifest.stateOf(p);
        assert.ok(s.state === 'file');
        needed.push(s.entry.sha256);
      }
      assert.ok(needed.includes(sha256Text(shared)));

      const held = await a.holdCollection();
      assert.ok(held.ok);
      // the take: blobs the store lacks written, the one it has reused
      const written: Array<[string, number]> = [];
      for (const sha of needed) {
        if (fs.existsSync(blobPath(t.store, sha))) continue;
        fs.mkdirSync(path.dirname(blobPath(t.store, sha)), { recursive: true });
        fs.copyFileSync(blobPath(scratch.store, sha), blobPath(t.store, sha));
        written.push([sha, fs.statSync(blobPath(t.store, sha)).size]);
      }
      // meanwhile: the history no longer needs the shared text, and collections run
      assert.ok((await a.clear()).ok);
      await a.close();
      const b = new BackupStore(t.store);
      assert.ok((await b.open()).ok);
      assert.ok((await b.applyCap({ collect: true })).ok);
      for (const sha of needed) assert.ok(fs.existsSync(blobPath(t.store, sha)), `blob ${sha.slice(0, 12)} survives while the take runs`);
      // the take commits: its record in place, then the hold goes (and the collections it put off run)
      fs.mkdirSync(path.join(t.store, 'checkpoints'), { recursive: true });
      fs.copyFileSync(recordFile(scratch.store, taken.checkpoint.id), recordFile(t.store, taken.checkpoint.id));
      await held.release(written);
      assert.ok((await b.applyCap({ collect: true })).ok);
      for (const sha of needed) {
        const read = await b.readSnapshot(sha);
        assert.ok(read.ok, `blob ${sha.slice(0, 12)} of the committed checkpoint restores`);
      }
      await b.close();
    } finally {
      t.cleanup();
      scratch.cleanup();
    }
  });

  it('the collection open puts off runs on its timer, and not while a checkpoint take holds the root', async () => {
    const root = tempRoot();
    let store = new BackupStore(root);
    const pinned = await store.snapshot('a.ts', 'only the first session keeps this\n');
    assert.ok(pinned.ok);
    await store.close();
    store = new BackupStore(root, { collectAfterOpenMs: 20 });
    assert.ok((await store.open()).ok);
    assert.ok(store.has(pinned.sha256), 'open collects nothing');
    const held = await store.holdCollection();
    assert.ok(held.ok);
    await new Promise((resolve) => setTimeout(resolve, 200));
    assert.ok(fs.existsSync(blobPath(root, pinned.sha256)), 'the timer came while held: put off');
    await held.release([]);
    assert.equal(fs.existsSync(blobPath(root, pinned.sha256)), false, 'collected once the hold went');
    await store.close();

    store = new BackupStore(root, { collectAfterOpenMs: 20 });
    const again = await store.snapshot('a.ts', 'and this the second\n');
    assert.ok(again.ok);
    await store.close();
    store = new BackupStore(root, { collectAfterOpenMs: 20 });
    assert.ok((await store.open()).ok);
    for (let i = 0; i < 100 && store.has(again.sha256); i++) await new Promise((resolve) => setTimeout(resolve, 20));
    assert.equal(store.has(again.sha256), false, 'the timer collected it');
    await store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });

  it('a failed take gives the index up for the session: the next open lists every blob (the take may have written some)', async () => {
    const root = tempRoot();
    let store = new BackupStore(root);
    await edit(store, 'a.ts', 'one\n', 'two\n');
    const held = await store.holdCollection();
    assert.ok(held.ok);
    // what a worker that died wrote, and nobody reported
    const orphan = new BackupStore(path.join(root, 'elsewhere'));
    const snap = await orphan.snapshot('x', 'written by a take that failed\n');
    assert.ok(snap.ok);
    await orphan.close();
    fs.mkdirSync(path.dirname(blobPath(root, snap.sha256)), { recursive: true });
    fs.copyFileSync(blobPath(path.join(root, 'elsewhere'), snap.sha256), blobPath(root, snap.sha256));
    fs.rmSync(path.join(root, 'elsewhere'), { recursive: true });
    await held.release();
    await store.close();
    assert.equal(fs.existsSync(path.join(root, INDEX)), false, 'no index is left to trust');
    store = new BackupStore(root);
    assert.ok((await store.open()).ok);
    assert.ok(store.has(snap.sha256), 'the scan found it');
    assert.ok((await store.applyCap({ collect: true })).ok);
    assert.equal(fs.existsSync(blobPath(root, snap.sha256)), false, 'and, as nothing references it, collected it');
    await store.close();
    fs.rmSync(root, { recursive: true, force: true });
  });
});
