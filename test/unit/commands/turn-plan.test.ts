import { strict as assert } from 'node:assert';
import { describeTurn, planTurnRollback, rollbackableTurns, selectSteps } from '../../../src/commands/turn-plan';
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

describe('commands/turn-plan: writers, actions and selection', () => {
  const turnOf = (entries: ReturnType<typeof entry>[]) => rollbackableTurns(entries, MIN)[0];

  it('lists each file with every writer that changed it in the turn and what the rollback does to it', () => {
    const ours = entry({ path: 'a.c', time: 1, turn_id: 't', tool: 'replace_in_file' });
    const program = entry({ path: 'a.c', time: 2, turn_id: 't', tool: 'execute_program', writer: { kind: 'execute_program', argv: ['node', 'gen.js'] } });
    const generated = entry({ path: 'gen.out', time: 2, turn_id: 't', tool: 'execute_program', kind: 'create', writer: { kind: 'execute_program', argv: ['node', 'gen.js'] } });
    const copilot = entry({ path: 'b.c', time: 3, turn_id: 't', tool: 'agent_tool', writer: { kind: 'agent_tool', name: 'copilot:replace_string_in_file' } });
    const gone = entry({ path: 'old.c', time: 4, turn_id: 't', tool: 'outside', kind: 'delete', after_sha256: null, writer: { kind: 'outside' } });
    const steps = planTurnRollback(turnOf([ours, program, generated, copilot, gone]));
    assert.deepEqual(steps.map((s) => [s.path, s.writers, s.action]), [
      ['a.c', ['replace_in_file', 'execute_program: node gen.js'], 'restore'],
      ['gen.out', ['execute_program: node gen.js'], 'delete'],
      ['b.c', ['Copilot: replace_string_in_file'], 'restore'],
      ['old.c', ['outside the tools'], 'recreate'],
    ]);
    assert.equal(steps[0].entry.id, ours.id, 'restored to before the first change of the turn');
    assert.equal(steps[0].last.id, program.id, 'what the turn left is its last change');
  });

  it('a file the turn created and then changed is deleted only while it holds the last change (step.last)', () => {
    const created = entry({ path: 'n', time: 1, turn_id: 't', kind: 'create' });
    const edited = entry({ path: 'n', time: 2, turn_id: 't', writer: { kind: 'outside' } });
    const blocked = entry({ path: 'n', time: 3, turn_id: 't', outcome: 'blocked' });
    const [step] = planTurnRollback(turnOf([created, edited, blocked]));
    assert.equal(step.action, 'delete');
    assert.equal(step.last.id, edited.id, 'a blocked attempt left nothing, so it is not the last change');
    assert.deepEqual(step.writers, ['write_file', 'outside the tools']);
  });

  it('a file the turn deleted after changing it is re-created', () => {
    const edit = entry({ path: 'x', time: 1, turn_id: 't' });
    const del = entry({ path: 'x', time: 2, turn_id: 't', kind: 'delete', writer: { kind: 'execute_program', argv: ['rm', 'x'] } });
    assert.equal(planTurnRollback(turnOf([edit, del]))[0].action, 'recreate');
  });

  it('selects the named files in the plan\'s order, all when none are named, and reports names the turn did not change', () => {
    const steps = planTurnRollback(turnOf(['a', 'b', 'c', 'd'].map((p, i) => entry({ path: p, time: i, turn_id: 't' }))));
    assert.deepEqual(selectSteps(steps, undefined).selected.map((s) => s.path), ['a', 'b', 'c', 'd']);
    const two = selectSteps(steps, ['d', 'b']);
    assert.deepEqual(two.selected.map((s) => s.path), ['b', 'd']);
    assert.deepEqual(two.unknown, []);
    const typo = selectSteps(steps, ['b', 'zz']);
    assert.deepEqual(typo.unknown, ['zz']);
    assert.deepEqual(selectSteps(steps, []).selected, [], 'an empty selection selects nothing, never everything');
  });

  it("a file the user changed during the turn is planned, flagged as the user's, and left out of the default selection", () => {
    const ours = entry({ path: 'ours', time: 0, turn_id: 't' });
    const both = entry({ path: 'both', time: 1, turn_id: 't' });
    const typed = entry({ path: 'both', time: 2, turn_id: 't', tool: 'user', writer: { kind: 'user' } });
    const mine = entry({ path: 'mine', time: 3, turn_id: 't', tool: 'user', writer: { kind: 'user' } });
    const steps = planTurnRollback(turnOf([ours, both, typed, mine]));
    assert.deepEqual(steps.map((s) => [s.path, s.usersOwn]), [['ours', false], ['both', true], ['mine', true]]);
    assert.deepEqual(selectSteps(steps, undefined).selected.map((s) => s.path), ['ours'], 'never rolled back unless picked');
    assert.deepEqual(selectSteps(steps, ['mine', 'ours']).selected.map((s) => s.path), ['ours', 'mine'], 'picked: rolled back');
  });

  it('a file held back (changed since the turn, unsaved changes) is left out of the default selection, and selected when named', () => {
    const steps = planTurnRollback(turnOf(['a', 'b', 'c'].map((p, i) => entry({ path: p, time: i, turn_id: 't' }))));
    const held = (s: { path: string }) => s.path === 'b';
    assert.deepEqual(selectSteps(steps, undefined, held).selected.map((s) => s.path), ['a', 'c'], 'never picked for the user');
    assert.deepEqual(selectSteps(steps, ['b'], held).selected.map((s) => s.path), ['b'], 'named: the user picked it');
  });

  it("a turn's description names the other writers, not only our tools", () => {
    const a = entry({ path: 'a', time: 0, turn_id: 't', tool: 'safe_patch' });
    const b = entry({ path: 'b', time: 1, turn_id: 't', tool: 'execute_program', writer: { kind: 'execute_program', argv: ['npx', 'prettier', '-w', 'b'] } });
    assert.equal(describeTurn(turnOf([a, b]), 1000).detail, 'a, b — safe_patch, execute_program: npx prettier -w b');
  });
});
