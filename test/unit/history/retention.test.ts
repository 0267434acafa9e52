import assert from 'node:assert/strict';
import { planRetention, referencedBlobs } from '../../../src/history/retention';
import { BlobInfo } from '../../../src/history/blobStore';
import { JournalEntry } from '../../../src/history/types';

const sha = (name: string): string => name.padEnd(64, '0');

function entry(id: string, path: string, before: string, after: string | null, fields: Partial<JournalEntry> = {}): JournalEntry {
  return {
    id, time: 0, tool: 't', path, before_sha256: sha(before), after_sha256: after === null ? null : sha(after),
    bytes: 0, after_bytes: null, lines_added: 0, lines_removed: 0, outcome: 'applied', has_snapshot: true, ...fields,
  };
}

const ids = (drops: Array<{ id: string }>): string[] => drops.map((d) => d.id).sort();

describe('planRetention', () => {
  const blobs = new Map<string, BlobInfo>([
    [sha('k1'), { kind: 'key', bytes: 100 }],
    [sha('d1'), { kind: 'delta', bytes: 10, base: sha('k1') }],
    [sha('d2'), { kind: 'delta', bytes: 10, base: sha('k1') }],
    [sha('k2'), { kind: 'key', bytes: 100 }],
    [sha('d3'), { kind: 'delta', bytes: 10, base: sha('k2') }],
  ]);
  const info = (s: string): BlobInfo | undefined => blobs.get(s);

  it('counts a delta\'s keyframe as referenced', () => {
    assert.deepEqual([...referencedBlobs([entry('1', 'a', 'd1', null)], info)].sort(), [sha('d1'), sha('k1')].sort());
  });

  it('drops the oldest entries beyond the per-file count, never a pending one', () => {
    const entries = [
      entry('1', 'a', 'k1', 'd1', { outcome: 'pending' }),
      entry('2', 'a', 'd1', 'd2'),
      entry('3', 'a', 'd2', 'k2'),
      entry('4', 'a', 'k2', 'd3'),
    ];
    // 1 is pending; 2 is the oldest restorable version, kept whatever the count; 4 the newest.
    assert.deepEqual(ids(planRetention(entries, info, { maxEntriesPerFile: 2, maxTotalBytes: 1e9 })), ['3']);
  });

  it('drops oldest first until the bytes fit, keeping each file\'s newest snapshot', () => {
    const entries = [
      entry('1', 'a', 'k1', 'd1'),
      entry('2', 'b', 'k2', 'd3'),
      entry('3', 'a', 'd1', 'd2'),
    ];
    // All: k1 100 + d1 10 + d2 10 + k2 100 + d3 10 = 230. Entry 1 cannot free k1 (entry 3 needs it via d1/d2).
    assert.deepEqual(planRetention(entries, info, { maxEntriesPerFile: 50, maxTotalBytes: 229 }), [{ id: '1', reason: 'size_budget' }]);
    // Entry 2 is b's newest snapshot and entry 3 a's: nothing more may go even if still over.
    assert.deepEqual(ids(planRetention(entries, info, { maxEntriesPerFile: 50, maxTotalBytes: 10 })), ['1']);
  });

  describe('what a failure loop or a small limit can never take', () => {
    // Every text is its own 100-byte keyframe here, so bytes are easy to count.
    const big = (_name: string): BlobInfo => ({ kind: 'key', bytes: 100 });
    const infoAll = (s: string): BlobInfo | undefined => big(s);
    const at = (t: number, fields: Partial<JournalEntry> = {}) => ({ time: t, ...fields });

    it('attempts never evict a restorable version: 1 rewrite then 100 failures keeps the original', () => {
      const entries = [entry('rewrite', 'calc.c', 'orig', 'new', at(0))];
      for (let i = 0; i < 100; i++) entries.push(entry(`f${i}`, 'calc.c', 'new', 'new', at(1 + i, { outcome: 'failed' })));
      const dropped = ids(planRetention(entries, infoAll, { maxEntriesPerFile: 50, maxTotalBytes: 1e9 }));
      assert.equal(dropped.includes('rewrite'), false);
      assert.equal(dropped.length, 50, 'the 50 oldest failures go');
      assert.ok(dropped.every((id) => id.startsWith('f')));
    });

    it('keeps the oldest version and each turn\'s before-state whatever the count limit', () => {
      const entries: JournalEntry[] = [];
      for (const turn of ['t1', 't2', 't3']) {
        for (let k = 0; k < 3; k++) entries.push(entry(`${turn}-${k}`, 'a.ts', `${turn}${k}`, `${turn}${k + 1}`, at(entries.length, { turn_id: turn })));
      }
      const dropped = ids(planRetention(entries, infoAll, { maxEntriesPerFile: 1, maxTotalBytes: 1e9 }));
      assert.deepEqual(dropped, ['t1-1', 't1-2', 't2-1', 't2-2', 't3-1']);
    });

    it('the size budget evicts attempts first, then unprotected versions, then the oldest turn', () => {
      const entries = [
        entry('t1-0', 'a', 'a0', 'a1', at(0, { turn_id: 't1' })),
        entry('t1-1', 'a', 'a1', 'a2', at(1, { turn_id: 't1' })),
        entry('t2-0', 'a', 'a2', 'a3', at(2, { turn_id: 't2' })),
        entry('t2-x', 'a', 'a3', 'a3', at(3, { turn_id: 't2', outcome: 'failed', before_sha256: sha('ax') })),
        entry('t3-0', 'a', 'a3', 'a4', at(4, { turn_id: 't3' })),
        entry('t3-1', 'a', 'a4', 'a5', at(5, { turn_id: 't3' })),
      ];
      // 7 distinct texts (a0..a5, ax): 700 bytes, budget 500. The failed attempt goes first
      // (frees ax), then the one unprotected version t1-1 (frees nothing alone: a1 and a2 are
      // shared), then the oldest turn's before-state t1-0 (frees a0 and a1). t2-0 and t3-0
      // (turn before-states) and t3-1 (newest) stay.
      const plan = planRetention(entries, infoAll, { maxEntriesPerFile: 50, maxTotalBytes: 500 });
      assert.deepEqual(plan.map((d) => d.id), ['t2-x', 't1-1', 't1-0']);
      assert.ok(plan.every((d) => d.reason === 'size_budget'));
    });
  });
});
