import assert from 'node:assert/strict';
import { detectRepetition, DEFAULT_GUARD_SETTINGS } from '../../../../src/core/guard';
import type { GuardCall } from '../../../../src/core/guard';
import { call, failed, invoke, makeGuard, ok } from './helpers';

const key = (tool: string, input: string): GuardCall => ({ tool, canonicalInput: input, inputValid: true });

describe('guard: repeated calls (rule 3)', () => {
  it('10 identical safe_read_file calls → warned at 5 (through 9), refused at 10', () => {
    const { guard, events } = makeGuard();
    const read = call('safe_read_file', 'a.c', { current_sha256: 'h' });
    const outcomes: string[] = [];
    for (let i = 1; i <= 10; i++) {
      const d = guard.before(read);
      outcomes.push(!d.proceed ? `refused:${d.failure.error_type}` : d.warning ? `warned:${d.warning.count}` : 'ok');
      if (d.proceed) guard.after(read, ok);
    }
    assert.deepEqual(outcomes, ['ok', 'ok', 'ok', 'ok', 'warned:5', 'warned:6', 'warned:7', 'warned:8', 'warned:9', 'refused:REPEATED_CALL']);
    assert.equal(events.filter((e) => e.kind === 'repeated_call_warning').length, 5);
    const refused = events.filter((e) => e.kind === 'repeated_call_refused');
    assert.equal(refused.length, 1);
    assert.equal(refused[0]?.count, 10);
    assert.equal(refused[0]?.threshold, 10);
  });

  it('the warning says how many calls and when it will be refused; the refusal names the call', () => {
    const { guard } = makeGuard({ repeatedCallWarn: 2, repeatedCallRefuse: 3 });
    const read = call('safe_read_file', 'a.c', { current_sha256: 'h' });
    guard.before(read);
    const w = guard.before(read);
    assert.ok(w.proceed && w.warning);
    assert.match(w.warning.message, /2 times in a row/);
    assert.match(w.warning.message, /at 3 identical calls/);
    const r = guard.before(read);
    assert.ok(!r.proceed);
    assert.match(r.failure.message, /^Refused: .*safe_read_file a\.c/);
  });

  it('keeps refusing while the same call continues, and lets a different call through', () => {
    const { guard } = makeGuard({ repeatedCallWarn: 2, repeatedCallRefuse: 3 });
    const read = call('safe_read_file', 'a.c', { current_sha256: 'h' });
    for (let i = 0; i < 3; i++) guard.before(read);
    assert.equal(guard.before(read).proceed, false);
    const other = guard.before(call('safe_read_file', 'b.c', { current_sha256: 'h' }));
    assert.deepEqual(other, { proceed: true });
    // The run was broken: the same read is fresh again.
    assert.deepEqual(guard.before(read), { proceed: true });
  });

  it('an A,B,A,B cycle is warned after 3 repetitions and refused at 5, and the refusal names the cycle', () => {
    const { guard, events } = makeGuard();
    const edit = call('replace_in_file', 'bin/cpuset/cpuset.c', { old_text: 'cpuset_t *set', new_text: 'x' });
    const read = call('safe_read_file', 'bin/cpuset/cpuset.c', { current_sha256: 'h' });
    const log: string[] = [];
    // The edit loop is pushed out of the way to watch the cycle rule alone.
    guard.updateSettings({ editFailureLoopLimit: 100 });
    for (let i = 1; i <= 10; i++) {
      const c = i % 2 === 1 ? edit : read;
      const r = invoke(guard, c, c === edit ? failed('NO_MATCH') : ok);
      log.push(r.refused ? 'refused' : r.warning ? 'warned' : '-');
      if (r.refused) {
        const f = r.result as Record<string, unknown>;
        assert.equal(f.error_type, 'REPEATED_CALL');
        assert.deepEqual(
          (f.cycle as string[]).map((s) => s.split(' ')[0]),
          ['replace_in_file', 'safe_read_file'],
        );
        assert.match(String(f.message), /cycle of 2 calls 5 times/);
        assert.match(String(f.message), /replace_in_file bin\/cpuset\/cpuset\.c \{"old_text":"cpuset_t \*set","new_text":"x"\} → safe_read_file bin\/cpuset\/cpuset\.c \{"current_sha256":"h"\}/);
      }
    }
    assert.deepEqual(log, ['-', '-', '-', '-', '-', 'warned', 'warned', 'warned', 'warned', 'refused']);
    assert.deepEqual(events.find((e) => e.kind === 'repeated_call_refused')?.cycle?.length, 2);
  });

  it('names calls compactly: no repeated path, sha256 values cut, non-JSON input shown as is', () => {
    const sha = 'ab'.repeat(32);
    const { guard } = makeGuard({ repeatedCallWarn: 1 });
    const d = guard.before({ tool: 'safe_patch', path: 'a.c', canonicalInput: JSON.stringify({ path: 'a.c', base_sha256: sha }), inputValid: true });
    assert.ok(d.proceed && d.warning);
    assert.ok(d.warning.message.includes('(safe_patch a.c {"base_sha256":"abababab…"})'), d.warning.message);
    const wrapped = guard.before({ tool: 'safe_read_file', path: 'a.c', canonicalInput: JSON.stringify({ input: { path: './a.c', start_line: 3 }, current_sha256: sha }), inputValid: true });
    assert.ok(wrapped.proceed && wrapped.warning?.message.includes('(safe_read_file a.c {"start_line":3,"current_sha256":"abababab…"})'), wrapped.proceed ? wrapped.warning?.message : '');
    const e = guard.before({ tool: 'execute_program', canonicalInput: 'not json', inputValid: true });
    assert.ok(e.proceed && e.warning?.message.includes('(execute_program not json)'));
  });

  it('detects cycles up to cycleMaxLength, and not longer ones', () => {
    const cycle = (len: number, reps: number) => {
      const out: GuardCall[] = [];
      for (let r = 0; r < reps; r++) for (let i = 0; i < len; i++) out.push(key(`t${i}`, '{}'));
      return out;
    };
    const s = { ...DEFAULT_GUARD_SETTINGS };
    const five = detectRepetition(cycle(5, 5), s);
    assert.equal(five.kind, 'cycle');
    assert.ok(five.kind === 'cycle' && five.level === 'refuse' && five.calls.length === 5 && five.repetitions === 5);
    assert.deepEqual(detectRepetition(cycle(6, 5), s), { kind: 'none' });
    assert.equal(detectRepetition(cycle(6, 5), { ...s, cycleMaxLength: 6 }).kind, 'cycle');
    const three = detectRepetition(cycle(3, 3), s);
    assert.ok(three.kind === 'cycle' && three.level === 'warn' && three.calls.length === 3);
  });

  it('does not count a cycle that is not repeated whole: A,B,A,B,A,C', () => {
    const h = ['A', 'B', 'A', 'B', 'A', 'B', 'A', 'B', 'A', 'C'].map((t) => key(t, '{}'));
    assert.deepEqual(detectRepetition(h, DEFAULT_GUARD_SETTINGS), { kind: 'none' });
  });

  it('a cycle of identical calls is reported as a run, not a cycle', () => {
    const h = Array.from({ length: 6 }, () => key('safe_read_file', '{}'));
    const f = detectRepetition(h, DEFAULT_GUARD_SETTINGS);
    assert.ok(f.kind === 'run' && f.level === 'warn' && f.count === 6);
  });

  it('must not trigger: safe_read_file after each successful edit of the same file (the content hash changes)', () => {
    const { guard, events } = makeGuard();
    for (let i = 0; i < 30; i++) {
      const edit = invoke(guard, call('replace_in_file', 'a.c', { base_sha256: `h${i}`, old_text: 'x', new_text: 'y' }), ok);
      const read = invoke(guard, call('safe_read_file', 'a.c', { current_sha256: `h${i + 1}` }), ok);
      assert.equal(edit.refused || read.refused, false);
      assert.equal(edit.warning ?? read.warning, undefined);
    }
    assert.equal(events.filter((e) => e.kind.startsWith('repeated_call')).length, 0);
  });

  it('must not trigger: the same build command between different edits', () => {
    const { guard } = makeGuard();
    for (let i = 0; i < 20; i++) {
      invoke(guard, call('edit_lines', 'a.c', { base_sha256: `h${i}`, start_line: i }), ok);
      const build = invoke(guard, call('execute_program', undefined, { program: 'make', args: [] }), ok);
      assert.equal(build.refused, false);
      assert.equal(build.warning, undefined);
    }
  });
});
