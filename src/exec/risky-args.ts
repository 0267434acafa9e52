import * as nodePath from 'node:path';
import { isSensitivePath } from '../core/sensitive';
import { hasGitSegment, isInsideOrEqual, toSlashes } from '../core/paths/containment';
import { inlineCodeIndex, isInterpreter, programName } from './inline-code';

export type RiskKind = 'INLINE_CODE' | 'GIT_CONFIG' | 'SENSITIVE_PATH' | 'GIT_INTERNALS' | 'TOO_MANY_ARGUMENTS';

/** One reason a call must be confirmed every time. `index` is into `args` (-1: the call as a whole). */
export interface ArgRisk {
  kind: RiskKind;
  index: number;
  reason: string;
}

export interface RiskInput {
  /** The resolved program (absolute path). */
  programPath: string;
  args: readonly string[];
  /** The resolved working directory (absolute). */
  cwd: string;
  workspaceRoots: readonly string[];
  /** Text is given on standard input. */
  hasStdin: boolean;
  /** The user's extra protected globs (safeEdit.protectedFiles). */
  extraGlobs?: readonly string[];
  /**
   * Absolute candidate path → its real path (symlinks resolved) and whether it exists, for the
   * candidates the caller could resolve (see pathCandidates). Missing entries: lexical only.
   */
  realPaths?: ReadonlyMap<string, { real: string; exists: boolean }>;
  caseInsensitive?: boolean;
}

/** Arguments beyond this are not looked at one by one; such a call is asked as a whole. */
export const MAX_CHECKED_ARGS = 1024;
/** Nested program names (`env bash -c`, `find -exec sh -c`) analysed per call. */
const MAX_NESTED = 8;
/** Git global options whose value is the next argument. */
const GIT_VALUE_OPTIONS = new Set(['-C', '--git-dir', '--work-tree', '--namespace', '--super-prefix', '--config-env', '--list-cmds']);
/** Options of git subcommands that name a program to run. */
const GIT_EXEC_OPTIONS = new Set(['--upload-pack', '--receive-pack', '--exec', '--extcmd']);

/**
 * The argument shapes of an execute_program call that VS Code's "Always Allow" must not wave
 * through, because they would turn the tool into a way around the file protections:
 *
 * - INLINE_CODE: a shell or interpreter given code on its command line (`sh -c`, `python -c`,
 *   `node -e`, `pwsh -Command`, `cmd /c`…, see inlineCodeIndex), also behind a launcher
 *   (`env bash -c`, `find . -exec sh -c`, `env -S`), or on standard input (an interpreter
 *   given stdin and no existing file to run).
 * - GIT_CONFIG: git with `-c`/`--config-env` before the subcommand, `--exec-path`,
 *   `--git-dir`, the `config` subcommand, `clone -c/--config`, `submodule foreach`,
 *   `bisect run`, `filter-branch`, `rebase -x/--exec`, `difftool -x`, `--upload-pack`-style
 *   options: each can run an arbitrary program or rewrite what git runs later.
 * - SENSITIVE_PATH / GIT_INTERNALS: an argument (whole, after `=`, or glued to a short
 *   option such as `-o.git/hooks/x`) that names, resolved against `cwd` and through
 *   symlinks, a protected file (isSensitivePath) or anything inside a `.git` directory.
 * - TOO_MANY_ARGUMENTS: more than MAX_CHECKED_ARGS arguments.
 *
 * Pure and linear in the arguments (nested analyses are capped). Returns [] for a plain call.
 */
export function findRiskyArguments(input: RiskInput): ArgRisk[] {
  const risks: ArgRisk[] = [];
  if (input.args.length > MAX_CHECKED_ARGS) {
    return [{ kind: 'TOO_MANY_ARGUMENTS', index: -1, reason: `${input.args.length} arguments are more than the ${MAX_CHECKED_ARGS} checked one by one` }];
  }
  const name = programName(input.programPath);
  codeRisks(name, input.args, 0, risks);
  let nested = 0;
  for (let i = 0; i < input.args.length && nested < MAX_NESTED; i++) {
    const inner = programName(input.args[i]);
    if (inner === 'git' || isInterpreter(inner)) {
      nested++;
      codeRisks(inner, input.args.slice(i + 1), i + 1, risks);
    }
  }
  if (name === 'env' && input.args.some((a) => a === '-S' || a.startsWith('--split-string') || /^-[a-zA-Z]*S/.test(a))) {
    risks.push({ kind: 'INLINE_CODE', index: -1, reason: 'env -S splits a string into a command line' });
  }
  if (isInterpreter(name) && input.hasStdin && !input.args.some((a) => namesExistingFile(input, a))) {
    risks.push({ kind: 'INLINE_CODE', index: -1, reason: `${name} reads its program from standard input` });
  }
  for (let i = 0; i < input.args.length; i++) pathRisk(input, i, risks);
  return dedupe(risks);
}

