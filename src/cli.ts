/**
 * Headless CLI over the engine. Never writes FILE.
 *
 *   node dist/cli.js apply-patch FILE PATCH_FILE
 *   node dist/cli.js replace FILE OLD_FILE NEW_FILE [--expected-replacements N]
 *   node dist/cli.js apply-patch-v4a PATCH_FILE [--root DIR]
 *   node dist/cli.js plan-patch PATCH_FILE [--root DIR] [--format unified|apply_patch]
 *
 * PATCH_FILE / OLD_FILE / NEW_FILE are paths ("-" reads stdin for one of them), which is how
 * the benchmark's cmd: adapter passes them. On success the new text goes to stdout (exit 0);
 * on refusal a JSON error {type, message, ...} goes to stderr (exit 1); usage errors exit 2.
 * apply-patch-v4a reads an apply_patch (V4A) text and the files it names under DIR (default:
 * the current directory) and prints the plan as JSON to stdout ({ok, files: [{path, action,
 * text?, move_to?}]}, exit 0; or {ok: false, error}, exit 1). It writes no file.
 * plan-patch does the same for a unified diff of one or more files or an apply_patch text
 * (detected unless --format), as safe_patch plans them.
 */
import { readFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { applyUnifiedDiff, applySearchReplace, planApplyPatch, planPatchFiles, EngineResult } from './engine';

const USAGE = 'usage: cli.js apply-patch FILE PATCH_FILE | cli.js replace FILE OLD_FILE NEW_FILE [--expected-replacements N] | cli.js apply-patch-v4a PATCH_FILE [--root DIR] | cli.js plan-patch PATCH_FILE [--root DIR] [--format unified|apply_patch]';

function read(path: string): string {
  return readFileSync(path === '-' ? 0 : path, 'utf8');
}

function usage(msg: string): number {
  process.stderr.write(`${msg}\n${USAGE}\n`);
  return 2;
}

/**
 * The file at `path` under `root`, or undefined when there is none. The engine has already
 * refused absolute paths and ".." segments, so the join stays under `root`.
 */
function readUnder(root: string, path: string): string | undefined {
  try {
    return readFileSync(join(root, path), 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
}

/** A path a patch names, refused unless it is relative and stays under the root (a unified diff's headers are not checked by the engine). */
function confined(path: string): string {
  if (isAbsolute(path) || /^[A-Za-z]:/.test(path) || path.split(/[\\/]/).includes('..')) throw new Error(`the patch names ${JSON.stringify(path)}, outside the root`);
  return path;
}

function planFiles(args: string[]): number {
  let root = '.';
  let format: 'unified' | 'apply_patch' | undefined;
  for (const flag of ['--root', '--format']) {
    const k = args.indexOf(flag);
    if (k < 0) continue;
    if (args[k + 1] === undefined) return usage(`${flag} needs a value`);
    if (flag === '--root') root = args[k + 1];
    else if (args[k + 1] === 'unified' || args[k + 1] === 'apply_patch') format = args[k + 1] as 'unified' | 'apply_patch';
    else return usage('--format is unified or apply_patch');
    args.splice(k, 2);
  }
  if (args.length !== 1) return usage('bad arguments for "plan-patch"');
  let plan;
  try {
    plan = planPatchFiles(read(args[0]), (p) => readUnder(root, confined(p)), format);
  } catch (e) {
    process.stderr.write(JSON.stringify({ type: 'INVALID_INPUT', message: `cannot read input: ${(e as Error).message}` }) + '\n');
    return 2;
  }
  process.stdout.write(JSON.stringify(plan, null, 2) + '\n');
  return plan.ok ? 0 : 1;
}

function planV4a(args: string[]): number {
  let root = '.';
  const k = args.indexOf('--root');
  if (k >= 0) {
    if (args[k + 1] === undefined) return usage('--root needs a directory');
    root = args[k + 1];
    args.splice(k, 2);
  }
  if (args.length !== 1) return usage('bad arguments for "apply-patch-v4a"');
  let plan;
  try {
    plan = planApplyPatch(read(args[0]), (p) => readUnder(root, p));
  } catch (e) {
    process.stderr.write(JSON.stringify({ type: 'INVALID_INPUT', message: `cannot read input: ${(e as Error).message}` }) + '\n');
    return 2;
  }
  process.stdout.write(JSON.stringify(plan, null, 2) + '\n');
  return plan.ok ? 0 : 1;
}

function main(argv: string[]): number {
  if (argv[0] === 'apply-patch-v4a') return planV4a(argv.slice(1));
  if (argv[0] === 'plan-patch') return planFiles(argv.slice(1));
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
