// Entry point of the real-client suite (`npm run test:client`): the tests drive Copilot Chat's
// agent mode, which calls a scripted model started by the runner (ASE_REAL_CLIENT=1).
// An agent turn takes ~5–15 s on a shared 2-core machine, hence the longer per-test limit.
import { runMochaFolder } from '../runner/mocha-suite';

export function run(): Promise<void> {
  return runMochaFolder(__dirname, '.test.js', 180_000);
}
