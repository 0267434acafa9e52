/**
 * Headless CLI over the engine. Never writes FILE.
 *
 *   node dist/cli.js apply-patch FILE PATCH_FILE
 *   node dist/cli.js replace FILE OLD_FILE NEW_FILE [--expected-replacements N]
 *
 * PATCH_FILE / OLD_FILE / NEW_FILE are paths ("-" reads stdin for one of them), which is how
 * the benchmark's cmd: adapter passes them. On success the new text goes to stdout (exit 0);
 * on refusal a JSON error {type, message, ...} goes to stderr (exit 1); usage errors exit 2.
 */
import { readFileSync } from 'node:fs';
import { applyUnifiedDiff, applySearchReplace, EngineResult } from './engine';

const USAGE = 'usage: cli.js apply-patch FILE PATCH_FILE | cli.js replace FILE OLD_FILE NEW_FILE [--expected-replacements N]';

function read(path: string): string {
  return readFileSync(path === '-' ? 0 : path, 'utf8');
}

function usage(msg: string): number {
  process.stderr.write(`${msg}\n${USAGE}\n`);
  return 2;
}

function main(argv: string[]): number {
  const args = [...argv];
  let expected: number | undefined;
  const k = args.indexOf('--expected-replacements');
  if (k >= 0) {
    expected = Number(args[k + 1]);
    if (!Number.isInteger(expected) || expected < 1) return usage('--expected-replacements needs a positive integer');
    args.splice(k, 2);
  }
  const [cmd, ...rest] = args;
  let result: EngineResult;
  try {
    if (cmd === 'apply-patch' && rest.length === 2) {
      result = applyUnifiedDiff(read(rest[0]), read(rest[1]));
    } else if (cmd === 'replace' && rest.length === 3) {
      result = applySearchReplace(read(rest[0]), read(rest[1]), read(rest[2]), { expectedReplacements: expected });
    } else {
      return usage(cmd ? `bad arguments for "${cmd}"` : 'no command');
    }
  } catch (e) {
    process.stderr.write(JSON.stringify({ type: 'INVALID_INPUT', message: `cannot read input: ${(e as Error).message}` }) + '\n');
    return 2;
  }
  if (result.ok) {
    process.stdout.write(result.text);
    return 0;
  }
  process.stderr.write(JSON.stringify(result.error) + '\n');
  return 1;
}

// exitCode instead of exit(): lets a large stdout drain before the process ends
process.exitCode = main(process.argv.slice(2));
