import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { fail, Failure } from '../core/types';
import { checkPathSyntax } from '../core/paths/path-syntax';
import { pathDenied, quotePath } from '../core/paths/deny';
import { defaultCaseInsensitive, hasGitSegment, isInsideOrEqual, splitSegments, toSlashes } from '../core/paths/containment';
import { gitDirContaining } from './git-dirs';

/**
 * Workspace confinement with the real filesystem (Node `fs` only, no `vscode`, so it is
 * unit-tested in plain Node). The syntactic checks live in `core/paths/`.
 */

/** A workspace folder: its absolute path, and the name a multi-root path may start with. */
export interface WorkspaceRoot {
  path: string;
  /** Defaults to the folder's base name (VS Code's `WorkspaceFolder.name` when wired). */
  name?: string;
}
export type WorkspaceRootInput = string | WorkspaceRoot;

export interface ResolveOptions {
  /** Refuse `.git` internals and the protected storage directories. Default false. */
  forWrite?: boolean;
  /** Accept a path that does not exist yet (its missing parents too). Default false: FILE_NOT_FOUND. */
  allowCreate?: boolean;
  /** Directories no write may land in (the extension's backup store). Absolute paths. */
  protectedDirs?: readonly string[];
  /** Compare names case-insensitively. Default: true on Windows and macOS. */
  caseInsensitive?: boolean;
  /** Accept a file with more than one hard link (only for running it as a program). Default false. */
  allowHardLinks?: boolean;
}

export interface ResolvedPath {
  /** Absolute, normalized (no `.`/`..`) path as the agent named it, inside `root`. */
  absPath: string;
  /** The same path with every existing symlink resolved; inside `realRoot`. */
  realPath: string;
  /** `absPath` relative to `root`, `/`-separated ('' for the root itself). */
  relPath: string;
  /** `realPath` relative to `realRoot`, `/`-separated. Check sensitive globs on both. */
  realRelPath: string;
  /** The workspace folder `absPath` lies in, as given. */
  root: string;
  /** Its name (for multi-root messages). */
  rootName: string;
  /** Real path of the workspace folder `realPath` lies in (may differ from `root`'s). */
  realRoot: string;
  exists: boolean;
  kind: 'file' | 'directory' | 'missing';
  /**
   * The existing file's device and inode ("dev:ino"): on a case-insensitive mount (WSL /mnt/c,
   * CIFS, a casefold folder) `readme.md` and `README.md` have two real paths but this one
   * identity, so two names of one file are told apart from two files.
   */
  fileId?: string;
}

export type PathResolution = ({ ok: true } & ResolvedPath) | { ok: false; failure: Failure };

interface Root {
  path: string;
  name: string;
  real: string;
}

/**
 * Resolves a path an agent sent to a file inside the workspace, or refuses it.
 *
 * - Syntax first ({@link checkPathSyntax}): NUL, controls, UNC, device paths, reserved
 *   names, streams, `~`, non-file URIs... are refused before touching the disk.
 * - A relative path resolves against the first root; in a multi-root workspace a leading
 *   name equal to a root's name selects that root (`lib/src/a.ts` → root "lib", `src/a.ts`).
 *   `\` is a separator on every platform.
 * - An absolute path (or `file:` URI) must lie inside a root.
 * - `..` is resolved lexically first; a result outside every root is PARENT_ESCAPE.
 * - Then the longest existing ancestor is realpath'ed and the missing tail appended: the
 *   real path must lie inside a real root (any root: a link from one folder into another
 *   is fine). A link leaving the workspace is SYMLINK_ESCAPE; a dangling symlink on the way
 *   is DANGLING_SYMLINK (writing through it would create its target, wherever it points).
 * - An existing FIFO, socket or device is SPECIAL_FILE (reading one can block forever).
 * - An existing file with more than one hard link is HARD_LINK, for reads and writes alike:
 *   realpath cannot tell where its other names are (/etc/shadow, ~/.ssh/id_rsa, a pnpm
 *   store...), so neither its bytes nor a write to them may pass for a workspace file.
 *   `allowHardLinks` lifts this for running a program, which shows the agent nothing of it.
 * - With `forWrite`: any `.git` name in the lexical or real relative path is GIT_INTERNALS,
 *   and so is a path inside a git dir under another name (`.bare/`, `foo.git/`, the target
 *   of a `.git` file's `gitdir:` pointer; see {@link gitDirContaining}); a path inside a
 *   protected dir (lexically or really) is PROTECTED_STORAGE.
 * - A root given through a symlink matches paths spelled through its real location too.
 *   The reverse is refused: a path named outside every root (given or real) is
 *   OUTSIDE_WORKSPACE even when an outside link would lead back in.
 * - A missing path is FILE_NOT_FOUND unless `allowCreate`; a missing path under an existing
 *   file is PARENT_NOT_DIRECTORY.
 *
 * Never throws; filesystem errors (ELOOP, EACCES...) become PATH_DENIED/UNRESOLVABLE.
 * Known limit: this is a check at one instant. A symlink swapped in between this check and
 * the write (TOCTOU) is not caught here; callers should write soon after and to `realPath`.
 */
