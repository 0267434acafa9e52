import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { execFileSync } from 'node:child_process';
import fc from 'fast-check';
import { runProgram } from '../../../src/exec/run-program';

const FIXTURE = nodePath.resolve(__dirname, '../../../../test/fixtures/exec/print-argv.c');

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Shell syntax an agent might fear, mixed into random strings. */
const shellish = fc.constantFrom('"', "'", '\\', '$', '`', '*', '?', '[', ']', '{', '}', '~', ';', '|', '&', '<', '>', '(', ')', '#', '!', '=', ' ', '\t', '\n', '\r', '%', '^', '5 + 3');

describe('runProgram (property: any argv arrives intact)', () => {
  let dir: string;
  let printArgv: string;

  before(() => {
    dir = fs.mkdtempSync(nodePath.join(os.tmpdir(), 'ase-exec-prop-'));
    printArgv = nodePath.join(dir, 'print-argv');
    execFileSync('gcc', ['-O0', '-o', printArgv, FIXTURE]);
  });

  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('300 random argv arrays (Unicode, shell syntax, controls) reach the program as given', async function () {
    this.timeout(120_000);
    const arg = fc.array(fc.oneof(fc.string({ unit: 'grapheme' }), shellish, fc.string({ unit: 'binary' })), { maxLength: 6 })
      .map((parts) => parts.join('').replace(/\0/g, ''))
      .filter((s) => !LONE_SURROGATE.test(s)); // refused as INVALID_INPUT (tested elsewhere)
    await fc.assert(
      fc.asyncProperty(fc.array(arg, { maxLength: 8 }), async (args) => {
        const r = await runProgram({ program: printArgv, args, cwd: dir, timeoutMs: 10_000 });
        assert.ok(r.ok, JSON.stringify(r));
        assert.equal(r.exit_code, 0);
        assert.deepEqual(JSON.parse(r.stdout), args);
      }),
      { numRuns: 300 },
    );
  });
});
