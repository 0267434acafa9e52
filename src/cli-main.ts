/**
 * Headless CLI over the engine (dist/cli-main.js, loaded by the dispatcher dist/cli.js). Never writes FILE.
 *
 *   node dist/cli.js apply-patch FILE PATCH_FILE
 *   node dist/cli.js replace FILE OLD_FILE NEW_FILE [--expected-replacements N]
 *   node dist/cli.js apply-patch-v4a PATCH_FILE [--root DIR]
 *   node dist/cli.js plan-patch PATCH_FILE [--root DIR] [--format unified|apply_patch]
 *   node dist/cli.js mcp [--root DIR ...]      (the stdio MCP server; alias agent-safe-edit-mcp)
 *   node dist/cli.js hook AGENT [--root DIR] [--store DIR] [--strict]   (dist/hook.js: src/hook.ts; the dispatcher src/cli.ts sends it there)
 *   node dist/cli.js setup AGENT... [--scope user|workspace] [--root DIR] [--strict] [--remove] [--yes]
 *                                                          (dist/setup.js: src/setup.ts; writes only with --yes)
 *   node dist/cli.js owner [status|stop] [--root DIR] [--json]   (who owns a folder's history; stops the background owner)
 *   node dist/cli.js --help | help | -h | --version
 *
 * PATCH_FILE / OLD_FILE / NEW_FILE are paths ("-" reads stdin for one of them), which is how
 * the benchmark's cmd: adapter passes them. On success the new text goes to stdout (exit 0);
 * on refusal a JSON error {type, message, ...} goes to stderr (exit 1); usage errors exit 2.
 * apply-patch-v4a reads an apply_patch (V4A) text and the files it names under DIR (default:
 * the current directory) and prints the plan as JSON to stdout ({ok, files: [{path, action,
 * text?, move_to?}]}, exit 0; or {ok: false, error}, exit 1). It writes no file.
 * plan-patch does the same for a unified diff of one or more files or an apply_patch text
 * (detected unless --format), as safe_patch plans them.
 * Both read only inside DIR, confined as the headless server confines a tool's path: a path
 * the patch names that leaves DIR (`..`, an absolute path elsewhere, a symbolic link out, a
 * file with other hard links) is refused before anything is read ({ok: false, error: {type:
 * "PATH_DENIED", reason, path, message}}, exit 1), and so is a file the tools would not read
 * (binary, not UTF-8, larger than the default maxFileSizeMB).
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { applyUnifiedDiff, applySearchReplace, planApplyPatch, planPatchFiles, parseApplyPatch, detectPatchFormat, EngineResult } from './engine';
import { unifiedPaths } from './core/multi-file';
import { effectiveSettings, toSafeEditSettings } from './core/settings';
import { readConfinedTexts } from './files/confined-texts';
import { CLI_USAGE, CLI_VERSION } from './headless/cli-usage';
import { SERVER_COMMANDS, serveMcp } from './headless/serve-from-cli';
import { ownerCommand } from './hooks/owner-command';

const USAGE = 'usage: cli.js apply-patch FILE PATCH_FILE | cli.js replace FILE OLD_FILE NEW_FILE [--expected-replacements N] | cli.js apply-patch-v4a PATCH_FILE [--root DIR] | cli.js plan-patch PATCH_FILE [--root DIR] [--format unified|apply_patch] | cli.js mcp [--root DIR ...] (all of it: cli.js --help)';

function read(path: string): string {
  return readFileSync(path === '-' ? 0 : path, 'utf8');
}

function usage(msg: string): number {
  process.stderr.write(`${msg}\n${USAGE}\n`);
  return 2;
}

/** Every path an apply_patch text names (sections and move targets); [] when it does not parse. */
function applyPatchPaths(text: string): string[] {
  const parsed = parseApplyPatch(text);
  if (!parsed.ok) return [];
  return parsed.ops.flatMap((op) => (op.kind === 'update' && op.moveTo !== undefined ? [op.path, op.moveTo] : [op.path]));
}

/**
 * Plans a patch against the files it names (`paths`) under `root`, read confined to it first; prints
 * the plan (exit 0), the refusal (exit 1) or why the input could not be read (exit 2).
 */
async function printPlan(root: string, paths: string[], plan: (read: (path: string) => string | undefined) => { ok: boolean }): Promise<number> {
  const maxBytes = toSafeEditSettings(effectiveSettings(() => undefined, true).values).maxFileBytes;
  const texts = await readConfinedTexts(resolve(root), paths, maxBytes);
  if (!texts.ok) {
    process.stdout.write(JSON.stringify({ ok: false, error: texts.error }, null, 2) + '\n');
    return 1;
  }
  let result;
  try {
    result = plan(texts.read);
  } catch (e) {
    process.stderr.write(JSON.stringify({ type: 'INVALID_INPUT', message: `cannot read input: ${(e as Error).message}` }) + '\n');
    return 2;
  }
  process.stdout.write(JSON.stringify(result, null, 2) + '\n');
  return result.ok ? 0 : 1;
}

/** The patch file's text, or the exit code after saying why it cannot be read. */
function readPatch(path: string): string | number {
  try {
    return read(path);
  } catch (e) {
    process.stderr.write(JSON.stringify({ type: 'INVALID_INPUT', message: `cannot read input: ${(e as Error).message}` }) + '\n');
    return 2;
  }
}

async function planFiles(args: string[]): Promise<number> {
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
  const text = readPatch(args[0]);
  if (typeof text === 'number') return text;
  const v4a = (format ?? detectPatchFormat(text)) === 'apply_patch';
  return printPlan(root, v4a ? applyPatchPaths(text) : unifiedPaths(text), (readFile) => planPatchFiles(text, readFile, format));
}

async function planV4a(args: string[]): Promise<number> {
  let root = '.';
  const k = args.indexOf('--root');
  if (k >= 0) {
    if (args[k + 1] === undefined) return usage('--root needs a directory');
    root = args[k + 1];
    args.splice(k, 2);
  }
  if (args.length !== 1) return usage('bad arguments for "apply-patch-v4a"');
  const text = readPatch(args[0]);
  if (typeof text === 'number') return text;
  return printPlan(root, applyPatchPaths(text), (readFile) => planApplyPatch(text, readFile));
}

async function main(argv: string[]): Promise<number | undefined> {
  if (argv[0] === 'help' || argv[0] === '--help' || argv[0] === '-h') {
    process.stdout.write(`${CLI_USAGE}\n`);
    return 0;
  }
  if (argv[0] === '--version') {
    process.stdout.write(`${CLI_VERSION}\n`);
    return 0;
  }
  if (SERVER_COMMANDS.includes(argv[0])) {
    serveMcp(__dirname, argv.slice(1));
    return undefined; // the server sets its own exit code when it ends
  }
  if (argv[0] === 'owner') return ownerCommand(argv.slice(1), process.cwd(), (t) => process.stdout.write(t), (t) => process.stderr.write(t));
  // The real path of the script the user ran (dist/cli.js, the dispatcher): what the agents' entries name.
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
void main(process.argv.slice(2)).then((code) => {
  if (code !== undefined) process.exitCode = code;
});
