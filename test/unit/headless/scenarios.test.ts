import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO, startServer, tempDir } from './harness';
import { assertFilesAfter, replaySteps, scenarioFiles, writeScenarioFiles } from '../../scenarios/replay';
import { replayApplyPatchFixture, toolFixtureDirs } from '../../scenarios/apply-patch-fixtures';

// "The stdio server passes the same engine scenarios" (issue 17): the scripted sessions the
// extension replays through vscode.lm.invokeTool (test/scenarios/*.json, see
// test/integration/scenarios.test.ts) and the engine's fixtures (test/fixtures/scenarios/),
// replayed here through `agent-safe-edit-mcp` over stdio with the SDK's client.

describe('headless MCP server: the extension\'s scenario replays (test/scenarios/*.json)', () => {
  for (const { file, scenario } of scenarioFiles()) {
    it(`${file}: ${scenario.name}`, async () => {
      const root = tempDir('scn');
      const originals = writeScenarioFiles(scenario, root);
      // A fresh server per scenario: its guard (failure counters, repetition) starts empty, as the integration test resets it.
      const server = await startServer(root, tempDir('scn-store'));
      try {
        await replaySteps(scenario, (tool, input) => server.call(tool, input));
      } finally {
        await server.close();
      }
      assertFilesAfter(scenario, root, originals);
    });
  }
});

describe('headless MCP server: the engine fixtures through safe_patch / replace_in_file (test/fixtures/scenarios)', () => {
  const ROOT = path.join(REPO, 'test/fixtures/scenarios');
  const dirs = fs.readdirSync(ROOT).filter((d) => fs.statSync(path.join(ROOT, d)).isDirectory()).sort();
  it('every fixture lands on disk exactly as the engine test expects, or is refused with the engine\'s error and the file untouched', async () => {
    assert.ok(dirs.length >= 25, `only ${dirs.length} fixtures`);
    const root = tempDir('fix');
    const server = await startServer(root, tempDir('fix-store'));
    const problems: string[] = [];
    const refusedAsMultiFile: string[] = [];
    const multiFileRefused: string[] = [];
    try {
      for (const d of dirs) {
        const dir = path.join(ROOT, d);
        const name = fs.readdirSync(path.join(dir, 'input'))[0];
        const input = fs.readFileSync(path.join(dir, 'input', name));
        // One folder per fixture: the guard counts failures per file.
        fs.mkdirSync(path.join(root, d));
        const rel = `${d}/${name}`;
        fs.writeFileSync(path.join(root, rel), input);
        const read = await server.call('safe_read_file', { path: rel });
        const patchFile = path.join(dir, 'patch.diff');
        let result;
        // Syntax checks are the extension's too, but these fixtures test the engine: skip them.
        if (fs.existsSync(patchFile)) {
          result = await server.call('safe_patch', { path: rel, base_sha256: read.sha256, unified_diff: fs.readFileSync(patchFile, 'utf8'), skip_validation: true });
        } else {
          const spec = JSON.parse(fs.readFileSync(path.join(dir, 'replace.json'), 'utf8'));
          result = await server.call('replace_in_file', { path: rel, base_sha256: read.sha256, old_text: spec.old_text, new_text: spec.new_text, ...(spec.expected_replacements !== undefined ? { expected_replacements: spec.expected_replacements } : {}), skip_validation: true });
        }
        const now = fs.readFileSync(path.join(root, rel));
        const errorFile = path.join(dir, 'expected_error.json');
        if (fs.existsSync(errorFile)) {
          const want = JSON.parse(fs.readFileSync(errorFile, 'utf8'));
          // safe_patch reports a patch that does not fit as INVALID_PATCH (reason no_match), as the extension does.
          const wantType = fs.existsSync(patchFile) && want.type === 'NO_MATCH' ? 'INVALID_PATCH' : want.type;
          // A diff of several files takes the tools' multi-file path (on both hosts): its files are
          // resolved in the workspace, so the engine's one-file error is not the tools' answer;
          // it must still be refused with nothing written.
          if (result.reason === 'multi_file_not_supported') refusedAsMultiFile.push(d);
          else if (result.files === undefined && result.nothing_written === true && result.success === false) multiFileRefused.push(d);
          else if (result.success !== false || (wantType !== undefined && result.error_type !== wantType)) problems.push(`${d}: expected ${wantType}, got ${JSON.stringify(result).slice(0, 300)}`);
          if (!now.equals(input)) problems.push(`${d}: the file changed although the call was refused`);
        } else {
          const expected = fs.readFileSync(path.join(dir, 'expected', name), 'utf8');
          if (result.success !== true) problems.push(`${d}: ${JSON.stringify(result).slice(0, 300)}`);
          else if (now.toString('utf8') !== expected) problems.push(`${d}: the file on disk is not the expected text`);
          const resultFile = path.join(dir, 'expected_result.json');
          const fields = fs.existsSync(resultFile) ? JSON.parse(fs.readFileSync(resultFile, 'utf8')) : {};
          for (const [k, v] of Object.entries(fields)) if (JSON.stringify(result[k]) !== JSON.stringify(v)) problems.push(`${d}: ${k} is ${JSON.stringify(result[k])}, expected ${JSON.stringify(v)}`);
        }
      }
    } finally {
      await server.close();
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(refusedAsMultiFile, [], 'the headless server takes multi-file diffs like the extension');
    assert.deepEqual(multiFileRefused, ['025_multi_file_patch']);
  });
});

describe('headless MCP server: the apply_patch fixtures through safe_patch (test/fixtures/apply-patch 033 on)', () => {
  it('every fixture lands on disk as planned, or is refused with the files untouched', async () => {
    const dirs = toolFixtureDirs();
    assert.ok(dirs.length >= 3, `only ${dirs.length} fixtures`);
    const root = tempDir('v4a');
    const server = await startServer(root, tempDir('v4a-store'));
    try {
      for (const d of dirs) {
        fs.mkdirSync(path.join(root, d));
        await replayApplyPatchFixture(d, path.join(root, d), d, (tool, input) => server.call(tool, input));
      }
    } finally {
      await server.close();
    }
  });
});
