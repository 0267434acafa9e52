import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { parse, type ParseError } from 'jsonc-parser';

// .vscode/launch.json and tasks.json (F5) name tasks, npm scripts and files of this repository:
// renaming one of them breaks F5 without any build noticing, so this test does.
const ROOT = path.resolve(__dirname, '../../../..');

function readJsonc(rel: string): any {
  const errors: ParseError[] = [];
  const value = parse(fs.readFileSync(path.join(ROOT, rel), 'utf8'), errors, { allowTrailingComma: false });
  assert.deepEqual(errors, [], `${rel} parses`);
  return value;
}

interface Task {
  label: string;
  type?: string;
  script?: string;
  command?: string;
  args?: string[];
  dependsOn?: string[];
  problemMatcher?: unknown;
}

describe('tooling: .vscode launch and task configurations', () => {
  const launch = readJsonc('.vscode/launch.json');
  const tasks: Task[] = readJsonc('.vscode/tasks.json').tasks;
  const scripts: Record<string, string> = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
  const labels = new Set(tasks.map((t) => t.label));
  /** A launch argument with ${workspaceFolder} replaced by the repository root. */
  const resolve = (arg: string) => arg.replace('${workspaceFolder}', ROOT);

  it('every preLaunchTask and dependsOn names a task, and every npm task a script of package.json', () => {
    for (const config of launch.configurations) assert.ok(labels.has(config.preLaunchTask), `${config.name}: task "${config.preLaunchTask}"`);
    for (const task of tasks) {
      for (const dep of task.dependsOn ?? []) assert.ok(labels.has(dep), `${task.label}: depends on "${dep}"`);
      if (task.type === 'npm') assert.ok(task.script && scripts[task.script], `${task.label}: npm script "${task.script}"`);
      if (task.type === 'process') for (const arg of task.args ?? []) if (arg.endsWith('.mjs')) assert.ok(fs.existsSync(path.join(ROOT, arg)), `${task.label}: ${arg}`);
    }
  });

  it('"Run Extension" builds first and opens demo/ with this checkout as the development extension', () => {
    const run = launch.configurations.find((c: { name: string }) => c.name === 'Run Extension');
    assert.equal(run.type, 'extensionHost');
    assert.equal(tasks.find((t) => t.label === run.preLaunchTask)?.script, 'build');
    assert.ok(run.args.includes('--extensionDevelopmentPath=${workspaceFolder}'));
    const folder = run.args.find((a: string) => !a.startsWith('--'));
    assert.ok(fs.existsSync(path.join(resolve(folder), 'calculate.c')), 'the demo workspace');
  });

  it('"Extension Tests" runs the integration suite in a temporary profile, after building and compiling', () => {
    const tests = launch.configurations.find((c: { name: string }) => c.name === 'Extension Tests');
    assert.ok(tests.args.includes('--profile-temp'), 'the tests write user settings: never into the developer profile');
    const testsPath = tests.args.find((a: string) => a.startsWith('--extensionTestsPath='));
    assert.equal(resolve(testsPath.slice('--extensionTestsPath='.length)), path.join(ROOT, 'out', 'test', 'integration', 'index'));
    assert.ok(fs.existsSync(path.join(ROOT, 'test', 'integration', 'index.ts')), 'the suite entry compiled to that path');
    const prepare = tasks.find((t) => t.label === tests.preLaunchTask)!;
    const steps = (prepare.dependsOn ?? []).map((label) => tasks.find((t) => t.label === label)?.script);
    assert.deepEqual(steps, ['build', 'compile-tests']);
  });

  it("the watch task's problem matcher reads the lines scripts/build.mjs --watch prints", () => {
    const matcher = tasks.find((t) => t.label === 'watch: bundles')!.problemMatcher as { pattern: { regexp: string }; background: { beginsPattern: string; endsPattern: string } };
    const build = fs.readFileSync(path.join(ROOT, 'scripts', 'build.mjs'), 'utf8');
    for (const line of ['[watch] build started', '[watch] build finished']) assert.ok(build.includes(`'${line}'`), `build.mjs prints ${line}`);
    assert.match('[watch] build started', new RegExp(matcher.background.beginsPattern));
    assert.match('[watch] build finished', new RegExp(matcher.background.endsPattern));
    const problem = new RegExp(matcher.pattern.regexp).exec('[watch] error: src/core/a b.ts:12:7: Expected ";" but found ":"');
    assert.deepEqual(problem?.slice(1), ['error', 'src/core/a b.ts', '12', '7', 'Expected ";" but found ":"']);
  });
});
