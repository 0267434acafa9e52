import { strict as assert } from 'node:assert';
import { describeTurn, planTurnRollback, rollbackableTurns } from '../../../src/commands/turn-plan';
import { entry, sha } from './fixtures';

const MIN = 60_000;

describe('commands/turn-plan', () => {
  it('restores each file to its state before the turn\'s FIRST change of it, in order of first touch', () => {
    const a1 = entry({ path: 'a.c', time: 10 * MIN, turn_id: 't1', before_sha256: sha('a0') });
    const b1 = entry({ path: 'b.c', time: 10 * MIN + 1, turn_id: 't1', before_sha256: sha('b0') });
    const a2 = entry({ path: 'a.c', time: 10 * MIN + 2, turn_id: 't1', before_sha256: sha('a1') });
    const all = [a2, b1, a1];
    const [turn] = rollbackableTurns(all, 2 * MIN);
    const steps = planTurnRollback(turn);
    assert.deepEqual(steps.map((s) => [s.path, s.entry.before_sha256]), [['a.c', sha('a0')], ['b.c', sha('b0')]]);
  });

  it('a file the turn created is restored through its creation entry (so it is removed)', () => {
    const created = entry({ path: 'new.c', time: 1, turn_id: 't', bytes: 0, message: 'created', before_sha256: sha('') });
    const later = entry({ path: 'new.c', time: 2, turn_id: 't', before_sha256: sha('v1') });
    const [turn] = rollbackableTurns([created, later], MIN);
    const steps = planTurnRollback(turn);
    assert.equal(steps.length, 1);
    assert.equal(steps[0].entry.id, created.id);
  });

  it('skips files whose entries in the turn were all blocked or failed, and turns with nothing to restore', () => {
    const blocked = entry({ path: 'x', time: 1, turn_id: 'only-blocked', outcome: 'blocked' });
    const failed = entry({ path: 'y', time: 2, turn_id: 'mixed', outcome: 'failed' });
    const ok = entry({ path: 'z', time: 3, turn_id: 'mixed' });
    const turns = rollbackableTurns([blocked, failed, ok], MIN);
    assert.deepEqual(turns.map((t) => t.id), ['mixed']);
    assert.deepEqual(planTurnRollback(turns[0]).map((s) => s.path), ['z']);
  });

  it('groups untagged entries by the quiet gap; indexes are newest first', () => {
    const e1 = entry({ path: 'a', time: 0 });
    const e2 = entry({ path: 'b', time: 1 * MIN });
    const e3 = entry({ path: 'c', time: 5 * MIN });
    assert.deepEqual(rollbackableTurns([e1, e2, e3], 2 * MIN).map((t) => t.paths), [['c'], ['a', 'b']]);
    assert.deepEqual(rollbackableTurns([e1, e2, e3], 0.5 * MIN).map((t) => t.paths), [['c'], ['b'], ['a']]);
  });

  it('describes a turn by files, edits, lines and tools', () => {
    const a = entry({ path: 'a', time: 0, turn_id: 't', lines_added: 3, lines_removed: 1, tool: 'safe_patch' });
    const b = entry({ path: 'b', time: 1000, turn_id: 't', lines_added: 2, lines_removed: 0 });
    const x = entry({ path: 'c', time: 2000, turn_id: 't', outcome: 'blocked', lines_added: 50 });
    const [turn] = rollbackableTurns([a, b, x], MIN);
    const d = describeTurn(turn, 2000 + 120_000);
    assert.equal(d.label, '2 files, 2 edits');
    assert.match(d.description, /^2 min ago · \+5\/−1$/);
    assert.equal(d.detail, 'a, b — safe_patch, write_file');
  });
});