export async function resolveInWorkspace(
  input: unknown,
  roots: readonly WorkspaceRootInput[],
  options: ResolveOptions = {},
): Promise<PathResolution> {
  try {
    return await resolveUnsafe(input, roots, options);
  } catch (error) {
    return pathDenied('UNRESOLVABLE', `The path ${quotePath(input)} could not be resolved (${describeError(error)}).`, input);
  }
}

async function resolveUnsafe(input: unknown, roots: readonly WorkspaceRootInput[], options: ResolveOptions): Promise<PathResolution> {
  const ci = options.caseInsensitive ?? defaultCaseInsensitive();
  const checked = checkPathSyntax(input);
  if (!checked.ok) return checked;
  const original = input as string;

  const realRoots = await realRootsOf(roots);
  if (realRoots.length === 0) {
    return pathDenied('NO_WORKSPACE', 'No workspace folder is open (or it no longer exists); open a folder first.', input);
  }
  if (checked.drive !== undefined && process.platform !== 'win32') {
    return pathDenied('OUTSIDE_WORKSPACE', `${quotePath(original)} is a Windows drive path; it cannot lie inside this workspace.`, input);
  }

  // Native separators, then pick the root and build the lexical absolute path.
  const native = checked.path.split(/[\\/]/).join(nodePath.sep);
  let candidate: string;
  if (checked.absolute) {
    candidate = nodePath.resolve(native);
  } else {
    const segments = splitSegments(native);
    const named = realRoots.length > 1 && segments.length > 0
      ? realRoots.find((r) => equalNames(r.name, segments[0], ci))
      : undefined;
    candidate = named
      ? nodePath.resolve(named.path, ...segments.slice(1))
      : nodePath.resolve(realRoots[0].path, native);
  }

  // A root may be given through a symlink (/tmp → /private/tmp on macOS) while the agent names
  // the real location, or the other way round: either spelling of the root is "inside".
  const viaGiven = deepestContaining(realRoots, candidate, (r) => r.path, ci);
  const viaReal = viaGiven ? undefined : deepestContaining(realRoots, candidate, (r) => r.real, ci);
  const lexicalRoot = viaGiven ?? viaReal;
  const lexicalBase = viaGiven ? viaGiven.path : viaReal?.real;
  if (!lexicalRoot || lexicalBase === undefined) {
    const climbs = splitSegments(checked.path).includes('..');
    return climbs
      ? pathDenied('PARENT_ESCAPE', `${quotePath(original)} climbs out of the workspace with '..'; paths must stay inside the workspace folder.`, input)
      : pathDenied('OUTSIDE_WORKSPACE', `${quotePath(original)} is outside the workspace folder(s); only files inside the workspace can be used.`, input);
  }

  const real = await realpathOfLongestExisting(candidate);
  if (!real.ok) {
    if (real.reason === 'DANGLING_SYMLINK') {
      return pathDenied('DANGLING_SYMLINK', `${quotePath(original)} goes through a symbolic link whose target does not exist; writing through it could create a file anywhere.`, input);
    }
    return pathDenied('UNRESOLVABLE', `${quotePath(original)} could not be resolved (${real.reason}).`, input);
  }
  const realRoot = deepestContaining(realRoots, real.path, (r) => r.real, ci);
  if (!realRoot) {
    return pathDenied('SYMLINK_ESCAPE', `${quotePath(original)} resolves through a symbolic link to a location outside the workspace.`, input);
  }

  const relPath = toSlashes(nodePath.relative(lexicalBase, candidate));
  const realRelPath = toSlashes(nodePath.relative(realRoot.real, real.path));

  let kind: ResolvedPath['kind'] = 'missing';
  let linkCount = 0;
  let fileId: string | undefined;
  if (real.exists) {
    const stat = await fs.stat(real.path);
    linkCount = stat.nlink;
    fileId = `${stat.dev}:${stat.ino}`;
    if (stat.isFile()) kind = 'file';
    else if (stat.isDirectory()) kind = 'directory';
    else return pathDenied('SPECIAL_FILE', `${quotePath(original)} is a device, pipe or socket, not a regular file.`, input);
  } else if (!real.ancestorIsDirectory) {
    return pathDenied('PARENT_NOT_DIRECTORY', `${quotePath(original)} cannot exist: one of its parent names is a file, not a directory.`, input);
  }

  if (kind === 'file' && linkCount > 1 && !options.allowHardLinks) {
    return options.forWrite
      ? pathDenied('HARD_LINK', `${quotePath(original)} has ${linkCount} hard links; writing it would also change the file under its other names, which may lie outside the workspace.`, input)
      : pathDenied('HARD_LINK', `${quotePath(original)} has ${linkCount} hard links; its other names may lie outside the workspace, so it is not read. Ask the user to replace it with a copy.`, input);
  }
  if (options.forWrite) {
    if (hasGitSegment(relPath) || hasGitSegment(realRelPath)) {
      return pathDenied('GIT_INTERNALS', `${quotePath(original)} is inside .git; the repository's internals are never written by these tools.`, input);
    }
    const gitDir = await gitDirContaining(realRoot.real, real.path, ci);
    if (gitDir !== undefined) {
      return pathDenied('GIT_INTERNALS', `${quotePath(original)} is inside a git directory (${quotePath(toSlashes(nodePath.relative(realRoot.real, gitDir)) || '.')}); the repository's internals are never written by these tools.`, input);
    }
    for (const dir of options.protectedDirs ?? []) {
      if (await isInsideProtected(dir, candidate, real.path, ci)) {
        return pathDenied('PROTECTED_STORAGE', `${quotePath(original)} is inside the extension's own storage, which tools may not write.`, input);
      }
    }
  }

  if (!real.exists && !options.allowCreate) {
    return fail('FILE_NOT_FOUND', `${quotePath(original)} does not exist in the workspace.`, { path: original.slice(0, 120) });
  }

  return {
    ok: true,
    absPath: candidate,
    realPath: real.path,
    relPath,
    realRelPath,
    root: lexicalRoot.path,
    rootName: lexicalRoot.name,
    realRoot: realRoot.real,
    exists: real.exists,
    kind,
    ...(fileId !== undefined ? { fileId } : {}),
  };
}

