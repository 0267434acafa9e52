import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { activateExtension, closeAllEditors, freshDir, invoke, writeBytes } from './helpers';

/**
 * Replays test/scenarios/*.json through vscode.lm.invokeTool: each scenario is data — files to
 * create, a scripted sequence of tool calls with the expected outcome of each, and the files'
 * expected state afterwards. Adding a scenario is adding a file.
 */
interface Scenario {
  name: string;
  files: Record<string, { text?: string; copy?: string }>;
  steps: { tool: string; input: Record<string, unknown>; repeat?: number; expect: Record<string, unknown>; save?: Record<string, string> }[];
  files_after?: Record<string, { unchanged?: boolean; contains?: string; bytes?: number }>;
}

const repoRoot = path.resolve(__dirname, '../../..');
const scenarioDir = path.join(repoRoot, 'test/scenarios');

function pick(obj: unknown, dotted: string): unknown {
  return dotted.split('.').reduce<unknown>((o, k) => (o && typeof o === 'object' ? (o as Record<string, unknown>)[k] : undefined), obj);
}

function substitute(value: unknown, vars: Record<string, unknown>, dir: string, isPathField = false): unknown {
  if (typeof value === 'string') {
    const s = value.replace(/\$\{(\w+)\}/g, (_, k) => String(vars[k]));
    return isPathField ? `${dir}/${s}` : s;
  }
  if (Array.isArray(value)) return value.map((v) => substitute(v, vars, dir));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, substitute(v, vars, dir, k === 'path')]));
  return value;
}

describe('scenario replays (test/scenarios/*.json)', () => {
  let api: any;
  before(async () => {
    api = await activateExtension();
  });
  afterEach(closeAllEditors);

  for (const file of fs.readdirSync(scenarioDir).filter((f) => f.endsWith('.json')).sort()) {
    const scenario: Scenario = JSON.parse(fs.readFileSync(path.join(scenarioDir, file), 'utf8'));
    it(`${file}: ${scenario.name}`, async () => {
      api.services.guard.reset();
      const d = freshDir(file.replace(/\.json$/, ''));
      const originals: Record<string, Buffer> = {};
      for (const [name, spec] of Object.entries(scenario.files)) {
        const data = spec.copy !== undefined ? fs.readFileSync(path.join(repoRoot, spec.copy)) : Buffer.from(spec.text ?? '', 'utf8');
        writeBytes(path.join(d.abs, name), data);
        originals[name] = data;
      }
      const vars: Record<string, unknown> = {};
      let callNo = 0;
      for (const step of scenario.steps) {
        for (let i = 0; i < (step.repeat ?? 1); i++) {
          callNo++;
          const input = substitute(step.input, vars, d.rel) as Record<string, unknown>;
          const result = await invoke(step.tool, input);
          for (const [key, want] of Object.entries(step.expect)) {
            assert.deepEqual(pick(result, key) ?? null, want, `call ${callNo} (${step.tool}): ${key} — got ${JSON.stringify(result).slice(0, 600)}`);
          }
          for (const [name, field] of Object.entries(step.save ?? {})) vars[name] = pick(result, field);
        }
      }
      for (const [name, want] of Object.entries(scenario.files_after ?? {})) {
        const now = fs.readFileSync(path.join(d.abs, name));
        if (want.unchanged) assert.ok(now.equals(originals[name]), `${name} must be unchanged`);
        if (want.contains !== undefined) assert.ok(now.toString('utf8').includes(want.contains), `${name} must contain ${want.contains}`);
        if (want.bytes !== undefined) assert.equal(now.length, want.bytes);
      }
    });
  }
});
