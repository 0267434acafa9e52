import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { REPO, startServer, tempDir } from './harness';

// "The stdio server passes the same engine scenarios" (issue 17): the scripted sessions the
// extension replays through vscode.lm.invokeTool (test/scenarios/*.json, see
// test/integration/scenarios.test.ts) and the engine's fixtures (test/fixtures/scenarios/),
// replayed here through `agent-safe-edit-mcp` over stdio with the SDK's client.

interface Scenario {
  name: string;
  files: Record<string, { text?: string; copy?: string }>;
  steps: { tool: string; input: Record<string, unknown>; repeat?: number; expect: Record<string, unknown>; save?: Record<string, string> }[];
  files_after?: Record<string, { unchanged?: boolean; contains?: string; bytes?: number }>;
}

function pick(obj: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

function substitute(value: unknown, vars: Record<string, unknown>): unknown {
  if (typeof value === 'string') return value.replace(/\$\{(\w+)\}/g, (_, k) => String(vars[k]));
  if (Array.isArray(value)) return value.map((v) => substitute(v, vars));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars)]));
  return value;
}

describe('headless MCP server: the extension\'s scenario replays (test/scenarios/*.json)', () => {
  const dir = path.join(REPO, 'test/scenarios');
  for (const file of fs.readdirSync(dir).filter((f) => f.endsWith('.json')).sort()) {
    const scenario: Scenario = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
    it(`${file}: ${scenario.name}`, async () => {
      const root = tempDir('scn');
      const originals: Record<string, Buffer> = {};
      for (const [name, spec] of Object.entries(scenario.files)) {
        const data = spec.copy !== undefined ? fs.readFileSync(path.join(REPO, spec.copy)) : Buffer.from(spec.text ?? '', 'utf8');
        fs.writeFileSync(path.join(root, name), data);
        originals[name] = data;
      }
      // A fresh server per scenario: its guard (failure counters, repetition) starts empty, as the integration test resets it.
      const server = await startServer(root, tempDir('scn-store'));
      try {
        const vars: Record<string, unknown> = {};
        let callNo = 0;
        for (const step of scenario.steps) {
          for (let i = 0; i < (step.repeat ?? 1); i++) {
            callNo++;
            const result = await server.call(step.tool, substitute(step.input, vars) as Record<string, unknown>);
            for (const [key, want] of Object.entries(step.expect)) {
              assert.deepEqual(pick(result, key) ?? null, want, `call ${callNo} (${step.tool}): ${key} — got ${JSON.stringify(result).slice(0, 600)}`);
            }
            for (const [name, field] of Object.entries(step.save ?? {})) vars[name] = pick(result, field);
          }
        }
      } finally {
        await server.close();
      }
      for (const [name, want] of Object.entries(scenario.files_after ?? {})) {
        const now = fs.readFileSync(path.join(root, name));
        if (want.unchanged) assert.ok(now.equals(originals[name]), `${name} must be unchanged`);
        if (want.contains !== undefined) assert.ok(now.toString('utf8').includes(want.contains), `${name} must contain ${want.contains}`);
        if (want.bytes !== undefined) assert.equal(now.length, want.bytes);
      }
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
          // A diff of several files takes the extension's multi-file path; the headless server refuses those before reading.
          if (result.reason === 'multi_file_not_supported') refusedAsMultiFile.push(d);
          else if (result.success !== false || (wantType !== undefined && result.error_type !== wantType)) problems.push(`${d}: expected ${wantType}, got ${JSON.stringify(result).slice(0, 300)}`);
          if (!now.equals(input)) problems.push(`${d}: the file changed although the call was refused`);
        } else {
          const expected = fs.readFileSync(path.join(dir, 'expected', name), 'utf8');
          if (result.success !== true) problems.push(`${d}: ${JSON.stringify(result).slice(0, 300)}`);
          else if (now.toString('utf8') !== expected) problems.push(`${d}: the file on disk is not the expected text`);
        }
      }
    } finally {
      await server.close();
    }
    assert.deepEqual(problems, []);
    assert.deepEqual(refusedAsMultiFile, ['025_multi_file_patch']);
  });
});
