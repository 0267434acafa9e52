// Runs the mocha files of one folder (recursively) inside the extension host: the entry point
// of every suite (test/integration, test/untrusted, the in-host benchmarks).
//
// Environment (inherited from the server that started the extension host):
//   ASE_TEST_REPORT_FILE  file that receives the spec output (+ `.summary.json` beside it)
//   ASE_TEST_GREP         only tests whose full title matches this regular expression
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { createFileSpecReporter } from './file-spec-reporter';

/** Every file below `dir` ending in `suffix`, sorted so the order is the same on every run. */
function findFiles(dir: string, suffix: string): string[] {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: false })
    .map((entry) => path.join(dir, String(entry)))
    .filter((file) => file.endsWith(suffix))
    .sort();
}

/** Resolves when every test passed, rejects otherwise (VS Code then reports exit code 1). */
export function runMochaFolder(dir: string, suffix: string, timeoutMs: number): Promise<void> {
  const reportFile = process.env.ASE_TEST_REPORT_FILE || undefined;
  const mocha = new Mocha({ ui: 'bdd', timeout: timeoutMs, color: false, reporter: createFileSpecReporter(reportFile), grep: process.env.ASE_TEST_GREP || undefined });
  return new Promise<void>((resolve, reject) => {
    try {
      for (const file of findFiles(dir, suffix)) mocha.addFile(file);
      mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} test(s) failed`)) : resolve()));
    } catch (error) {
      // A test file that throws while loading: record it where the runner looks.
      const text = `Could not load the tests: ${error instanceof Error ? error.stack : String(error)}\n`;
      console.error(text);
      if (reportFile) fs.appendFileSync(reportFile, text);
      reject(error instanceof Error ? error : new Error(String(error)));
    }
  });
}
