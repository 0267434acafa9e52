import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';

/**
 * The scenario files of this folder (seed incidents as data: files to create, tool calls with
 * the expected outcome of each, the files' state afterwards) and the pieces every replay of
 * them shares: through vscode.lm.invokeTool (test/integration), through Copilot's agent loop
 * (test/client) and through the headless MCP server (test/unit/headless). No `vscode`.
 */
export interface Scenario {
  name: string;
  files: Record<string, { text?: string; copy?: string }>;
  steps: { tool: string; input: Record<string, unknown>; repeat?: number; expect: Record<string, unknown>; save?: Record<string, string> }[];
  files_after?: Record<string, { unchanged?: boolean; contains?: string; bytes?: number }>;
}

const REPO_ROOT = path.resolve(__dirname, '../../..');
const SCENARIO_DIR = path.join(REPO_ROOT, 'test/scenarios');

/** Every scenario file, sorted by name. */
export function scenarioFiles(): Array<{ file: string; scenario: Scenario }> {
  return fs.readdirSync(SCENARIO_DIR).filter((f) => f.endsWith('.json')).sort()
    .map((file) => ({ file, scenario: JSON.parse(fs.readFileSync(path.join(SCENARIO_DIR, file), 'utf8')) as Scenario }));
}

/** A field of a result by dotted path ("latest_file_state.sha256"). */
export function pick(obj: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

/** Writes the scenario's files into `absDir`; returns their bytes, for the check afterwards. */
export function writeScenarioFiles(scenario: Scenario, absDir: string): Record<string, Buffer> {
  const originals: Record<string, Buffer> = {};
  for (const [name, spec] of Object.entries(scenario.files)) {
    const data = spec.copy !== undefined ? fs.readFileSync(path.join(REPO_ROOT, spec.copy)) : Buffer.from(spec.text ?? '', 'utf8');
    fs.mkdirSync(path.dirname(path.join(absDir, name)), { recursive: true });
    fs.writeFileSync(path.join(absDir, name), data);
    originals[name] = data;
  }
  return originals;
}

/** Checks the files' state after the replay against `files_after`. */
export function assertFilesAfter(scenario: Scenario, absDir: string, originals: Record<string, Buffer>): void {
  for (const [name, want] of Object.entries(scenario.files_after ?? {})) {
    const now = fs.readFileSync(path.join(absDir, name));
    if (want.unchanged) assert.ok(now.equals(originals[name]), `${name} must be unchanged`);
    if (want.contains !== undefined) assert.ok(now.toString('utf8').includes(want.contains), `${name} must contain ${want.contains}`);
    if (want.bytes !== undefined) assert.equal(now.length, want.bytes);
  }
}

/**
 * Runs the steps one call at a time through `call`, checking each result's expected fields;
 * "${name}" in an input is a value saved from an earlier result, and `path` fields are taken
 * relative to `relDir` when one is given.
 */
export async function replaySteps(scenario: Scenario, call: (tool: string, input: Record<string, unknown>) => Promise<unknown>, relDir?: string): Promise<void> {
  const vars: Record<string, unknown> = {};
  let callNo = 0;
  for (const step of scenario.steps) {
    for (let i = 0; i < (step.repeat ?? 1); i++) {
      callNo++;
      const result = await call(step.tool, substitute(step.input, vars, relDir) as Record<string, unknown>);
      for (const [key, want] of Object.entries(step.expect)) {
        assert.deepEqual(pick(result, key) ?? null, want, `call ${callNo} (${step.tool}): ${key} — got ${JSON.stringify(result).slice(0, 600)}`);
      }
      for (const [name, field] of Object.entries(step.save ?? {})) vars[name] = pick(result, field);
    }
  }
}

/**
 * "${name}" → a saved value; "${dir}" → the replay's folder (relDir, or "." at the root: for
 * paths inside a patch text and keys of base_hashes, which are not `path` fields).
 */
function substitute(value: unknown, vars: Record<string, unknown>, relDir: string | undefined, isPathField = false): unknown {
  if (typeof value === 'string') {
    const s = value.replace(/\$\{(\w+)\}/g, (_, k) => (k === 'dir' ? relDir ?? '.' : String(vars[k])));
    return isPathField && relDir !== undefined ? `${relDir}/${s}` : s;
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, vars, relDir));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [substitute(k, vars, relDir) as string, substitute(v, vars, relDir, k === 'path')]));
  return value;
}
