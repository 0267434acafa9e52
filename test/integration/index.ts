// Entry point that VS Code's extension-test runner loads inside the real extension host
// (code-server's web workbench via the `payload` URL parameter, or a desktop VS Code via
// @vscode/test-electron). It must export `run(): Promise<void>`: resolve when every test
// passed, reject otherwise; VS Code then reports the outcome (exit code 0 or 1).
import { runMochaFolder } from '../runner/mocha-suite';

export function run(): Promise<void> {
  return runMochaFolder(__dirname, '.test.js', 60_000);
}
