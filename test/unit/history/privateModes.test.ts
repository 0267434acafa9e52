import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../src/history/backupStore';
import { tempRoot } from './helpers';

/** Every path under `root` (the root included) with its permission bits, symbolic links apart. */
function modes(root: string): Map<string, number> {
  const out = new Map<string, number>([['.', fs.statSync(root).mode & 0o777]]);
  for (const rel of fs.readdirSync(root, { recursive: true }) as string[]) {
    const st = fs.lstatSync(path.join(root, rel));
    if (!st.isSymbolicLink()) out.set(rel, st.mode & 0o777);
  }
  return out;
}

function assertPrivate(root: string): void {
  const all = modes(root);
  for (const [rel, mode] of all) {
    const dir = fs.statSync(path.join(root, rel)).isDirectory();
    assert.equal(mode, dir ? 0o700 : 0o600, `${rel} is ${mode.toString(8)}`);
  }
}

/** Runs edits that leave every kind of file the store has: journal, blobs, evictions log, lock. */
async function useStore(store: BackupStore): Promise<void> {
  for (let i = 0; i < 4; i++) {
    const begun = await store.begin({ tool: 'write_file', path: 'src/a.ts', beforeText: `version ${i} of a secret\n` });
    assert.ok(begun.ok);
    assert.ok((await store.finish(begun.id, { afterText: `version ${i} edited\n`, outcome: 'applied' })).ok);
  }
}

describe('BackupStore modes: readable by the user only', () => {
  let parent: string;
  let root: string;
  let umask: number;
  beforeEach(() => {
    parent = tempRoot();
    root = path.join(parent, 'state', 'store');
    // The usual umask: without our modes, directories would be 0755 and files 0644.
    umask = process.umask(0o022);
  });
  afterEach(() => {
    process.umask(umask);
    fs.rmSync(parent, { recursive: true, force: true });
  });

  it('creates its folders 0700 and its files 0600 (journal, snapshots, evictions log, lock files)', async () => {
    const store = new BackupStore(root, { maxEntriesPerFile: 2 });
    assert.ok((await store.open()).ok);
    await useStore(store);
    const names = [...modes(root).keys()];
    for (const expected of ['journal.jsonl', 'evictions.json', 'store.lock', 'store.lock.1', 'blob-index.log', 'blobs', 'tmp'])
      assert.ok(names.includes(expected), `${expected} is missing: ${names.join(' ')}`);
    assert.ok(names.some((n) => /^blobs\/[0-9a-f]{2}\/[0-9a-f]{64}$/.test(n)));
    assertPrivate(root);
    assert.equal(fs.statSync(path.join(parent, 'state')).mode & 0o777, 0o700, 'the parents it creates too');
    await store.close();
    assertPrivate(root);
  });

  it('tightens a store written by an earlier version (0755 / 0644) when it opens it', async () => {
    const first = new BackupStore(root, { maxEntriesPerFile: 2 });
    await useStore(first);
    await first.close();
    const loosen = (p: string): void => {
      const st = fs.statSync(p);
      fs.chmodSync(p, st.isDirectory() ? 0o755 : 0o644);
      if (st.isDirectory()) for (const name of fs.readdirSync(p)) loosen(path.join(p, name));
    };
    loosen(root);
    // an earlier version keeps no blob index: the open lists and reads every blob
    fs.rmSync(path.join(root, 'blob-index.log'));
    fs.writeFileSync(path.join(root, 'blobs', 'not-a-blob'), 'left by someone', { mode: 0o644 });
    assert.ok([...modes(root).values()].every((m) => m === 0o755 || m === 0o644));
    const second = new BackupStore(root, { maxEntriesPerFile: 2 });
    assert.ok((await second.open()).ok);
    assertPrivate(root);
    await second.close();
  });

  it('never changes the mode of a file outside the store that a link inside it points at', async () => {
    const store = new BackupStore(root);
    await useStore(store);
    await store.close();
    const outside = path.join(parent, 'outside.txt');
    fs.writeFileSync(outside, "not the store's", { mode: 0o644 });
    fs.symlinkSync(outside, path.join(root, 'link-at-root'));
    const [fanout] = fs.readdirSync(path.join(root, 'blobs'));
    fs.symlinkSync(outside, path.join(root, 'blobs', fanout, 'f'.repeat(64)));
    const again = new BackupStore(root);
    assert.ok((await again.open()).ok);
    assert.equal(fs.statSync(outside).mode & 0o777, 0o644);
    await again.close();
  });
});
