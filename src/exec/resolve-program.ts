import { promises as fs, constants as fsConstants } from 'node:fs';
import * as nodePath from 'node:path';
import { fail, Failure } from '../core/types';
import { checkPathSyntax } from '../core/paths/path-syntax';
import { pathDenied, quotePath } from '../core/paths/deny';
import { defaultCaseInsensitive, hasGitSegment, isInsideOrEqual } from '../core/paths/containment';
import { realpathOfLongestExisting, resolveInWorkspace, WorkspaceRootInput } from '../files/confine';

export interface ResolveProgramOptions {
  workspaceRoots: readonly WorkspaceRootInput[];
  /** Directory relative program paths start from (already confined; see resolveCwd). Default: first root. */
  cwd?: string;
  /** The PATH to search for bare names. Default: this process's PATH. */
  pathEnv?: string;
  /** Windows: executable extensions. Default: PATHEXT or `.COM;.EXE`. */
  pathExt?: string;
  /** Directories no program may be run from (the extension's backup store). */
  protectedDirs?: readonly string[];
  /** Platform rules to apply. Default: this process's platform. */
  platform?: NodeJS.Platform;
}

export type ProgramResolution =
  | { ok: true; path: string; via: 'workspace' | 'path' | 'absolute' }
  | { ok: false; failure: Failure };

/**
 * Turns the `program` an agent sent into the absolute path of an executable file, or refuses.
 *
 * - Relative with a separator (`./demo/calculate`, `demo/calc`, `bin\tool.exe`): resolved
 *   from `cwd` (default the first root) and CONFINED: it must stay inside the workspace
 *   after realpath (a link leaving it is refused), and never be inside `.git/` (hooks; also
 *   reached through a link) or a protected dir. `via: 'workspace'`.
 * - A bare name (`gcc`, `make`): looked up in the absolute entries of PATH, in order;
 *   relative PATH entries (`.`, empty) are skipped so a workspace file can never shadow a
 *   system program. Never looked up in the workspace — the message says to write `./name`.
 *   `via: 'path'`.
 * - Absolute: DECISION — allowed anywhere, inside the workspace or not (`/usr/bin/gcc`,
 *   `/opt/arm/bin/gcc`), because a bare name already reaches every program on PATH
 *   (including `sh`), so refusing absolute paths would add no protection and would break
 *   toolchains outside PATH; the user's confirmation shows the resolved path and argv.
 *   Still refused: anything whose lexical or real path has a `.git` segment (git hooks,
 *   a repository's internals) and anything in a protected dir. `via: 'absolute'` (or
 *   'workspace' when it lies inside a root).
 * - The target must be a regular file and executable (POSIX: X_OK; Windows: an extension
 *   in PATHEXT). Windows `.bat`/`.cmd` are refused: they need cmd.exe, i.e. a shell.
 *
 * Failures: PATH_DENIED (syntax, escapes, .git, protected), PROGRAM_NOT_FOUND with `reason`
 * NOT_FOUND | NOT_A_FILE | NOT_EXECUTABLE | NEEDS_SHELL. Never throws.
 */
export async function resolveProgram(program: unknown, options: ResolveProgramOptions): Promise<ProgramResolution> {
  try {
    return await resolveUnsafe(program, options);
  } catch (error) {
    return fail('INTERNAL_ERROR', `Could not resolve the program ${quotePath(program)}: ${error instanceof Error ? error.message : String(error)}.`);
  }
}

async function resolveUnsafe(program: unknown, o: ResolveProgramOptions): Promise<ProgramResolution> {
  const platform = o.platform ?? process.platform;
  const checked = checkPathSyntax(program);
  if (!checked.ok) return checked;
  const name = checked.path;
  const roots = o.workspaceRoots ?? [];

  if (checked.absolute) return resolveAbsolute(name, program as string, o, platform);
  if (/[\\/]/.test(name)) return resolveInWorkspaceProgram(name, program as string, o, platform);
  return resolveOnPath(name, o, platform, roots);
}

