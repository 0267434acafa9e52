// Runs the mocha files of one folder inside the extension host; the entry point of the
// suites other than test/integration (the untrusted-workspace suite, the in-host benchmarks).
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { createFileSpecReporter } from './file-spec-reporter';

export function runMochaFolder(dir: string, suffix: string, timeoutMs: number): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', timeout: timeoutMs, color: false, reporter: createFileSpecReporter(process.env.ASE_TEST_REPORT_FILE || undefined), grep: process.env.ASE_TEST_GREP || undefined });
  for (const f of fs.readdirSync(dir).filter((f) => f.endsWith(suffix)).sort()) mocha.addFile(path.join(dir, f));
  return new Promise((resolve, reject) => mocha.run((failures) => (failures ? reject(new Error(`${failures} test(s) failed`)) : resolve())));
}