function codeRisks(name: string, args: readonly string[], offset: number, risks: ArgRisk[]): void {
  const inline = inlineCodeIndex(name, args);
  if (inline >= 0) risks.push({ kind: 'INLINE_CODE', index: offset + inline, reason: `${name} ${args[inline].slice(0, 40)} runs code given on the command line` });
  if (name === 'git') gitRisks(args, offset, risks);
}

function gitRisks(args: readonly string[], offset: number, risks: ArgRisk[]): void {
  let i = 0;
  for (; i < args.length && args[i].startsWith('-'); i++) {
    const a = args[i];
    const flag = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    if (a.startsWith('-c') || flag === '--config-env') risks.push({ kind: 'GIT_CONFIG', index: offset + i, reason: 'git -c sets configuration (e.g. core.fsmonitor, core.sshCommand) that can run programs' });
    else if (flag === '--exec-path') risks.push({ kind: 'GIT_CONFIG', index: offset + i, reason: 'git --exec-path chooses where git runs its commands from' });
    else if (flag === '--git-dir') risks.push({ kind: 'GIT_CONFIG', index: offset + i, reason: 'git --git-dir points git at another repository and its configuration' });
    if (GIT_VALUE_OPTIONS.has(a) || a === '-c') i++;
  }
  const sub = args[i];
  if (sub === undefined) return;
  const rest = args.slice(i + 1);
  const at = offset + i;
  const flagged = (why: string) => risks.push({ kind: 'GIT_CONFIG', index: at, reason: why });
  if (sub === 'config') flagged('git config changes what git runs (hooks path, fsmonitor, aliases, filters)');
  else if (sub === 'filter-branch') flagged('git filter-branch runs shell code given as arguments');
  else if (sub === 'submodule' && rest.includes('foreach')) flagged('git submodule foreach runs a shell command');
  else if (sub === 'bisect' && rest[0] === 'run') flagged('git bisect run runs a program');
  else if (sub === 'clone' && rest.some((a) => a === '-c' || a.startsWith('--config'))) flagged('git clone -c sets configuration that can run programs');
  else if ((sub === 'rebase' || sub === 'difftool') && rest.some((a) => a === '-x' || a.startsWith('-x'))) flagged(`git ${sub} -x runs a command`);
  for (let k = 0; k < rest.length; k++) {
    const a = rest[k];
    const flag = a.includes('=') ? a.slice(0, a.indexOf('=')) : a;
    if (GIT_EXEC_OPTIONS.has(flag) || (flag === '-u' && (sub === 'clone' || sub === 'ls-remote'))) {
      risks.push({ kind: 'GIT_CONFIG', index: at + 1 + k, reason: `git ${sub} ${flag} names a program to run` });
    }
  }
}

/** The strings in an argument that may be paths: itself, the value after `=`, a glued short-option value. */
export function pathCandidates(arg: string): string[] {
  const out = [arg];
  const eq = arg.indexOf('=');
  if (eq >= 0 && eq < arg.length - 1) out.push(arg.slice(eq + 1));
  if (arg.length > 2 && arg[0] === '-' && arg[1] !== '-') out.push(arg.slice(2));
  return out.filter((c) => c !== '' && !c.includes('\0'));
}

function pathRisk(input: RiskInput, index: number, risks: ArgRisk[]): void {
  for (const candidate of pathCandidates(input.args[index])) {
    const abs = nodePath.resolve(input.cwd, candidate);
    const resolved = input.realPaths?.get(abs);
    for (const p of resolved && resolved.real !== abs ? [abs, resolved.real] : [abs]) {
      const risk = riskOfPath(input, p, candidate);
      if (risk) {
        risks.push({ ...risk, index });
        return;
      }
    }
  }
}

function riskOfPath(input: RiskInput, abs: string, shown: string): Omit<ArgRisk, 'index'> | undefined {
  const ci = input.caseInsensitive ?? false;
  if (hasGitSegment(toSlashes(abs))) return { kind: 'GIT_INTERNALS', reason: `${shown.slice(0, 80)} is inside a .git directory` };
  for (const root of input.workspaceRoots) {
    if (!isInsideOrEqual(root, abs, ci)) continue;
    const rel = toSlashes(nodePath.relative(root, abs));
    const match = isSensitivePath(rel, input.extraGlobs ?? [], { caseInsensitive: ci });
    if (match.sensitive) return { kind: 'SENSITIVE_PATH', reason: `${shown.slice(0, 80)} is a protected file (${match.glob})` };
  }
  return undefined;
}

function namesExistingFile(input: RiskInput, arg: string): boolean {
  if (arg.startsWith('-')) return false;
  return input.realPaths?.get(nodePath.resolve(input.cwd, arg))?.exists === true;
}

function dedupe(risks: ArgRisk[]): ArgRisk[] {
  const seen = new Set<string>();
  return risks.filter((r) => {
    const key = `${r.kind}:${r.index}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