async function resolveAbsolute(p: string, original: string, o: ResolveProgramOptions, platform: NodeJS.Platform): Promise<ProgramResolution> {
  const abs = nodePath.resolve(p);
  const real = await realpathOfLongestExisting(abs);
  if (!real.ok || !real.exists) return notFound(original, `The program ${quotePath(original)} does not exist.`);
  if (hasGitSegment(abs) || hasGitSegment(real.path)) {
    return pathDenied('GIT_INTERNALS', `${quotePath(original)} is inside a .git directory; programs there (hooks) are never run by this tool.`, original);
  }
  const ci = defaultCaseInsensitive(platform);
  for (const dir of o.protectedDirs ?? []) {
    if (typeof dir === 'string' && (isInsideOrEqual(nodePath.resolve(dir), abs, ci) || isInsideOrEqual(nodePath.resolve(dir), real.path, ci))) {
      return pathDenied('PROTECTED_STORAGE', `${quotePath(original)} is inside the extension's own storage.`, original);
    }
  }
  const exec = await checkExecutable(abs, original, o, platform);
  if (!exec.ok) return exec;
  const inside = await resolveInWorkspace(abs, o.workspaceRoots ?? [], { allowHardLinks: true });
  return { ok: true, path: abs, via: inside.ok ? 'workspace' : 'absolute' };
}

async function resolveInWorkspaceProgram(p: string, original: string, o: ResolveProgramOptions, platform: NodeJS.Platform): Promise<ProgramResolution> {
  const roots = o.workspaceRoots ?? [];
  let base = o.cwd;
  if (typeof base !== 'string' || base === '') {
    const first = roots[0];
    base = typeof first === 'string' ? first : first?.path;
  }
  if (typeof base !== 'string') return pathDenied('NO_WORKSPACE', 'No workspace folder is open; relative programs are resolved inside it.', original);
  const candidate = nodePath.resolve(base, p.split(/[\\/]/).join(nodePath.sep));
  const r = await resolveInWorkspace(candidate, roots, { allowHardLinks: true });
  if (!r.ok) {
    if (r.failure.error_type === 'FILE_NOT_FOUND') return notFound(original, `The program ${quotePath(original)} does not exist (resolved from ${quotePath(base)}).`);
    if (r.failure.reason === 'PARENT_ESCAPE' || r.failure.reason === 'OUTSIDE_WORKSPACE') {
      const reason = p.split(/[\\/]/).includes('..') ? 'PARENT_ESCAPE' : 'OUTSIDE_WORKSPACE';
      return pathDenied(reason, `The relative program path ${quotePath(original)} leaves the workspace; relative programs must lie inside it (give an absolute path for a system program).`, original);
    }
    return r;
  }
  if (hasGitSegment(r.relPath) || hasGitSegment(r.realRelPath)) {
    return pathDenied('GIT_INTERNALS', `${quotePath(original)} is inside .git; programs there (hooks) are never run by this tool.`, original);
  }
  const ci = defaultCaseInsensitive(platform);
  for (const dir of o.protectedDirs ?? []) {
    if (typeof dir !== 'string' || !nodePath.isAbsolute(dir)) continue;
    const realDir = await realpathOfLongestExisting(nodePath.resolve(dir));
    if (isInsideOrEqual(nodePath.resolve(dir), r.absPath, ci) || (realDir.ok && isInsideOrEqual(realDir.path, r.realPath, ci))) {
      return pathDenied('PROTECTED_STORAGE', `${quotePath(original)} is inside the extension's own storage.`, original);
    }
  }
  const exec = await checkExecutable(r.absPath, original, o, platform);
  if (!exec.ok) return exec;
  return { ok: true, path: r.absPath, via: 'workspace' };
}

