import { strict as assert } from 'node:assert';
import { chooseUndoTarget, isCreation } from '../../../src/commands/undo-target';
import { entry, sha } from './fixtures';

/** currentSha from a table; missing paths are files that do not exist. */
function shas(table: Record<string, string>) {
  const asked: string[] = [];
  const fn = async (p: string) => { asked.push(p); return table[p]; };
  return { fn, asked };
}

describe('commands/undo-target chooseUndoTarget', () => {
  it('picks the newest agent edit whose before-state differs from the file', async () => {
    const a1 = entry({ path: 'a', time: 1, before_sha256: sha('a0'), after_sha256: sha('a1') });
    const b1 = entry({ path: 'b', time: 2, before_sha256: sha('b0'), after_sha256: sha('b1') });
    const { fn } = shas({ a: sha('a1'), b: sha('b1') });
    assert.equal((await chooseUndoTarget([a1, b1], fn))?.id, b1.id);
  });

  it('steps further back once the newest edit is undone (file holds its before-state)', async () => {
    const a1 = entry({ path: 'a', time: 1, before_sha256: sha('a0'), after_sha256: sha('a1') });
    const a2 = entry({ path: 'a', time: 2, before_sha256: sha('a1'), after_sha256: sha('a2') });
    const undone = entry({ path: 'a', time: 3, tool: 'rollback_command', before_sha256: sha('a2'), after_sha256: sha('a1') });
    const { fn } = shas({ a: sha('a1') });
    assert.equal((await chooseUndoTarget([undone, a2, a1], fn))?.id, a1.id);
  });

  it('steps back through agents\' changes only: neither the user\'s own nor another program\'s', async () => {
    const a1 = entry({ path: 'a', time: 1, before_sha256: sha('a0'), after_sha256: sha('a1'), writer: { kind: 'execute_program', argv: ['make'] } });
    const mine = entry({ path: 'b', time: 2, tool: 'user', before_sha256: sha('b0'), after_sha256: sha('b1'), writer: { kind: 'user' } });
    const other = entry({ path: 'c', time: 3, tool: 'outside', before_sha256: sha('c0'), after_sha256: sha('c1'), writer: { kind: 'outside' } });
    const { fn } = shas({ a: sha('a1'), b: sha('b1'), c: sha('c1') });
    assert.equal((await chooseUndoTarget([a1, mine, other], fn))?.id, a1.id);
  });

  it('never picks a restore made by a command (which would redo the undone edit)', async () => {
    const a1 = entry({ path: 'a', time: 1, before_sha256: sha('a0'), after_sha256: sha('a1') });
    const undo = entry({ path: 'a', time: 2, tool: 'rollback_turn', before_sha256: sha('a1'), after_sha256: sha('a0') });
    const { fn } = shas({ a: sha('a0') });
    assert.equal(await chooseUndoTarget([a1, undo], fn), undefined);
  });

  it('skips blocked, failed and snapshot-less entries', async () => {
    const ok = entry({ path: 'a', time: 1, before_sha256: sha('a0') });
    const blocked = entry({ path: 'a', time: 2, outcome: 'blocked', before_sha256: sha('x') });
    const failed = entry({ path: 'b', time: 3, outcome: 'failed' });
    const bare = entry({ path: 'c', time: 4, has_snapshot: false });
    const { fn } = shas({ a: sha('a1'), b: sha('b'), c: sha('c') });
    assert.equal((await chooseUndoTarget([ok, blocked, failed, bare], fn))?.id, ok.id);
  });

  it('treats a created file that no longer exists as undone, but an existing one as undoable', async () => {
    const created = entry({ path: 'new.txt', time: 5, bytes: 0, message: 'created', before_sha256: sha('') });
    assert.equal(isCreation(created), true);
    const older = entry({ path: 'a', time: 1, before_sha256: sha('a0') });
    assert.equal((await chooseUndoTarget([older, created], shas({ a: sha('a1') }).fn))?.id, older.id);
    assert.equal((await chooseUndoTarget([older, created], shas({ a: sha('a1'), 'new.txt': sha('hi') }).fn))?.id, created.id);
  });

  it('asks for each file\'s state once and examines at most `limit` candidates', async () => {
    const es = [1, 2, 3, 4].map((t) => entry({ path: t % 2 ? 'odd' : 'even', time: t, before_sha256: sha('same') }));
    const probe = shas({ odd: sha('same'), even: sha('same') });
    assert.equal(await chooseUndoTarget(es, probe.fn), undefined);
    assert.deepEqual(probe.asked.sort(), ['even', 'odd']);
    const undone = entry({ path: 'odd', time: 10, before_sha256: sha('same') });
    const undoable = entry({ path: 'even', time: 9, before_sha256: sha('older') });
    assert.equal(await chooseUndoTarget([undone, undoable], shas({ odd: sha('same'), even: sha('same') }).fn, 1), undefined);
    assert.equal((await chooseUndoTarget([undone, undoable], shas({ odd: sha('same'), even: sha('same') }).fn, 2))?.id, undoable.id);
  });
});
