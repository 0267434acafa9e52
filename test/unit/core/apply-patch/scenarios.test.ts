import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { planApplyPatch } from '../../../../src/engine';
import type { FilePlan } from '../../../../src/engine';

// out/test/unit/engine -> repository root
const ROOT = resolve(__dirname, '../../../../../test/fixtures/apply-patch');

/** Every file under `dir`, by path relative to it ('/'-separated), with its exact text. */
function readTree(dir: string, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  if (!existsSync(dir)) return out;
  for (const e of readdirSync(dir).sort()) {
    const p = join(dir, e);
    if (statSync(p).isDirectory()) for (const [k, v] of readTree(p, `${prefix}${e}/`)) out.set(k, v);
    else out.set(prefix + e, readFileSync(p, 'utf8'));
  }
  return out;
}

/** The files after the plan is carried out (what the write transaction will do). */
function carryOut(files: Map<string, string>, plans: FilePlan[]): Map<string, string> {
  const out = new Map(files);
  for (const p of plans) {
    if (p.action === 'delete') out.delete(p.path);
    else if (p.action === 'move') {
      out.delete(p.path);
      out.set(p.move_to!, p.text!);
    } else out.set(p.path, p.text!);
  }
  return out;
}

/** The fields a fixture's expected_plan.json may pin, for each file. */
const SUMMARY_KEYS = ['path', 'action', 'move_to', 'already_applied_hunks', 'unchanged', 'tolerance'] as const;

describe('apply_patch (V4A) scenarios (test/fixtures/apply-patch)', () => {
  const dirs = readdirSync(ROOT).filter((d) => statSync(join(ROOT, d)).isDirectory()).sort();
  it('has the scenario folders', () => assert.ok(dirs.length >= 30, `only ${dirs.length} scenarios`));
  for (const d of dirs) {
    it(d, () => {
      const dir = join(ROOT, d);
      const input = readTree(join(dir, 'input'));
      const asked: string[] = [];
      const r = planApplyPatch(readFileSync(join(dir, 'patch.txt'), 'utf8'), (p) => {
        asked.push(p);
        return input.get(p);
      });
      if (existsSync(join(dir, 'expected_error.json'))) {
        const want = JSON.parse(readFileSync(join(dir, 'expected_error.json'), 'utf8')) as Record<string, unknown>;
        assert.equal(r.ok, false, `${d}: expected a refusal, got ${JSON.stringify(r)}`);
        if (r.ok) return;
        assert.ok(!('files' in r), 'a refused patch plans no file');
        const got = r.error as unknown as Record<string, unknown>;
        for (const [k, v] of Object.entries(want)) {
          if (k === 'failed_files') {
            // pin path, hunk and type; the reason is prose
            const ff = (got.failed_files as Array<Record<string, unknown>>).map((f) => ({ path: f.path, hunk: f.hunk, type: f.type }));
            assert.deepEqual(ff, v, `${d}: error.failed_files`);
          } else assert.deepEqual(got[k], v, `${d}: error.${k} (message: ${r.error.message})`);
        }
        assert.ok(r.error.message.length > 20, 'an actionable message');
        return;
      }
      assert.equal(r.ok, true, `${d}: ${!r.ok ? JSON.stringify(r.error) : ''}`);
      if (!r.ok) return;
      const expected = readTree(join(dir, 'expected'));
      const got = carryOut(input, r.files);
      assert.deepEqual([...got.keys()].sort(), [...expected.keys()].sort(), `${d}: the files after the plan`);
      // byte for byte: JSON shows CR, BOM and a missing final newline in a failure
      for (const [p, t] of expected) assert.equal(JSON.stringify(got.get(p)), JSON.stringify(t), `${d}: ${p}`);
      for (const p of asked) assert.ok(r.files.some((f) => f.path === p || f.move_to === p), `${d}: read '${p}', which the patch does not name`);
      if (existsSync(join(dir, 'expected_plan.json'))) {
        const want = JSON.parse(readFileSync(join(dir, 'expected_plan.json'), 'utf8')) as { already_applied: boolean; files: Array<Record<string, unknown>> };
        assert.equal(r.already_applied, want.already_applied, `${d}: already_applied`);
        const summary = r.files.map((f, k) => {
          const s: Record<string, unknown> = {};
          for (const key of SUMMARY_KEYS) if (key in (want.files[k] ?? {}) || (f[key] !== undefined && ['path', 'action', 'move_to', 'already_applied_hunks', 'unchanged'].includes(key))) s[key] = f[key];
          return s;
        });
        assert.deepEqual(summary, want.files, `${d}: the plan`);
      }
    });
  }
});