/** Normalized roots with their real paths; roots that do not exist are dropped. */
async function realRootsOf(roots: readonly WorkspaceRootInput[]): Promise<Root[]> {
  const out: Root[] = [];
  for (const r of Array.isArray(roots) ? roots : []) {
    const raw = typeof r === 'string' ? r : r && typeof r.path === 'string' ? r.path : undefined;
    if (!raw || !nodePath.isAbsolute(raw)) continue;
    const path = nodePath.resolve(raw);
    const name = typeof r === 'object' && typeof r.name === 'string' && r.name !== '' ? r.name : nodePath.basename(path);
    try {
      out.push({ path, name, real: await fs.realpath(path) });
    } catch {
      // A folder deleted or unreadable since it was opened is not a place to resolve in.
    }
  }
  return out;
}

function equalNames(a: string, b: string, ci: boolean): boolean {
  return ci ? a.toLowerCase() === b.toLowerCase() : a === b;
}

/** The root (deepest, for nested roots) whose chosen path contains `p`. */
function deepestContaining(roots: Root[], p: string, pick: (r: Root) => string, ci: boolean): Root | undefined {
  let best: Root | undefined;
  for (const r of roots) {
    if (isInsideOrEqual(pick(r), p, ci) && (!best || pick(r).length > pick(best).length)) best = r;
  }
  return best;
}

async function isInsideProtected(dir: string, lexical: string, real: string, ci: boolean): Promise<boolean> {
  if (typeof dir !== 'string' || !nodePath.isAbsolute(dir)) return false;
  const abs = nodePath.resolve(dir);
  if (isInsideOrEqual(abs, lexical, ci) || isInsideOrEqual(abs, real, ci)) return true;
  const realDir = await realpathOfLongestExisting(abs);
  return realDir.ok && (isInsideOrEqual(realDir.path, real, ci) || isInsideOrEqual(realDir.path, lexical, ci));
}

export type LongestExisting =
  | { ok: true; path: string; exists: boolean; ancestorIsDirectory: boolean }
  | { ok: false; reason: string };

/**
 * The real path of `absPath`, or — when it does not exist — the real path of its longest
 * existing ancestor with the missing names appended. `exists` says whether `absPath` itself
 * exists; `ancestorIsDirectory` whether that ancestor can hold the missing tail. A missing
 * component that is a symlink (dangling link) is `{ ok: false, reason: 'DANGLING_SYMLINK' }`;
 * other errors (ELOOP, EACCES) are `{ ok: false, reason: code }`. Never throws.
 */
export async function realpathOfLongestExisting(absPath: string): Promise<LongestExisting> {
  const tail: string[] = [];
  let current = absPath;
  for (;;) {
    try {
      const real = await fs.realpath(current);
      if (tail.length === 0) return { ok: true, path: real, exists: true, ancestorIsDirectory: true };
      const stat = await fs.stat(real);
      return { ok: true, path: nodePath.join(real, ...tail.reverse()), exists: false, ancestorIsDirectory: stat.isDirectory() };
    } catch (error) {
      const code = errorCode(error);
      if (code !== 'ENOENT' && code !== 'ENOTDIR') return { ok: false, reason: code ?? describeError(error) };
      try {
        const link = await fs.lstat(current);
        if (link.isSymbolicLink()) return { ok: false, reason: 'DANGLING_SYMLINK' };
      } catch {
        // Not there at all: keep climbing.
      }
      const parent = nodePath.dirname(current);
      if (parent === current) return { ok: false, reason: code };
      tail.push(nodePath.basename(current));
      current = parent;
    }
  }
}

function errorCode(error: unknown): string | undefined {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string'
    ? (error as { code: string }).code
    : undefined;
}

function describeError(error: unknown): string {
  return errorCode(error) ?? (error instanceof Error ? error.message : String(error));
}
