import { strict as assert } from 'node:assert';
import { sha256Text } from '../../../../src/core/hash';
import type { JournalEntry } from '../../../../src/history/types';
import { gapsOf } from '../../../../src/engine/writers/journal-gaps';

function entry(over: Partial<JournalEntry>): JournalEntry {
  return {
    id: 'e1', time: 1000, finished_time: 1001, tool: 'write_file', path: 'a.txt', before_sha256: sha256Text('old\n'), after_sha256: sha256Text('ours\n'),
    bytes: 4, after_bytes: 5, lines_added: 1, lines_removed: 1, outcome: 'applied', has_snapshot: true, kind: 'modify', ...over,
  };
}

const b = (s: string) => Buffer.from(s);
const at = { first: 900, last: 1500 };

describe('gapsOf: what of a change seen between two checkpoints the journal does not explain', () => {
  it('the whole change when the file has no entry since the earlier checkpoint, at the first write seen', () => {
    assert.deepEqual(gapsOf([], b('old\n'), b('theirs\n'), 500, at), [{ from: { content: b('old\n') }, to: { content: b('theirs\n') }, time: 900 }]);
    assert.deepEqual(gapsOf([entry({ time: 100, finished_time: 101 })], b('old\n'), b('theirs\n'), 500, at).length, 1, 'an older entry explains nothing');
  });

  it('a change of mode alone is a change, with the mode on each side; one our entry made (a rollback that set it) is explained', () => {
    assert.deepEqual(gapsOf([], b('x\n'), b('x\n'), 500, at, undefined, { before: 0o755, after: 0o644 }), [{ from: { content: b('x\n') }, to: { content: b('x\n') }, time: 900, fromMode: 0o755, toMode: 0o644 }]);
    assert.deepEqual(gapsOf([], b('x\n'), b('x\n'), 500, at, undefined, { before: 0o644, after: 0o644 }), [], 'same bytes, same mode: nothing');
    const rollback = entry({ before_sha256: sha256Text('x\n'), after_sha256: sha256Text('x\n'), before_mode: 0o644, after_mode: 0o755 });
    assert.deepEqual(gapsOf([rollback], b('x\n'), b('x\n'), 500, at, undefined, { before: 0o644, after: 0o755 }), [], 'our entry set that mode');
    // Our edit kept the mode (it journaled the one it found); another writer changed it after.
    const edit = entry({ before_mode: 0o755 });
    assert.deepEqual(gapsOf([edit], b('old\n'), b('ours\n'), 500, at, undefined, { before: 0o755, after: 0o600 }), [{ from: { stored: sha256Text('ours\n') }, to: { content: b('ours\n') }, time: 1500, fromMode: 0o755, toMode: 0o600 }]);
  });

  it('nothing when our entries hold the change exactly (our tool wrote it)', () => {
    assert.deepEqual(gapsOf([entry({})], b('old\n'), b('ours\n'), 500, at), []);
  });

  it('the part after our last entry when another writer changed what our tool left', () => {
    assert.deepEqual(gapsOf([entry({})], b('old\n'), b('theirs\n'), 500, at), [{ from: { stored: sha256Text('ours\n') }, to: { content: b('theirs\n') }, time: 1500 }]);
  });

  it('the part before our first entry when another writer changed the file before our tool read it, just before that entry', () => {
    const e = entry({ before_sha256: sha256Text('copilot\n') });
    assert.deepEqual(gapsOf([e], b('old\n'), b('ours\n'), 500, at), [{ from: { content: b('old\n') }, to: { stored: sha256Text('copilot\n') }, time: 900 }]);
    assert.equal(gapsOf([e], b('old\n'), b('ours\n'), 500, { first: 2000, last: 2000 })[0].time, 999, 'never after our entry');
  });

  it('both sides, and a file another writer created before our tool edited it', () => {
    const e = entry({ before_sha256: sha256Text('created\n') });
    const pieces = gapsOf([e], undefined, b('theirs\n'), 500, at);
    assert.deepEqual(pieces.map((p) => [p.from, p.to]), [[{ absent: true }, { stored: sha256Text('created\n') }], [{ stored: sha256Text('ours\n') }, { content: b('theirs\n') }]]);
  });

  it('an entry whose result the earlier checkpoint already holds is behind it (it finished while that checkpoint was taken)', () => {
    const e = entry({ time: 400, finished_time: 600 });
    assert.deepEqual(gapsOf([e], b('ours\n'), b('theirs\n'), 500, at), [{ from: { content: b('ours\n') }, to: { content: b('theirs\n') }, time: 900 }]);
  });

  it('a file our tool created and another writer deleted, and a BOM file matched by its text', () => {
    const created = entry({ kind: 'create', before_sha256: sha256Text('') });
    assert.deepEqual(gapsOf([created], undefined, undefined, 500, at), [{ from: { stored: sha256Text('ours\n') }, to: { absent: true }, time: 1500 }]);
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), b('ours\n')]);
    assert.deepEqual(gapsOf([entry({})], b('old\n'), withBom, 500, at), []);
  });

  it('a blocked attempt explains nothing (it changed nothing)', () => {
    assert.equal(gapsOf([entry({ outcome: 'blocked', has_snapshot: false })], b('old\n'), b('ours\n'), 500, at).length, 1);
  });

  it('a checkpoint taken while our tool wrote the file says nothing about other writers on that side (a torn state: absent, half renamed)', () => {
    const writing = entry({ time: 1000, finished_time: 1010 });
    const quiet = { started: 0, ended: 100 };
    const during = { started: 1005, ended: 1200 };
    // The later checkpoint saw the file missing mid-write: no "deleted by another writer".
    assert.deepEqual(gapsOf([writing], b('old\n'), undefined, 500, at, { before: quiet, after: during }), []);
    // The earlier one saw it missing mid-write: no "created by another writer" before our entry; the after side still counts.
    assert.deepEqual(gapsOf([writing], undefined, b('theirs\n'), 500, at, { before: during, after: { started: 3000, ended: 3100 } }).map((p) => [p.from, p.to]), [[{ stored: sha256Text('ours\n') }, { content: b('theirs\n') }]]);
    // A pending entry (in flight, not restorable yet) makes both sides torn: nothing is recorded from it.
    assert.deepEqual(gapsOf([entry({ outcome: 'pending', after_sha256: null, finished_time: undefined })], b('old\n'), b('half\n'), 500, at, { before: quiet, after: during }), []);
  });
});
