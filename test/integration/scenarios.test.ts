import { activateExtension, closeAllEditors, freshDir, invoke } from './helpers';
import { assertFilesAfter, replaySteps, scenarioFiles, writeScenarioFiles } from '../scenarios/replay';

/**
 * Replays test/scenarios/*.json through vscode.lm.invokeTool: each scenario is data — files to
 * create, a scripted sequence of tool calls with the expected outcome of each, and the files'
 * expected state afterwards. Adding a scenario is adding a file.
 */
describe('scenario replays (test/scenarios/*.json)', () => {
  let api: any;
  before(async () => {
    api = await activateExtension();
  });
  afterEach(closeAllEditors);

  for (const { file, scenario } of scenarioFiles()) {
    it(`${file}: ${scenario.name}`, async () => {
      api.services.guard.reset();
      const d = freshDir(file.replace(/\.json$/, ''));
      const originals = writeScenarioFiles(scenario, d.abs);
      await replaySteps(scenario, invoke, d.rel);
      assertFilesAfter(scenario, d.abs, originals);
    });
  }
});
