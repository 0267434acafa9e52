import { strict as assert } from 'node:assert';
import { REDO_TURN_TOOL, TURN_ROLLBACK_TOOL } from '../../../src/commands/command-tools';
import { planTurnRollback, rollbackableTurns } from '../../../src/commands/turn-plan';
import { redoTarget, turnRole, withResultWriters } from '../../../src/commands/turn-redo';
import { entry } from './fixtures';

const MIN = 60_000;

/** A turn of one tool over the given paths, at `time`. */
function turnEntries(turnId: string, tool: string, time: number, paths: string[]) {
  return paths.map((path, i) => entry({ path, time: time + i, turn_id: turnId, tool }));
}

describe('commands/turn-redo', () => {
  it('tells a turn rollback and a redo from any other turn', () => {
    const turns = rollbackableTurns([
      ...turnEntries('agent', 'write_file', 0, ['a']),
      ...turnEntries('rb', TURN_ROLLBACK_TOOL, 100, ['a']),
      ...turnEntries('redo', REDO_TURN_TOOL, 200, ['a']),
      ...turnEntries('mixed', TURN_ROLLBACK_TOOL, 300, ['a']), entry({ path: 'b', time: 301, turn_id: 'mixed', tool: 'write_file' }),
    ], MIN);
    assert.deepEqual(turns.map((t) => [t.id, turnRole(t)]), [['mixed', 'other'], ['redo', 'redo'], ['rb', 'rollback'], ['agent', 'other']]);
  });

  it('redoes the newest turn rollback; after that redo there is nothing to redo; rolling the redo back makes it redoable again', () => {
    const agent = turnEntries('agent', 'write_file', 0, ['a', 'b']);
    const rb1 = turnEntries('rb1', TURN_ROLLBACK_TOOL, 100, ['a', 'b']);
    let turns = rollbackableTurns([...agent, ...rb1], MIN);
    assert.equal(redoTarget(turns)?.id, 'rb1');
    const redo1 = turnEntries('redo1', REDO_TURN_TOOL, 200, ['a', 'b']);
    turns = rollbackableTurns([...agent, ...rb1, ...redo1], MIN);
    assert.equal(redoTarget(turns), undefined, 'rb1 was redone; the agent turn below ends the search');
    const rb2 = turnEntries('rb2', TURN_ROLLBACK_TOOL, 300, ['a', 'b']);
    turns = rollbackableTurns([...agent, ...rb1, ...redo1, ...rb2], MIN);
    assert.equal(redoTarget(turns)?.id, 'rb2');
  });

  it('two rollbacks in a row are redone newest first, one per redo', () => {
    const all = [
      ...turnEntries('t1', 'write_file', 0, ['a']), ...turnEntries('t2', 'write_file', 10, ['b']),
      ...turnEntries('rb-t2', TURN_ROLLBACK_TOOL, 100, ['b']), ...turnEntries('rb-t1', TURN_ROLLBACK_TOOL, 200, ['a']),
    ];
    assert.equal(redoTarget(rollbackableTurns(all, MIN))?.id, 'rb-t1');
    const afterOne = [...all, ...turnEntries('redo-a', REDO_TURN_TOOL, 300, ['a'])];
    assert.equal(redoTarget(rollbackableTurns(afterOne, MIN))?.id, 'rb-t2');
  });

  it('new work after a rollback ends the redo (putting the old result back would discard it)', () => {
    const all = [...turnEntries('agent', 'write_file', 0, ['a']), ...turnEntries('rb', TURN_ROLLBACK_TOOL, 100, ['a']), ...turnEntries('later', 'replace_in_file', 200, ['z'])];
    assert.equal(redoTarget(rollbackableTurns(all, MIN)), undefined);
    assert.equal(redoTarget([]), undefined);
  });

  it("a redo's files name the writer of the content that comes back (the newest change before the rollback)", () => {
    const ours = entry({ path: 'a', time: 1, turn_id: 'agent', tool: 'replace_in_file' });
    const program = entry({ path: 'g', time: 2, turn_id: 'agent', tool: 'execute_program', writer: { kind: 'execute_program', argv: ['node', 'gen.js'] } });
    const older = entry({ path: 'g', time: 0, turn_id: 'before', tool: 'write_file' });
    const rb = turnEntries('rb', TURN_ROLLBACK_TOOL, 100, ['a', 'g', 'fresh']);
    const all = [older, ours, program, ...rb];
    const target = redoTarget(rollbackableTurns(all, MIN));
    assert.ok(target);
    const steps = withResultWriters(planTurnRollback(target), all);
    assert.deepEqual(steps.map((s) => [s.path, s.writers]), [['a', ['replace_in_file']], ['g', ['execute_program: node gen.js']], ['fresh', [TURN_ROLLBACK_TOOL]]]);
  });
});
