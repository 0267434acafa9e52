import assert from 'node:assert/strict';
import { DEFAULT_GUARD_SETTINGS, GuardState, TinyEmitter, resolveGuardSettings } from '../../../../src/core/guard';
import { call, failed, invoke, kinds, makeGuard, ok } from './helpers';

const replace = (n: number) => call('replace_in_file', 'a.c', { old_text: `t${n}` });

describe('guard: scope, reset, events, snapshot (rule 6)', () => {
  it('clears all counters after 30 idle minutes (injected clock), and not before', () => {
    const { guard, clock, events } = makeGuard();
    invoke(guard, replace(1), failed('NO_MATCH'));
    invoke(guard, replace(2), failed('NO_MATCH'));
    clock.advanceMinutes(29.9);
    assert.equal(guard.snapshot().files[0]?.edit_failures, 2);
    // The snapshot is not activity: the idle time still runs from the last call.
    clock.advanceMinutes(0.1);
    assert.deepEqual(guard.snapshot().files, []);
    const reset = events.find((e) => e.kind === 'reset');
    assert.equal(reset?.reason, 'idle');
    assert.equal(reset?.time, clock.ms);
    assert.equal(invoke(guard, replace(3), failed('NO_MATCH')).result.error_type, 'NO_MATCH');
  });

  it('applies the idle reset on the next call even without a snapshot', () => {
    const { guard, clock } = makeGuard();
    invoke(guard, replace(1), failed('NO_MATCH'));
    invoke(guard, replace(2), failed('NO_MATCH'));
    clock.advanceMinutes(31);
    assert.equal(invoke(guard, replace(3), failed('NO_MATCH')).result.error_type, 'NO_MATCH');
  });

  it('a tool that runs longer than the idle period does not lose the counters at its own after()', () => {
    const { guard, clock } = makeGuard();
    invoke(guard, replace(1), failed('NO_MATCH'));
    invoke(guard, replace(2), failed('NO_MATCH'));
    const slow = replace(3);
    clock.advanceMinutes(1);
    assert.equal(guard.before(slow).proceed, true);
    clock.advanceMinutes(45);
    assert.equal(guard.after(slow, failed('NO_MATCH'))?.error_type, 'EDIT_FAILURE_LOOP');
  });

  it('each call restarts the idle period; idleResetMinutes 0 disables the idle reset', () => {
    const { guard, clock } = makeGuard();
    invoke(guard, replace(1), failed('NO_MATCH'));
    clock.advanceMinutes(20);
    invoke(guard, replace(2), failed('NO_MATCH'));
    clock.advanceMinutes(20);
    assert.equal(invoke(guard, replace(3), failed('NO_MATCH')).result.error_type, 'EDIT_FAILURE_LOOP');

    const other = makeGuard({ idleResetMinutes: 0 });
    invoke(other.guard, replace(1), failed('NO_MATCH'));
    other.clock.advanceMinutes(10_000);
    assert.equal(other.guard.expireIfIdle(), false);
    assert.equal(other.guard.snapshot().files[0]?.edit_failures, 1);
  });

  it('reset() (the command) clears counters and call history and emits reset/command', () => {
    const { guard, events } = makeGuard({ repeatedCallWarn: 2, repeatedCallRefuse: 3 });
    const read = call('safe_read_file', 'a.c', { current_sha256: 'h' });
    invoke(guard, replace(1), failed('NO_MATCH'));
    invoke(guard, replace(2), failed('NO_MATCH'));
    guard.before(read);
    guard.before(read);
    guard.reset();
    assert.equal(events[events.length - 1]?.kind, 'reset');
    assert.equal(events[events.length - 1]?.reason, 'command');
    assert.deepEqual(guard.snapshot().files, []);
    assert.deepEqual(guard.before(read), { proceed: true });
    assert.equal(invoke(guard, replace(3), failed('NO_MATCH')).result.error_type, 'NO_MATCH');
  });

  it('state is per instance: two windows do not share counters', () => {
    const a = new GuardState();
    const b = new GuardState();
    invoke(a, replace(1), failed('NO_MATCH'));
    invoke(a, replace(2), failed('NO_MATCH'));
    assert.equal(invoke(b, replace(3), failed('NO_MATCH')).result.error_type, 'NO_MATCH');
    assert.equal(invoke(a, replace(3), failed('NO_MATCH')).result.error_type, 'EDIT_FAILURE_LOOP');
  });

  it('emits an event for every counter change, with file, tool, count, threshold, last error and time', () => {
    const { guard, clock, events } = makeGuard();
    invoke(guard, replace(1), failed('NO_MATCH'));
    clock.advanceMinutes(1);
    invoke(guard, replace(2), ok);
    assert.deepEqual(kinds(events), ['edit_failure_count', 'counter_reset']);
    const [count, reset] = events;
    assert.equal(count?.file, 'a.c');
    assert.equal(count?.tool, 'replace_in_file');
    assert.equal(count?.count, 1);
    assert.equal(count?.threshold, 3);
    assert.deepEqual(count?.last_error, { tool: 'replace_in_file', error_type: 'NO_MATCH', message: 'NO_MATCH happened' });
    assert.equal(count?.time, clock.ms - 60_000);
    assert.equal(reset?.counter, 'edit_failure');
    assert.equal(reset?.reason, 'success');
    assert.equal(reset?.count, 0);
    assert.equal(reset?.time, clock.ms);
    assert.ok(events.every((e) => typeof e.detail === 'string' && e.detail.length > 0));
  });

  it('emits no counter_reset for a counter that was already 0', () => {
    const { guard, events } = makeGuard();
    invoke(guard, replace(1), ok);
    invoke(guard, call('safe_read_file', 'a.c', {}), ok);
    assert.deepEqual(events, []);
  });

  it('onEvent returns a disposable that stops delivery; a throwing listener does not break a call', () => {
    const guard = new GuardState();
    const seen: string[] = [];
    guard.onEvent(() => {
      throw new Error('dashboard bug');
    });
    const sub = guard.onEvent((e) => seen.push(e.kind));
    invoke(guard, replace(1), failed('NO_MATCH'));
    sub.dispose();
    invoke(guard, replace(2), failed('NO_MATCH'));
    assert.deepEqual(seen, ['edit_failure_count']);
  });

  it('snapshot lists per-file counters with thresholds and last error, bad inputs, and recent detections', () => {
    const { guard, clock } = makeGuard();
    invoke(guard, call('safe_patch', 'b.c', { unified_diff: 'x' }), failed('INVALID_PATCH'));
    for (let i = 0; i < 3; i++) invoke(guard, replace(i), failed('NO_MATCH'));
    guard.before({ tool: 'write_file', canonicalInput: '{', inputValid: false });
    const snap = guard.snapshot();
    assert.equal(snap.time, clock.ms);
    assert.equal(snap.last_activity, clock.ms);
    assert.deepEqual(snap.settings, DEFAULT_GUARD_SETTINGS);
    // The failures on a.c ended the edit streak of b.c (another file), not its patch counter.
    assert.deepEqual(
      snap.files.map((f) => [f.path, f.patch_failures, f.patch_failure_limit, f.edit_failures, f.edit_failure_limit, f.in_loop, f.last_error?.error_type]),
      [
        ['a.c', 0, 2, 3, 3, true, 'NO_MATCH'],
        ['b.c', 1, 2, 0, 3, false, 'INVALID_PATCH'],
      ],
    );
    assert.deepEqual(snap.bad_inputs, [{ tool: 'write_file', count: 1, threshold: 5 }]);
    assert.deepEqual(kinds(snap.recent_detections), ['loop_detected']);
    // The snapshot is a copy.
    snap.recent_detections.pop();
    assert.equal(guard.snapshot().recent_detections.length, 1);
  });

  it('keeps only the latest 50 detections', () => {
    const { guard } = makeGuard({ repeatedCallWarn: 1, repeatedCallRefuse: 1000 });
    const read = call('safe_read_file', 'a.c', {});
    for (let i = 0; i < 70; i++) guard.before(read);
    const d = guard.snapshot().recent_detections;
    assert.equal(d.length, 50);
    assert.equal(d[d.length - 1]?.kind, 'repeated_call_warning');
  });

  it('settings: unusable values keep the previous ones; updates apply at runtime', () => {
    assert.deepEqual(resolveGuardSettings(undefined), DEFAULT_GUARD_SETTINGS);
    const s = resolveGuardSettings({ patchFailureLimit: 0, editFailureLoopLimit: 2.5, repeatedCallWarn: Number.NaN, repeatedCallRefuse: 7, idleResetMinutes: -1 });
    assert.deepEqual(s, { ...DEFAULT_GUARD_SETTINGS, repeatedCallRefuse: 7 });
    const { guard } = makeGuard();
    guard.updateSettings({ editFailureLoopLimit: 2 });
    guard.updateSettings({ patchFailureLimit: -3 });
    assert.equal(guard.settings.editFailureLoopLimit, 2);
    assert.equal(guard.settings.patchFailureLimit, 2);
    invoke(guard, replace(1), failed('NO_MATCH'));
    assert.equal(invoke(guard, replace(2), failed('NO_MATCH')).result.error_type, 'EDIT_FAILURE_LOOP');
  });

  it('TinyEmitter counts listeners and delivers in registration order', () => {
    const e = new TinyEmitter<number>();
    const got: string[] = [];
    const a = e.on((n) => got.push(`a${n}`));
    e.on((n) => got.push(`b${n}`));
    e.emit(1);
    a.dispose();
    e.emit(2);
    assert.deepEqual(got, ['a1', 'b1', 'b2']);
    assert.equal(e.listenerCount, 1);
  });
});
