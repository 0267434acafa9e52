import { strict as assert } from 'node:assert';
import { activateExtension, closeAllEditors, freshDir } from '../integration/helpers';
import { assertFilesAfter, pick, scenarioFiles, writeScenarioFiles } from '../scenarios/replay';
import { runAgentTurn } from './agent';
import type { ScriptStep } from './model';
import { ActivityKind, classify } from '../../src/core/activity';

/**
 * The seed incidents of test/scenarios/*.json (the same files the invokeTool suite replays),
 * now played by the scripted model through Copilot Chat's agent loop: one agent turn per
 * scenario, one tool call per step. Each expectation is checked on the tool result as the
 * model received it in the next request, and the files on disk afterwards.
 */
/**
 * A step's input for the script: paths moved into the test's folder, and "${name}" (a value
 * saved from an earlier result) turned into {$from, call}, which the model fills in from that
 * call's result as it received it.
 */
function scriptInput(value: unknown, saved: Record<string, { call: number; field: string }>, dir: string, isPath = false): unknown {
  if (typeof value === 'string' && value.includes('${dir}')) value = value.split('${dir}').join(dir);
  if (typeof value === 'string') {
    const whole = /^\$\{(\w+)\}$/.exec(value);
    if (whole) {
      const from = saved[whole[1]];
      if (!from) throw new Error(`scenario uses \${${whole[1]}} before saving it`);
      return { $from: from.field, call: from.call };
    }
    if (value.includes('${')) throw new Error(`a saved value inside a longer string is not supported: ${value}`);
    return isPath ? `${dir}/${value}` : value;
  }
  if (Array.isArray(value)) return value.map((v) => scriptInput(v, saved, dir));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.split('${dir}').join(dir), scriptInput(v, saved, dir, k === 'path')]));
  return value;
}

describe('real client: the seed incidents replayed by the scripted model (test/scenarios/*.json)', () => {
  let api: any;
  before(async () => {
    api = await activateExtension();
  });
  afterEach(closeAllEditors);

  for (const { file, scenario } of scenarioFiles()) {
    it(`${file}: ${scenario.name}`, async () => {
      api.services.guard.reset();
      const d = freshDir(`client-${file.replace(/\.json$/, '')}`);
      const originals = writeScenarioFiles(scenario, d.abs);
      const steps: ScriptStep[] = [];
      const expectations: { tool: string; expect: Record<string, unknown> }[] = [];
      const saved: Record<string, { call: number; field: string }> = {};
      for (const step of scenario.steps) {
        for (let i = 0; i < (step.repeat ?? 1); i++) {
          const call = expectations.length;
          steps.push({ tool_calls: [{ name: step.tool, arguments: scriptInput(step.input, saved, d.rel) as Record<string, unknown> }] });
          expectations.push({ tool: step.tool, expect: step.expect });
          for (const [name, field] of Object.entries(step.save ?? {})) saved[name] = { call, field };
        }
      }
      steps.push({ text: 'Done with the scenario.' });

      // The dashboard's counters (the activity log) must move by what each call's outcome is.
      const kinds: ActivityKind[] = ['edit', 'blocked', 'failed', 'rollback', 'loop', 'limit', 'repeated', 'read', 'exec'];
      const countsBefore = Object.fromEntries(kinds.map((k) => [k, api.services.activity.count(k)]));
      const turn = await runAgentTurn(`Scenario ${file}`, steps);
      assert.equal(turn.results.length, expectations.length, `the model received ${turn.results.length} results for ${expectations.length} calls; last answer: ${JSON.stringify(turn.requests.at(-1)?.answer)}`);
      expectations.forEach(({ tool, expect }, n) => {
        const got = turn.results[n];
        for (const [key, want] of Object.entries(expect)) {
          assert.deepEqual(pick(got.json, key) ?? null, want, `call ${n + 1} (${tool}): ${key} — the model received ${got.text.slice(0, 600)}`);
        }
      });
      const expectedDelta = Object.fromEntries(kinds.map((k) => [k, 0]));
      turn.results.forEach((got, n) => expectedDelta[classify(expectations[n].tool, got.json?.success === true, got.json?.error_type)]++);
      const delta = Object.fromEntries(kinds.map((k) => [k, api.services.activity.count(k) - countsBefore[k]]));
      assert.deepEqual(delta, expectedDelta, 'the activity counters the dashboard shows');
      assertFilesAfter(scenario, d.abs, originals);
    });
  }
});
