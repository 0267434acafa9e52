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
    assert.deepEqual(planRetention(entries, info, { maxEntriesPerFile: 2, maxTotalBytes: 1e9 }), ['2', '3']);
  });

  it('drops oldest first until the bytes fit, keeping each file\'s newest snapshot', () => {
    const entries = [
      entry('1', 'a', 'k1', 'd1'),
      entry('2', 'b', 'k2', 'd3'),
      entry('3', 'a', 'd1', 'd2'),
    ];
    // All: k1 100 + d1 10 + d2 10 + k2 100 + d3 10 = 230. Entry 1 cannot free k1 (entry 3 needs it via d1/d2).
    assert.deepEqual(planRetention(entries, info, { maxEntriesPerFile: 50, maxTotalBytes: 229 }), ['1']);
    // Entry 2 is b's newest snapshot and entry 3 a's: nothing more may go even if still over.
    assert.deepEqual(planRetention(entries, info, { maxEntriesPerFile: 50, maxTotalBytes: 10 }), ['1']);
  });
});
