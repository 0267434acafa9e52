import assert from 'node:assert/strict';
import { TOOL_INPUT_SHAPES, inputShapeOf } from '../../../../src/core/guard';
import { call, makeGuard } from './helpers';

describe('guard: repeated bad input (rule 4)', () => {
  const bad = { tool: 'safe_patch', path: 'a.c', canonicalInput: '{"path":"a.c","diff":"x"}', inputValid: false };

  it('refuses the 5th identical invalid input with the required shape and one valid example', () => {
    const { guard, events } = makeGuard();
    for (let i = 1; i <= 4; i++) assert.equal(guard.before(bad).proceed, true, `call ${i}`);
    const d = guard.before(bad);
    assert.ok(!d.proceed);
    assert.equal(d.failure.error_type, 'REPEATED_BAD_INPUT');
    assert.match(d.failure.message, /5 times in a row/);
    assert.ok(d.failure.message.includes(TOOL_INPUT_SHAPES.safe_patch.shape));
    assert.ok(d.failure.message.includes(JSON.stringify(TOOL_INPUT_SHAPES.safe_patch.example)));
    assert.deepEqual(d.failure.example, TOOL_INPUT_SHAPES.safe_patch.example);
    assert.equal(events.filter((e) => e.kind === 'bad_input_count').length, 5);
    assert.equal(events.filter((e) => e.kind === 'bad_input_repeated').length, 1);
  });

  it('keeps refusing the same bad input; a different bad input starts at 1; a valid one clears the tool', () => {
    const { guard, events } = makeGuard({ badInputRepeatLimit: 2 });
    guard.before(bad);
    assert.equal(guard.before(bad).proceed, false);
    assert.equal(guard.before(bad).proceed, false);
    assert.equal(guard.before({ ...bad, canonicalInput: 'other garbage' }).proceed, true);
    assert.equal(guard.before(bad).proceed, true);
    guard.before(call('safe_patch', 'a.c', { base_sha256: 'h', unified_diff: 'ok' }));
    assert.ok(events.some((e) => e.kind === 'counter_reset' && e.counter === 'bad_input' && e.reason === 'valid_input'));
    assert.equal(guard.before(bad).proceed, true);
  });

  it('counts per tool: the same text to two tools does not add up', () => {
    const { guard } = makeGuard({ badInputRepeatLimit: 2 });
    guard.before(bad);
    assert.equal(guard.before({ ...bad, tool: 'write_file' }).proceed, true);
  });

  it('takes precedence over REPEATED_CALL for invalid input', () => {
    const { guard } = makeGuard({ badInputRepeatLimit: 3, repeatedCallWarn: 2, repeatedCallRefuse: 3 });
    guard.before(bad);
    guard.before(bad);
    const d = guard.before(bad);
    assert.ok(!d.proceed && d.failure.error_type === 'REPEATED_BAD_INPUT');
  });

  it('has a shape and a JSON-serializable example for every tool of the contract, each naming the tool\'s required fields', () => {
    const required: Record<string, string[]> = {
      safe_read_file: ['path'],
      // issue 16: path and base_sha256 are optional when the patch names its files (base_hashes)
      safe_patch: ['unified_diff'],
      // issue 16: one edit (path, old_text, new_text) or several (edits); the tool checks which
      replace_in_file: [],
      edit_lines: ['path', 'base_sha256', 'mode', 'start_line'],
      write_file: ['path', 'content'],
      rollback_file: ['path'],
      list_backups: ['path'],
      execute_program: ['program', 'args'],
      patch_html: ['path', 'base_sha256', 'patches'],
    };
    assert.deepEqual(Object.keys(TOOL_INPUT_SHAPES).sort(), Object.keys(required).sort());
    for (const [tool, fields] of Object.entries(required)) {
      const entry = inputShapeOf(tool);
      assert.ok(entry, tool);
      for (const f of fields) {
        assert.ok(entry.shape.includes(`${f}:`), `${tool} shape lacks ${f}`);
        assert.ok(f in entry.example, `${tool} example lacks ${f}`);
      }
      assert.deepEqual(JSON.parse(JSON.stringify(entry.example)), entry.example);
    }
    assert.equal(inputShapeOf('toString'), undefined);
    assert.equal(inputShapeOf('no_such_tool'), undefined);
  });

  it('for an unknown tool, still refuses with a generic message', () => {
    const { guard } = makeGuard({ badInputRepeatLimit: 1 });
    const d = guard.before({ tool: 'mystery', canonicalInput: '{', inputValid: false });
    assert.ok(!d.proceed && /input schema/.test(d.failure.message));
  });
});
