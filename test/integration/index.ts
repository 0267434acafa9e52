// Entry point that VS Code's extension-test runner loads inside the real extension host
// (code-server's web workbench via the `payload` URL parameter, or a desktop VS Code via
// @vscode/test-electron). It must export `run(): Promise<void>`: resolve when every test
// passed, reject otherwise; VS Code then reports the outcome (exit code 0 or 1).
//
// Environment (inherited from the server that started the extension host):
//   ASE_TEST_REPORT_FILE  file that receives the spec output (+ `.summary.json` beside it)
//   ASE_TEST_GREP         only tests whose full title matches this regular expression

import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { createFileSpecReporter } from '../runner/file-spec-reporter';

/** Every `*.test.js` below `dir`, sorted so the order is the same on every run. */
function findTestFiles(dir: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: false })
    .map((entry) => path.join(dir, String(entry)))
    .filter((file) => file.endsWith('.test.js'))
    .sort();
}

export function run(): Promise<void> {
  const reportFile = process.env.ASE_TEST_REPORT_FILE || undefined;
  const grep = process.env.ASE_TEST_GREP || undefined;
  const mocha = new Mocha({
    ui: 'bdd',
    timeout: 60_000,
    color: false,
    reporter: createFileSpecReporter(reportFile),
    grep,
  });

  return new Promise<void>((resolve, reject) => {
    try {
      for (const file of findTestFiles(__dirname)) mocha.addFile(file);
      mocha.run((failures) => {
        if (failures > 0) reject(new Error(`${failures} integration test(s) failed`));
        else resolve();
      });
    } catch (error) {
      // A test file that throws while loading: record it where the runner looks.
      const text = `Could not load the integration tests: ${error instanceof Error ? error.stack : String(error)}\n`;
      console.error(text);
      if (reportFile) fs.appendFileSync(reportFile, text);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
