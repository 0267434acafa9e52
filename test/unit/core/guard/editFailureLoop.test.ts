import assert from 'node:assert/strict';
import { call, failed, invoke, kinds, makeGuard, ok } from './helpers';

const FILE = 'bin/cpuset/cpuset.c';
const replace = (n = 0) => call('replace_in_file', FILE, { old_text: `not in the file ${n}`, new_text: 'x' });
const read = () => call('safe_read_file', FILE, { current_sha256: 'same' });

describe('guard: edit-failure loop (rule 2)', () => {
  it('cpuset scenario: failing replace_in_file alternating with safe_read_file → EDIT_FAILURE_LOOP at the 3rd failure, not later', () => {
    const { guard } = makeGuard();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      const r = invoke(guard, replace(i), failed('NO_MATCH'));
      seen.push(String(r.result.error_type));
      invoke(guard, read(), ok);
    }
    assert.deepEqual(seen, ['NO_MATCH', 'NO_MATCH', 'EDIT_FAILURE_LOOP']);
  });

  it('also with the very same replace_in_file input each time (the observed loop)', () => {
    const { guard } = makeGuard();
    const seen: string[] = [];
    for (let i = 0; i < 3; i++) {
      seen.push(String(invoke(guard, replace(), failed('NO_MATCH')).result.error_type));
      invoke(guard, read(), ok);
    }
    assert.deepEqual(seen, ['NO_MATCH', 'NO_MATCH', 'EDIT_FAILURE_LOOP']);
  });

  it('the loop message lists each failure (tool and type), the likely causes, the menu and what not to do', () => {
    const { guard } = makeGuard();
    invoke(guard, replace(1), failed('NO_MATCH'));
    invoke(guard, call('edit_lines', FILE, { start_line: 3 }), failed('HASH_MISMATCH'));
    const r = invoke(guard, call('safe_patch', FILE, { unified_diff: 'x' }), failed('AMBIGUOUS_MATCH', { candidates: [1, 2] }));
    const f = r.result as Record<string, unknown>;
    assert.equal(f.error_type, 'EDIT_FAILURE_LOOP');
    const m = String(f.message);
    assert.match(m, /failed 3 times in a row: replace_in_file → NO_MATCH; edit_lines → HASH_MISMATCH; safe_patch → AMBIGUOUS_MATCH\./);
    assert.match(m, /changed since/);
    assert.match(m, /whitespace/);
    assert.match(m, /not in this file/);
    assert.match(m, /move on to another file/);
    assert.match(m, /write_file/);
    assert.match(m, /ask the user/);
    assert.match(m, /Do not re-read the file and retry the same edit/);
    assert.deepEqual(f.failures, [
      { tool: 'replace_in_file', error_type: 'NO_MATCH', message: 'NO_MATCH happened' },
      { tool: 'edit_lines', error_type: 'HASH_MISMATCH', message: 'HASH_MISMATCH happened' },
      { tool: 'safe_patch', error_type: 'AMBIGUOUS_MATCH', message: 'AMBIGUOUS_MATCH happened' },
    ]);
    assert.deepEqual(f.original, { error_type: 'AMBIGUOUS_MATCH', message: 'AMBIGUOUS_MATCH happened', candidates: [1, 2] });
    assert.equal(f.path, FILE);
    assert.equal(f.count, 3);
    assert.equal(f.threshold, 3);
  });

  it('folds identical consecutive failures in the message and clips long failure messages', () => {
    const { guard } = makeGuard();
    invoke(guard, replace(1), failed('NO_MATCH'));
    invoke(guard, replace(2), failed('NO_MATCH'));
    const r = invoke(guard, call('write_file', FILE, { content: '}' }), { success: false, error_type: 'SIZE_REDUCTION_BLOCKED', message: 'x'.repeat(500) });
    assert.match(String(r.result.message), /failed 3 times in a row: replace_in_file → NO_MATCH ×2; write_file → SIZE_REDUCTION_BLOCKED\./);
    const failures = (r.result as Record<string, unknown>).failures as Array<{ message: string }>;
    assert.equal(failures[2]?.message.length, 160);
    // The original failure is kept whole.
    assert.equal(((r.result as Record<string, unknown>).original as { message: string }).message.length, 500);
  });

  it('ends the streak on a successful edit of the file', () => {
    const { guard } = makeGuard();
    invoke(guard, replace(1), failed('NO_MATCH'));
    invoke(guard, replace(2), failed('NO_MATCH'));
    invoke(guard, replace(3), ok);
    assert.equal(invoke(guard, replace(4), failed('NO_MATCH')).result.error_type, 'NO_MATCH');
    assert.equal(invoke(guard, replace(5), failed('NO_MATCH')).result.error_type, 'NO_MATCH');
  });

  it('ends the streak on a successful rollback_file of the file', () => {
    const { guard } = makeGuard();
    invoke(guard, replace(1), failed('NO_MATCH'));
    invoke(guard, replace(2), failed('NO_MATCH'));
    invoke(guard, call('rollback_file', FILE, { revision: 0 }), ok);
    assert.equal(invoke(guard, replace(3), failed('NO_MATCH')).result.error_type, 'NO_MATCH');
  });

  it('ends the streak on a failed edit of a different file, with a counter_reset event', () => {
    const { guard, events } = makeGuard();
    invoke(guard, replace(1), failed('NO_MATCH'));
    invoke(guard, replace(2), failed('NO_MATCH'));
    invoke(guard, call('replace_in_file', 'other.c', { old_text: 'y' }), failed('NO_MATCH'));
    const reset = events.find((e) => e.kind === 'counter_reset' && e.counter === 'edit_failure');
    assert.equal(reset?.file, FILE);
    assert.equal(reset?.reason, 'other_file');
    assert.equal(invoke(guard, replace(3), failed('NO_MATCH')).result.error_type, 'NO_MATCH');
  });

  it('is not ended by a successful edit of another file (only by a failure there)', () => {
    const { guard } = makeGuard();
    invoke(guard, replace(1), failed('NO_MATCH'));
    invoke(guard, replace(2), failed('NO_MATCH'));
    invoke(guard, call('write_file', 'other.c', { content: 'x' }), ok);
    assert.equal(invoke(guard, replace(3), failed('NO_MATCH')).result.error_type, 'EDIT_FAILURE_LOOP');
  });

  it('does not count read failures, invalid inputs, or CANCELLED / PERMISSION_DENIED', () => {
    const { guard } = makeGuard();
    invoke(guard, replace(1), failed('NO_MATCH'));
    invoke(guard, read(), failed('FILE_NOT_FOUND'));
    invoke(guard, call('replace_in_file', FILE, { bad: true }, false), failed('INVALID_INPUT'));
    invoke(guard, replace(2), failed('CANCELLED'));
    invoke(guard, replace(3), failed('PERMISSION_DENIED'));
    assert.equal(guard.snapshot().files[0]?.edit_failures, 1);
    assert.equal(invoke(guard, replace(4), failed('NO_MATCH')).result.error_type, 'NO_MATCH');
    assert.equal(invoke(guard, replace(5), failed('NO_MATCH')).result.error_type, 'EDIT_FAILURE_LOOP');
  });

  it('keeps returning EDIT_FAILURE_LOOP for further failures while in the loop', () => {
    const { guard } = makeGuard();
    for (let i = 0; i < 3; i++) invoke(guard, replace(i), failed('NO_MATCH'));
    const r = invoke(guard, replace(10), failed('NO_MATCH'));
    assert.equal(r.result.error_type, 'EDIT_FAILURE_LOOP');
    assert.equal((r.result as Record<string, unknown>).count, 4);
  });

  it('refuses, before running it, an edit whose exact input already failed during the loop', () => {
    const { guard, events } = makeGuard();
    for (let i = 0; i < 3; i++) {
      invoke(guard, replace(), failed('NO_MATCH'));
      invoke(guard, read(), ok);
    }
    const decision = guard.before(replace());
    assert.equal(decision.proceed, false);
    assert.ok(!decision.proceed && decision.failure.error_type === 'EDIT_FAILURE_LOOP');
    assert.ok(!decision.proceed && /this exact call already failed/.test(decision.failure.message));
    assert.equal(events.filter((e) => e.kind === 'loop_detected').length, 2);
    // A different edit of the file still runs.
    assert.equal(guard.before(replace(7)).proceed, true);
  });

  it('precedence: when one call reaches both limits, EDIT_FAILURE_LOOP wins and carries the safe_patch advice', () => {
    const { guard, events } = makeGuard();
    invoke(guard, replace(1), failed('NO_MATCH'));
    invoke(guard, call('safe_patch', FILE, { unified_diff: 'a' }), failed('INVALID_PATCH'));
    const r = invoke(guard, call('safe_patch', FILE, { unified_diff: 'b' }), failed('INVALID_PATCH'));
    assert.equal(r.result.error_type, 'EDIT_FAILURE_LOOP');
    assert.match(String(r.result.message), /do not use safe_patch for it in your next turn/);
    assert.ok(!kinds(events).includes('limit_exceeded'));
    assert.ok(events.some((e) => e.kind === 'counter_reset' && e.counter === 'patch_failure' && e.reason === 'superseded'));
    assert.equal(guard.snapshot().files[0]?.patch_failures, 0);
  });

  it('invalid-diff scenario: LIMIT_EXCEEDED at the 2nd failure, then write_file succeeds and clears the file', () => {
    const { guard } = makeGuard();
    const diff = (n: number) => call('safe_patch', 'calc.c', { base_sha256: 'h', unified_diff: `garbage ${n}` });
    assert.equal(invoke(guard, diff(1), failed('INVALID_PATCH')).result.error_type, 'INVALID_PATCH');
    assert.equal(invoke(guard, diff(2), failed('INVALID_PATCH')).result.error_type, 'INVALID_PATCH_LIMIT_EXCEEDED');
    invoke(guard, call('safe_read_file', 'calc.c', { current_sha256: 'h' }), ok);
    assert.equal(invoke(guard, call('write_file', 'calc.c', { content: 'int main(){}' }), ok).result.success, true);
    assert.deepEqual(guard.snapshot().files, []);
  });
});
