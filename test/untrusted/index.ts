// Entry of the suite that runs in a window whose workspace folder is NOT trusted
// (ASE_WORKSPACE_TRUST=untrusted; see package.json "test:untrusted").
import { runMochaFolder } from '../runner/mocha-suite';

export function run(): Promise<void> {
  return runMochaFolder(__dirname, '.test.js', 60_000);
}