async function resolveOnPath(name: string, o: ResolveProgramOptions, platform: NodeJS.Platform, roots: readonly WorkspaceRootInput[]): Promise<ProgramResolution> {
  const pathApi = platform === 'win32' ? nodePath.win32 : nodePath.posix;
  const pathEnv = o.pathEnv ?? process.env.PATH ?? process.env.Path ?? '';
  const entries = pathEnv
    .split(platform === 'win32' ? ';' : ':')
    .map((e) => (platform === 'win32' ? e.replace(/^"(.*)"$/, '$1') : e))
    .filter((e) => e !== '' && pathApi.isAbsolute(e) && !hasGitSegment(e));
  const names = platform === 'win32' && !hasExecutableExtension(name, o) ? executableExtensions(o).map((ext) => name + ext) : [name];
  for (const dir of entries) {
    for (const n of names) {
      const candidate = pathApi.join(dir, n);
      try {
        const stat = await fs.stat(candidate);
        if (!stat.isFile()) continue;
        if (platform !== 'win32') await fs.access(candidate, fsConstants.X_OK);
      } catch {
        continue;
      }
      if (platform === 'win32' && /\.(bat|cmd)$/i.test(candidate)) return needsShell(name);
      return { ok: true, path: candidate, via: 'path' };
    }
  }
  let hint = '';
  const base = o.cwd ?? (typeof roots[0] === 'string' ? roots[0] : roots[0]?.path);
  if (typeof base === 'string') {
    try {
      if ((await fs.stat(nodePath.join(base, name))).isFile()) hint = ` A file ${quotePath(name)} exists in the working directory: run it as "./${name}".`;
    } catch {
      // No such file: no hint.
    }
  }
  return notFound(name, `The program ${quotePath(name)} was not found on PATH.${hint || ` For a program in the workspace give a relative path such as "./${name}".`}`);
}

async function checkExecutable(p: string, original: string, o: ResolveProgramOptions, platform: NodeJS.Platform): Promise<{ ok: true } | { ok: false; failure: Failure }> {
  let stat;
  try {
    stat = await fs.stat(p);
  } catch {
    return notFound(original, `The program ${quotePath(original)} does not exist.`);
  }
  if (!stat.isFile()) {
    return fail('PROGRAM_NOT_FOUND', `${quotePath(original)} is a directory or special file, not a program.`, { reason: 'NOT_A_FILE', program: original });
  }
  if (platform === 'win32') {
    if (/\.(bat|cmd)$/i.test(p)) return needsShell(original);
    if (!hasExecutableExtension(p, o)) {
      return fail('PROGRAM_NOT_FOUND', `${quotePath(original)} has no executable extension (${executableExtensions(o).join(', ')}).`, { reason: 'NOT_EXECUTABLE', program: original });
    }
    return { ok: true };
  }
  try {
    await fs.access(p, fsConstants.X_OK);
    return { ok: true };
  } catch {
    return fail('PROGRAM_NOT_FOUND', `${quotePath(original)} exists but is not executable; make it executable (chmod +x) or run it through its interpreter (e.g. program "python3", args ["${original}"]).`, { reason: 'NOT_EXECUTABLE', program: original });
  }
}

function executableExtensions(o: ResolveProgramOptions): string[] {
  const raw = o.pathExt ?? process.env.PATHEXT ?? '.COM;.EXE';
  return raw.split(';').map((e) => e.trim().toLowerCase()).filter((e) => /^\.[a-z0-9]+$/.test(e) && e !== '.bat' && e !== '.cmd');
}

function hasExecutableExtension(p: string, o: ResolveProgramOptions): boolean {
  const ext = nodePath.win32.extname(p).toLowerCase();
  return ext !== '' && executableExtensions(o).includes(ext);
}

function notFound(program: string, message: string): { ok: false; failure: Failure } {
  return fail('PROGRAM_NOT_FOUND', message, { reason: 'NOT_FOUND', program: program.slice(0, 200) });
}

function needsShell(program: string): { ok: false; failure: Failure } {
  return fail('PROGRAM_NOT_FOUND', `${quotePath(program)} is a batch file, which only cmd.exe can run; execute_program uses no shell. Run "cmd.exe" with args ["/d", "/c", ...] if a shell is really needed.`, { reason: 'NEEDS_SHELL', program });
}
