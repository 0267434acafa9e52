import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The apply_patch fixtures (test/fixtures/apply-patch, one folder per case) replayed through
 * the safe_patch tool of a running host: through vscode.lm.invokeTool (test/integration) and
 * through the headless MCP server (test/unit/headless). The unit suite runs every folder
 * through the engine's planApplyPatch; from FIRST_TOOL_FIXTURE on (issue 25's marker lines)
 * they also go through the whole tool pipeline. No `vscode`.
 */
const ROOT = path.resolve(__dirname, '../../../test/fixtures/apply-patch');
export const FIRST_TOOL_FIXTURE = 33;

type Call = (tool: string, input: Record<string, unknown>) => Promise<any>;

/** The fixture folders replayed through the tools. */
export function toolFixtureDirs(): string[] {
  return fs.readdirSync(ROOT).filter((d) => /^\d{3}_/.test(d) && Number(d.slice(0, 3)) >= FIRST_TOOL_FIXTURE).sort();
}

/** Every file under `dir` by '/'-separated relative path, with its bytes. */
function readTree(dir: string, prefix = ''): Map<string, Buffer> {
  const out = new Map<string, Buffer>();
  if (!fs.existsSync(dir)) return out;
  for (const e of fs.readdirSync(dir).sort()) {
    const p = path.join(dir, e);
    if (fs.statSync(p).isDirectory()) for (const [k, v] of readTree(p, `${prefix}${e}/`)) out.set(k, v);
    else out.set(prefix + e, fs.readFileSync(p));
  }
  return out;
}

/** The patch with its file paths taken relative to `relDir` (the workspace folder the fixture's files were written in). */
function underDir(patch: string, relDir: string): string {
  return patch.replace(/(\*\*\* (?:Add File|Update File|Delete File|Move to): *)/g, `$1${relDir}/`);
}

/**
 * Writes the fixture's input files into `absDir` (the workspace's `relDir`), sends its patch to
 * safe_patch with the hashes safe_read_file gives, and checks the folder afterwards: exactly the
 * expected files, byte for byte, or the input untouched and the expected error type.
 */
export async function replayApplyPatchFixture(name: string, absDir: string, relDir: string, call: Call): Promise<void> {
  const dir = path.join(ROOT, name);
  const input = readTree(path.join(dir, 'input'));
  for (const [p, bytes] of input) {
    fs.mkdirSync(path.dirname(path.join(absDir, p)), { recursive: true });
    fs.writeFileSync(path.join(absDir, p), bytes);
  }
  const patch = fs.readFileSync(path.join(dir, 'patch.txt'), 'utf8');
  const baseHashes: Record<string, string> = {};
  for (const p of input.keys()) {
    if (!patch.includes(p)) continue;
    const read = await call('safe_read_file', { path: `${relDir}/${p}` });
    assert.equal(read.success, true, read.message);
    baseHashes[`${relDir}/${p}`] = read.sha256;
  }
  const r = await call('safe_patch', { unified_diff: underDir(patch, relDir), base_hashes: baseHashes, skip_validation: true });
  const errFile = path.join(dir, 'expected_error.json');
  const after = readTree(absDir);
  if (fs.existsSync(errFile)) {
    const want = JSON.parse(fs.readFileSync(errFile, 'utf8'));
    assert.equal(r.success, false, `${name}: expected a refusal, got ${JSON.stringify(r).slice(0, 400)}`);
    assert.equal(r.error_type, want.type === 'NO_MATCH' ? 'INVALID_PATCH' : want.type, JSON.stringify(r));
    assert.deepEqual([...after.keys()], [...input.keys()], `${name}: the files must be as they were`);
    for (const [p, bytes] of input) assert.ok(after.get(p)!.equals(bytes), `${name}: ${p} must be unchanged`);
    return;
  }
  assert.equal(r.success, true, `${name}: ${JSON.stringify(r).slice(0, 600)}`);
  const expected = readTree(path.join(dir, 'expected'));
  assert.deepEqual([...after.keys()], [...expected.keys()], `${name}: the files after the patch`);
  for (const [p, bytes] of expected) assert.equal(JSON.stringify(after.get(p)!.toString('utf8')), JSON.stringify(bytes.toString('utf8')), `${name}: ${p}`);
}
