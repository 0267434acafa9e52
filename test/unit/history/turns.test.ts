import assert from 'node:assert/strict';
import fc from 'fast-check';
import { groupIntoTurns, turnRestorePoints } from '../../../src/history/turns';
import { JournalEntry, Outcome } from '../../../src/history/types';

const MIN = 60_000;
let counter = 0;

function entry(time: number, path: string, fields: Partial<JournalEntry> = {}): JournalEntry {
  counter++;
  const sha = (n: number): string => n.toString(16).padStart(64, '0');
  return {
    id: `e${counter}`, time, tool: 'write_file', path, before_sha256: sha(counter), after_sha256: sha(counter + 1000),
    bytes: 1, after_bytes: 1, lines_added: 1, lines_removed: 0, outcome: 'applied', has_snapshot: true, ...fields,
  };
}

describe('groupIntoTurns', () => {
  it('groups untagged entries by a quiet gap (default 2 minutes), newest turn first', () => {
    const a = entry(0, 'a.ts');
    const b = entry(1 * MIN, 'b.ts');
    const c = entry(2.5 * MIN, 'a.ts'); // 1.5 min after b: same turn
    const d = entry(5 * MIN, 'c.ts');   // 2.5 min after c: new turn
    const turns = groupIntoTurns([d, c, b, a]); // newest-first input, as listAll gives
    assert.deepEqual(turns.map((t) => t.entries.map((e) => e.id)), [[d.id], [a.id, b.id, c.id]]);
    assert.deepEqual(turns[1].paths, ['a.ts', 'b.ts']);
    assert.deepEqual([turns[1].start, turns[1].end], [0, 2.5 * MIN]);
    assert.equal(turns[1].turnId, undefined);
    assert.equal(turns[1].id, `gap:${a.id}`);
  });

  it('honours a custom gap, and a gap exactly at the limit keeps the turn', () => {
    const a = entry(0, 'a.ts');
    const b = entry(10_000, 'a.ts');
    assert.equal(groupIntoTurns([a, b], { quietGapMs: 10_000 }).length, 1);
    assert.equal(groupIntoTurns([a, b], { quietGapMs: 9_999 }).length, 2);
  });

  it('groups tagged entries by turn id however far apart, and a tagged entry ends an untagged run', () => {
    const t1 = entry(0, 'x.ts', { turn_id: 'req-1' });
    const u1 = entry(10_000, 'y.ts');
    const t2 = entry(20_000, 'z.ts', { turn_id: 'req-2' });
    const u2 = entry(30_000, 'y.ts');
    const t1late = entry(60 * MIN, 'w.ts', { turn_id: 'req-1' });
    const turns = groupIntoTurns([t1, u1, t2, u2, t1late]);
    const byId = new Map(turns.map((t) => [t.id, t.entries.map((e) => e.id)]));
    assert.deepEqual(byId.get('req-1'), [t1.id, t1late.id]);
    assert.deepEqual(byId.get('req-2'), [t2.id]);
    assert.deepEqual(byId.get(`gap:${u1.id}`), [u1.id]);
    assert.deepEqual(byId.get(`gap:${u2.id}`), [u2.id]);
    assert.equal(turns[0].id, 'req-1');
    assert.equal(turns[0].turnId, 'req-1');
  });

  it('puts every entry in exactly one turn, each turn in time order (property)', () => {
    const entryArb = fc.record({
      time: fc.integer({ min: 0, max: 30 * MIN }),
      path: fc.constantFrom('a', 'b', 'c'),
      turn: fc.option(fc.constantFrom('r1', 'r2', 'r3'), { nil: undefined }),
    });
    fc.assert(fc.property(fc.array(entryArb, { maxLength: 40 }), (specs) => {
      const entries = specs.map((s) => entry(s.time, s.path, s.turn ? { turn_id: s.turn } : {}));
      const turns = groupIntoTurns(entries);
      const seen = turns.flatMap((t) => t.entries.map((e) => e.id)).sort();
      assert.deepEqual(seen, entries.map((e) => e.id).sort());
      for (const t of turns) {
        for (let i = 1; i < t.entries.length; i++) assert.ok(t.entries[i].time >= t.entries[i - 1].time);
        if (t.turnId) assert.ok(t.entries.every((e) => e.turn_id === t.turnId));
        else assert.ok(t.entries.every((e) => e.turn_id === undefined));
      }
      for (let i = 1; i < turns.length; i++) assert.ok(turns[i - 1].end >= turns[i].end);
    }));
  });
});

describe('turnRestorePoints', () => {
  it('gives per file the before state of the turn\'s first change, skipping blocked/failed attempts and entries without a snapshot', () => {
    const attempt = entry(0, 'a.ts', { outcome: 'blocked' });
    const noSnap = entry(1, 'a.ts', { outcome: 'applied', has_snapshot: false });
    const firstA = entry(2, 'a.ts');
    const secondA = entry(3, 'a.ts');
    const onlyFailed = entry(4, 'b.ts', { outcome: 'failed' });
    const interrupted = entry(5, 'c.ts', { outcome: 'interrupted' as Outcome, after_sha256: null });
    const [turn] = groupIntoTurns([secondA, attempt, firstA, noSnap, onlyFailed, interrupted]);
    assert.deepEqual(turnRestorePoints(turn), [
      { path: 'a.ts', before_sha256: firstA.before_sha256, entry_id: firstA.id },
      { path: 'c.ts', before_sha256: interrupted.before_sha256, entry_id: interrupted.id },
    ]);
  });
});
