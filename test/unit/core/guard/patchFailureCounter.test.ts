import assert from 'node:assert/strict';
import { INVALID_PATCH_LIMIT_MESSAGE } from '../../../../src/core/guard';
import { call, failed, invoke, makeGuard, ok } from './helpers';

const patch = (n: number) => call('safe_patch', 'src/a.c', { base_sha256: 'h1', unified_diff: `bad diff ${n}` });

describe('guard: patch failure counter (rule 1)', () => {
  it('returns the plain INVALID_PATCH on the first failure', () => {
    const { guard } = makeGuard();
    const r = invoke(guard, patch(1), failed('INVALID_PATCH', { hunk: 1 }));
    assert.equal(r.replaced, false);
    assert.equal(r.result.error_type, 'INVALID_PATCH');
  });

  it('replaces the second consecutive INVALID_PATCH with exactly the limit message, keeping the original nested', () => {
    const { guard } = makeGuard();
    invoke(guard, patch(1), failed('INVALID_PATCH'));
    const r = invoke(guard, patch(2), failed('INVALID_PATCH', { hunk: 2, expected: 'x' }));
    assert.equal(r.replaced, true);
    const { original, ...visible } = r.result as Record<string, unknown>;
    assert.deepEqual(visible, { error_type: 'INVALID_PATCH_LIMIT_EXCEEDED', message: INVALID_PATCH_LIMIT_MESSAGE });
    assert.deepEqual(original, { error_type: 'INVALID_PATCH', message: 'INVALID_PATCH happened', hunk: 2, expected: 'x' });
    assert.equal(
      INVALID_PATCH_LIMIT_MESSAGE,
      'You have failed to generate a valid patch for this file multiple times. Do not try safe_patch again for this file in your next turn. Instead, use the write_file tool. Read the file to get the latest content, apply your intended changes to the full content, and then use write_file to overwrite it.',
    );
  });

  it('resets after a successful safe_patch of the file', () => {
    const { guard } = makeGuard();
    invoke(guard, patch(1), failed('INVALID_PATCH'));
    invoke(guard, patch(2), ok);
    const r = invoke(guard, patch(3), failed('INVALID_PATCH'));
    assert.equal(r.result.error_type, 'INVALID_PATCH');
    assert.equal(guard.snapshot().files[0]?.patch_failures, 1);
  });

  it('resets after a safe_patch failure of another type (HASH_MISMATCH)', () => {
    // The loop limit is raised so that rule 2 (3 failed edits) does not mask this one.
    const { guard, events } = makeGuard({ editFailureLoopLimit: 10 });
    invoke(guard, patch(1), failed('INVALID_PATCH'));
    invoke(guard, patch(2), failed('HASH_MISMATCH'));
    const reset = events.find((e) => e.kind === 'counter_reset' && e.counter === 'patch_failure');
    assert.equal(reset?.reason, 'other_error');
    const r = invoke(guard, patch(3), failed('INVALID_PATCH'));
    assert.equal(r.result.error_type, 'INVALID_PATCH');
  });

  it('resets once the limit message has been delivered: the next failure is plain again', () => {
    const { guard, events } = makeGuard({ editFailureLoopLimit: 10 });
    invoke(guard, patch(1), failed('INVALID_PATCH'));
    assert.equal(invoke(guard, patch(2), failed('INVALID_PATCH')).result.error_type, 'INVALID_PATCH_LIMIT_EXCEEDED');
    assert.ok(events.some((e) => e.kind === 'counter_reset' && e.reason === 'delivered'));
    assert.equal(invoke(guard, patch(3), failed('INVALID_PATCH')).result.error_type, 'INVALID_PATCH');
    assert.equal(invoke(guard, patch(4), failed('INVALID_PATCH')).result.error_type, 'INVALID_PATCH_LIMIT_EXCEEDED');
  });

  it('counts per file: failures on another file do not add up', () => {
    const { guard } = makeGuard();
    invoke(guard, patch(1), failed('INVALID_PATCH'));
    const other = call('safe_patch', 'src/b.c', { base_sha256: 'h', unified_diff: 'bad' });
    assert.equal(invoke(guard, other, failed('INVALID_PATCH')).result.error_type, 'INVALID_PATCH');
  });

  it('follows patchFailureLimit from settings, also when changed at runtime', () => {
    const { guard } = makeGuard({ patchFailureLimit: 3, editFailureLoopLimit: 10 });
    invoke(guard, patch(1), failed('INVALID_PATCH'));
    assert.equal(invoke(guard, patch(2), failed('INVALID_PATCH')).result.error_type, 'INVALID_PATCH');
    guard.updateSettings({ patchFailureLimit: 2 });
    assert.equal(invoke(guard, patch(3), failed('INVALID_PATCH')).result.error_type, 'INVALID_PATCH_LIMIT_EXCEEDED');
  });

  it('emits patch_failure_count events with count and threshold, then limit_exceeded', () => {
    const { guard, events } = makeGuard();
    invoke(guard, patch(1), failed('INVALID_PATCH'));
    invoke(guard, patch(2), failed('INVALID_PATCH'));
    const counts = events.filter((e) => e.kind === 'patch_failure_count').map((e) => [e.count, e.threshold, e.file, e.last_error?.error_type]);
    assert.deepEqual(counts, [
      [1, 2, 'src/a.c', 'INVALID_PATCH'],
      [2, 2, 'src/a.c', 'INVALID_PATCH'],
    ]);
    const limit = events.find((e) => e.kind === 'limit_exceeded');
    assert.equal(limit?.file, 'src/a.c');
    assert.equal(limit?.tool, 'safe_patch');
  });
});
