import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EDITING_TOOLS } from '../../../../src/core/guard';
import type { GuardOutcome } from '../../../../src/core/guard';
import { makeGuard } from './helpers';

const TOOLS = ['safe_read_file', 'safe_patch', 'replace_in_file', 'edit_lines', 'write_file', 'patch_html', 'rollback_file', 'list_backups', 'execute_program'];
const ERRORS = ['INVALID_PATCH', 'HASH_MISMATCH', 'NO_MATCH', 'AMBIGUOUS_MATCH', 'CANCELLED', 'PERMISSION_DENIED', 'SIZE_REDUCTION_BLOCKED'];

const step = fc.record({
  tool: fc.constantFrom(...TOOLS),
  path: fc.constantFrom('a.c', 'b.c', undefined),
  input: fc.integer({ min: 0, max: 2 }),
  inputValid: fc.integer({ min: 0, max: 4 }).map((n) => n > 0),
  success: fc.boolean(),
  error: fc.constantFrom(...ERRORS),
  minutes: fc.constantFrom(0, 0, 0, 1, 31),
});

describe('guard: properties over random call sequences', () => {
  it('never throws; replacements keep the original; counters match a reference model of rules 1 and 2', () => {
    fc.assert(
      fc.property(fc.array(step, { maxLength: 60 }), (steps) => {
        const { guard, clock } = makeGuard();
        const { patchFailureLimit, editFailureLoopLimit } = guard.settings;
        // Reference model, written from the rules, not from the implementation.
        let patch = new Map<string, number>();
        let edits = new Map<string, number>();
        for (const s of steps) {
          if (s.minutes >= 30) {
            patch = new Map();
            edits = new Map();
          }
          clock.advanceMinutes(s.minutes);
          const c = { tool: s.tool, ...(s.path ? { path: s.path } : {}), canonicalInput: `{"n":${s.input}}`, inputValid: s.inputValid };
          const d = guard.before(c);
          if (!d.proceed) continue;
          const outcome: GuardOutcome = s.success ? { success: true } : { success: false, error_type: s.error, message: 'm', extra: s.input };
          const replaced = guard.after(c, outcome);

          const p = s.path;
          const isEdit = EDITING_TOOLS.has(s.tool);
          let expectLoop = false;
          let expectLimit = false;
          if (p && s.success && (isEdit || s.tool === 'rollback_file')) {
            patch.delete(p);
            edits.delete(p);
          } else if (p && !s.success && isEdit && s.inputValid && s.error !== 'CANCELLED' && s.error !== 'PERMISSION_DENIED') {
            let limitHit = false;
            if (s.tool === 'safe_patch') {
              if (s.error === 'INVALID_PATCH') {
                const n = (patch.get(p) ?? 0) + 1;
                patch.set(p, n);
                limitHit = n >= patchFailureLimit;
              } else patch.delete(p);
            }
            for (const other of [...edits.keys()]) if (other !== p) edits.delete(other);
            const e = (edits.get(p) ?? 0) + 1;
            edits.set(p, e);
            expectLoop = e >= editFailureLoopLimit;
            expectLimit = limitHit && !expectLoop;
            if (limitHit) patch.delete(p);
          }

          assert.equal(replaced?.error_type, expectLoop ? 'EDIT_FAILURE_LOOP' : expectLimit ? 'INVALID_PATCH_LIMIT_EXCEEDED' : undefined);
          if (replaced) assert.deepEqual(replaced.original, { error_type: s.error, message: 'm', extra: s.input });
          const snap = guard.snapshot();
          for (const f of snap.files) {
            assert.equal(f.patch_failures, patch.get(f.path) ?? 0, `patch count of ${f.path}`);
            assert.equal(f.edit_failures, edits.get(f.path) ?? 0, `edit count of ${f.path}`);
            assert.ok(f.patch_failures < patchFailureLimit);
          }
          const listed = new Set(snap.files.map((f) => f.path));
          for (const [path, n] of [...patch, ...edits]) if (n > 0) assert.ok(listed.has(path), `${path} listed`);
        }
      }),
      { numRuns: 300 },
    );
  });
});
