import { strict as assert } from 'node:assert';
import { BlobInfo } from '../../../src/history/blobStore';
import { planStoreRetention, StoreRetentionInput, WeighedCheckpoint } from '../../../src/history/storeRetention';
import { JournalEntry } from '../../../src/history/types';

/** Blobs by name with their sizes; chunk names as the manifest chunks list them. */
const SIZES: Record<string, number> = { v1: 100, v2: 100, v3: 100, shared: 300, big1: 300, big2: 300, big3: 300, c1: 10, c2: 10, c3: 10, c4: 10, cB: 10 };
const NAMES: Record<string, string[]> = { c1: ['shared', 'big1'], c2: ['shared', 'big2'], c3: ['shared', 'big3'], c4: ['shared'], cB: ['big1'] };
const info = (sha: string): BlobInfo | undefined => (sha in SIZES ? { kind: 'raw', bytes: SIZES[sha] } : undefined);

function version(id: string, before: string, time: number, path = 'a.ts'): JournalEntry {
  return {
    id,
    time,
    tool: 'write_file',
    path,
    before_sha256: before,
    after_sha256: null,
    bytes: 0,
    after_bytes: null,
    lines_added: 0,
    lines_removed: 0,
    outcome: 'applied',
    has_snapshot: true,
  };
}

function plan(over: Partial<StoreRetentionInput>) {
  return planStoreRetention({
    entries: [],
    checkpoints: [],
    keepCheckpoints: new Set(),
    pinned: [],
    blobInfo: info,
    chunkNames: (c) => NAMES[c],
    maxEntriesPerFile: 50,
    maxTotalBytes: 1000,
    journalBytes: 0,
    ...over,
  });
}

const ckpt = (id: string, root: string, chunk: string): WeighedCheckpoint => ({ id, root, chunks: [chunk], recordBytes: 0 });

describe('history: planStoreRetention (the store cap over checkpoints and journal)', () => {
  it('a blob two checkpoints share counts once; the oldest checkpoint goes first, and only as many as the cap needs', () => {
    // c1, c2, c3 each: 10 + shared 300 (once) + its own 300 → 300 + 3 × 310 = 1230 > 1000
    const p = plan({ checkpoints: [ckpt('1', '/w', 'c1'), ckpt('2', '/w', 'c2'), ckpt('3', '/w', 'c3')] });
    assert.deepEqual(p.checkpointDrops, ['1']);
    assert.deepEqual([p.bytes, p.over], [920, undefined]);
  });

  it("never a folder's newest nor a kept one; the checkpoints that stay never take the history's half", () => {
    const entries = [version('e1', 'v1', 1), version('e2', 'v2', 2), version('e3', 'v3', 3)];
    const checkpoints = [ckpt('1', '/w', 'c1'), ckpt('b', '/other', 'cB'), ckpt('2', '/w', 'c2'), ckpt('3', '/w', 'c3')];
    const p = plan({ entries, checkpoints, keepCheckpoints: new Set(['2']) });
    // '1' goes (it frees only its chunk: cB names big1 too); 'b' is /other's newest, '2' is kept, '3' is /w's newest
    assert.deepEqual(p.checkpointDrops, ['1']);
    // left: cB, c2, c3 (30) + big1, shared, big2, big3 (1200): the checkpoints alone are over their half (500)
    assert.equal(p.checkpointBytes, 1230);
    // so the history keeps the cap minus that half: all three versions (300) stay, and the store says why it is over
    assert.deepEqual(p.drops, []);
    assert.deepEqual([p.bytes, p.over], [1530, 'checkpoints_over_share']);
  });

  it('journal versions are evicted against what the checkpoints leave of the cap; what retention never drops may exceed it, said so', () => {
    const entries = [version('e1', 'v1', 1), version('e2', 'v2', 2), version('e3', 'v3', 3)];
    // one checkpoint (its folder's newest): 10 + 300 + 300 = 610, over its half by 110 → the history keeps 500
    const p = plan({ entries, checkpoints: [ckpt('3', '/w', 'c3')], maxTotalBytes: 1000 });
    assert.deepEqual(p.checkpointDrops, []);
    // 610 + 300 = 910: within the cap, nothing goes
    assert.deepEqual([p.drops, p.over], [[], undefined]);
    const tight = plan({ entries, checkpoints: [ckpt('3', '/w', 'c3')], maxTotalBytes: 800 });
    // share 400: checkpoints are 210 over it, so the history gets 800 - 610 + 210 = 400 and keeps its 300
    assert.deepEqual([tight.drops, tight.over], [[], 'checkpoints_over_share']);
    // each file's newest version is never dropped: two of 300 against a cap of 500
    const keptAlways = plan({ entries: [version('x', 'big1', 1, 'x.bin'), version('y', 'big2', 2, 'y.bin')], maxTotalBytes: 500 });
    assert.deepEqual([keptAlways.drops, keptAlways.bytes, keptAlways.over], [[], 600, 'kept_always']);
  });

  it('journal eviction starts once no checkpoint can go, oldest unprotected version first', () => {
    const entries = [version('e1', 'v1', 1), version('e2', 'v2', 2), version('e3', 'v3', 3), version('f1', 'big1', 4, 'b.bin')];
    // history 600 (v1..v3, big1) + checkpoint 1 (c1, shared; big1 counted already) + checkpoint 2 (c4) = 920 > 900
    const p = plan({ entries, checkpoints: [ckpt('1', '/w', 'c1'), ckpt('2', '/w', 'c4')], maxTotalBytes: 900 });
    // checkpoints first: '1' goes, though it frees only its chunk (shared stays for '2', big1 for the journal)
    assert.deepEqual(p.checkpointDrops, ['1']);
    // then the history: 910 > 900, so e2 goes (e1 is a.ts's oldest version, kept by the count; e3 its newest)
    assert.deepEqual(p.drops, [{ id: 'e2', reason: 'size_budget' }]);
    assert.deepEqual([p.bytes, p.over], [810, undefined]);
  });
});
