import { strict as assert } from 'node:assert';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { applyUnifiedDiff, applySearchReplace } from '../../../../src/engine';

// out/test/unit/engine -> repository root
const ROOT = resolve(__dirname, '../../../../../test/fixtures/scenarios');

function onlyFile(dir: string): string {
  const files = readdirSync(dir);
  assert.equal(files.length, 1, `${dir} must hold exactly one file`);
  return files[0];
}

describe('engine scenarios (test/fixtures/scenarios)', () => {
  const dirs = readdirSync(ROOT).filter((d) => statSync(join(ROOT, d)).isDirectory()).sort();
  it('has the scenario folders', () => assert.ok(dirs.length >= 25, `only ${dirs.length} scenarios`));
  for (const d of dirs) {
    it(d, () => {
      const dir = join(ROOT, d);
      const name = onlyFile(join(dir, 'input'));
      const base = readFileSync(join(dir, 'input', name), 'utf8');
      let r;
      if (existsSync(join(dir, 'patch.diff'))) {
        r = applyUnifiedDiff(base, readFileSync(join(dir, 'patch.diff'), 'utf8'));
      } else {
        const spec = JSON.parse(readFileSync(join(dir, 'replace.json'), 'utf8'));
        r = applySearchReplace(base, spec.old_text, spec.new_text, { expectedReplacements: spec.expected_replacements });
      }
      if (existsSync(join(dir, 'expected_error.json'))) {
        const want = JSON.parse(readFileSync(join(dir, 'expected_error.json'), 'utf8'));
        assert.equal(r.ok, false, `${d}: expected a refusal, got success`);
        if (!r.ok) {
          for (const [k, v] of Object.entries(want)) assert.deepEqual(r.error[k], v, `${d}: error.${k} (message: ${r.error.message})`);
          assert.ok(r.error.message.length > 20, 'an actionable message');
        }
      } else {
        const expected = readFileSync(join(dir, 'expected', name), 'utf8');
        assert.equal(r.ok, true, `${d}: ${!r.ok ? JSON.stringify(r.error) : ''}`);
        if (r.ok) assert.equal(JSON.stringify(r.text), JSON.stringify(expected));
        // a tool answers already_applied: true where the engine names the parts already in the file
        const resultFile = join(dir, 'expected_result.json');
        const already = existsSync(resultFile) && JSON.parse(readFileSync(resultFile, 'utf8')).already_applied === true;
        assert.equal(r.ok && (r.already_applied?.length ?? 0) > 0, already, `${d}: already_applied`);
      }
    });
  }
});
