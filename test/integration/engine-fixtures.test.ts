import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activateExtension, closeAllEditors, freshDir, invoke, writeBytes } from './helpers';
import { replayApplyPatchFixture, toolFixtureDirs } from '../scenarios/apply-patch-fixtures';

/**
 * Replays engine scenario fixtures (test/fixtures/scenarios, see its README) through the real
 * tools, safe_patch and replace_in_file via vscode.lm.invokeTool: the file on disk afterwards
 * must be the expected bytes, or unchanged with the expected error. The unit suite runs every
 * fixture through the headless engine; here the issue-20 cases (041 on) go through the whole
 * tool pipeline (hash check, guard, journal, applyEdit, save) too.
 */
const repoRoot = path.resolve(__dirname, '../../..');
const fixtures = path.join(repoRoot, 'test/fixtures/scenarios');
const FIRST = 41;

describe('engine fixtures through the tools (test/fixtures/scenarios 041 on)', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  const dirs = fs.readdirSync(fixtures).filter((d) => /^\d{3}_/.test(d) && Number(d.slice(0, 3)) >= FIRST).sort();
  it('has the issue-20 fixtures', () => assert.ok(dirs.length >= 13, `only ${dirs.length}`));
  for (const name of dirs) {
    it(name, async () => {
      const dir = path.join(fixtures, name);
      const file = fs.readdirSync(path.join(dir, 'input'))[0];
      const input = fs.readFileSync(path.join(dir, 'input', file));
      const d = freshDir(name.slice(0, 3));
      const abs = path.join(d.abs, file);
      const rel = `${d.rel}/${file}`;
      writeBytes(abs, input);
      const r0 = await invoke('safe_read_file', { path: rel });
      assert.equal(r0.success, true, r0.message);
      let r: any;
      let tool: string;
      if (fs.existsSync(path.join(dir, 'patch.diff'))) {
        tool = 'safe_patch';
        r = await invoke(tool, { path: rel, base_sha256: r0.sha256, unified_diff: fs.readFileSync(path.join(dir, 'patch.diff'), 'utf8'), skip_validation: true });
      } else {
        tool = 'replace_in_file';
        const spec = JSON.parse(fs.readFileSync(path.join(dir, 'replace.json'), 'utf8'));
        r = await invoke(tool, {
          path: rel,
          base_sha256: r0.sha256,
          old_text: spec.old_text,
          new_text: spec.new_text,
          ...(spec.expected_replacements ? { expected_replacements: spec.expected_replacements } : {}),
          skip_validation: true,
        });
      }
      const errFile = path.join(dir, 'expected_error.json');
      if (fs.existsSync(errFile)) {
        const want = JSON.parse(fs.readFileSync(errFile, 'utf8'));
        assert.equal(r.success, false, `${name}: expected a refusal, got ${JSON.stringify(r).slice(0, 400)}`);
        // safe_patch reports a patch that does not fit as INVALID_PATCH, keeping the engine's reason
        const type = tool === 'safe_patch' && want.type === 'NO_MATCH' ? 'INVALID_PATCH' : want.type;
        assert.equal(r.error_type, type, JSON.stringify(r));
        for (const [k, v] of Object.entries(want)) if (k !== 'type') assert.deepEqual(r[k], v, `${name}: ${k} in ${JSON.stringify(r).slice(0, 400)}`);
        assert.ok(fs.readFileSync(abs).equals(input), `${name}: the file must be unchanged`);
      } else {
        assert.equal(r.success, true, `${name}: ${JSON.stringify(r).slice(0, 600)}`);
        const want = fs.readFileSync(path.join(dir, 'expected', file));
        assert.equal(JSON.stringify(fs.readFileSync(abs, 'utf8')), JSON.stringify(want.toString('utf8')), `${name}: file bytes`);
        const resultFile = path.join(dir, 'expected_result.json');
        const fields = fs.existsSync(resultFile) ? JSON.parse(fs.readFileSync(resultFile, 'utf8')) : {};
        for (const [k, v] of Object.entries(fields)) assert.deepEqual(r[k], v, `${name}: ${k} in ${JSON.stringify(r).slice(0, 400)}`);
      }
    });
  }
});

describe('apply_patch fixtures through safe_patch (test/fixtures/apply-patch 033 on)', () => {
  before(activateExtension);
  afterEach(closeAllEditors);

  const dirs = toolFixtureDirs();
  it('has the issue-25 fixtures', () => assert.ok(dirs.length >= 3, `only ${dirs.length}`));
  for (const name of dirs) {
    it(name, async () => {
      const d = freshDir(name.slice(0, 3));
      await replayApplyPatchFixture(name, d.abs, d.rel, invoke);
    });
  }
});
