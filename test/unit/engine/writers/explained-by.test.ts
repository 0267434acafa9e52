import { strict as assert } from 'node:assert';
import { sha256Text } from '../../../../src/core/hash';
import type { JournalEntry } from '../../../../src/history/types';
import { explainedBy } from '../../../../src/engine/writers/writer-recorder';

function entry(over: Partial<JournalEntry>): JournalEntry {
  return {
    id: 'e1', time: 1000, tool: 'write_file', path: 'a.txt', before_sha256: sha256Text('old\n'), after_sha256: sha256Text('ours\n'),
    bytes: 4, after_bytes: 5, lines_added: 1, lines_removed: 1, outcome: 'applied', has_snapshot: true, kind: 'modify', ...over,
  };
}

describe('explainedBy: what the journal already explains of a change seen in the checkpoints', () => {
  const observed = (after: string | undefined) => ({ path: 'a.txt', kind: 'modify' as const, before: Buffer.from('old\n'), ...(after !== undefined ? { after: Buffer.from(after) } : {}) });

  it('nothing when the file has no entry: the whole change is another writer\'s', () => {
    assert.equal(explainedBy([], observed('theirs\n'), 500), undefined);
  });

  it('all of it when our newest entry left exactly what the file holds (our tool wrote it)', () => {
    assert.equal(explainedBy([entry({})], observed('ours\n'), 500), 'all');
  });

  it('the part after our entry when another writer changed the file after our tool did', () => {
    assert.deepEqual(explainedBy([entry({})], observed('theirs\n'), 500), { fromSha256: sha256Text('ours\n') });
  });

  it('nothing when our entry is older than the checkpoint the change is measured from', () => {
    assert.equal(explainedBy([entry({ time: 100 })], observed('theirs\n'), 500), undefined);
  });

  it('a BOM file: the text hash (BOM excluded) matches what our tool journaled', () => {
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from('ours\n')]);
    assert.equal(explainedBy([entry({})], { path: 'a.txt', kind: 'modify', after: withBom }, 500), 'all');
  });

  it('a blocked attempt explains nothing (it changed nothing)', () => {
    assert.equal(explainedBy([entry({ outcome: 'blocked', has_snapshot: false })], observed('ours\n'), 500), undefined);
  });
});
