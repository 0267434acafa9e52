import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { isInsideOrEqual } from '../core/paths/containment';
import { MAX_POINTER_CHARS, parseCommondir, parseGitdirPointer } from '../core/paths/git-pointer';

/**
 * Finds a git directory that is not named `.git` but still holds a repository's internals,
 * and contains `realPath`: writing its `config` (core.fsmonitor, core.hooksPath…) runs code
 * through VS Code's git extension without anyone's consent.
 *
 * Checked on every existing directory from `realRoot` down to `realPath`'s parent:
 * - shaped like a git dir (a `HEAD` file, a `config` file and an `objects/` directory):
 *   `foo.git/`, the worktree layout's `.bare/`;
 * - holding a `.git` FILE whose `gitdir:` pointer (and that dir's `commondir`) names a
 *   directory containing `realPath`.
 * Returns the offending directory, or undefined. Cost: a few stats per path name (the
 * path's depth is bounded by the syntax check). Never throws.
 *
 * Known limit: a `.git` file outside the path's own ancestors that points elsewhere in
 * the workspace is not looked for (that would need a scan); the shape check still catches
 * its target when it is a full repository.
 */
export async function gitDirContaining(realRoot: string, realPath: string, ci: boolean): Promise<string | undefined> {
  for (const dir of ancestorsFrom(realRoot, nodePath.dirname(realPath))) {
    if (!(await isDirectory(dir))) break;
    if (await looksLikeGitDir(dir)) return dir;
    for (const pointed of await pointedGitDirs(dir)) {
      if (isInsideOrEqual(pointed, realPath, ci)) return pointed;
    }
  }
  return undefined;
}

/** `root`, then each deeper directory down to `dir` (nothing when `dir` is outside `root`). */
function ancestorsFrom(root: string, dir: string): string[] {
  const rel = nodePath.relative(root, dir);
  if (rel.startsWith('..') || nodePath.isAbsolute(rel)) return [];
  const out = [root];
  let current = root;
  for (const name of rel.split(nodePath.sep).filter((s) => s !== '')) {
    current = nodePath.join(current, name);
    out.push(current);
  }
  return out;
}

export async function looksLikeGitDir(dir: string): Promise<boolean> {
  return (await isFile(nodePath.join(dir, 'HEAD'))) && (await isFile(nodePath.join(dir, 'config'))) && (await isDirectory(nodePath.join(dir, 'objects')));
}

/** The directories a `.git` file in `dir` sends git to (its gitdir and that dir's commondir). */
async function pointedGitDirs(dir: string): Promise<string[]> {
  const pointer = parseGitdirPointer(await readSmallFile(nodePath.join(dir, '.git')));
  if (pointer === undefined) return [];
  const gitdir = await realOrSelf(nodePath.resolve(dir, pointer));
  const common = parseCommondir(await readSmallFile(nodePath.join(gitdir, 'commondir')));
  return common === undefined ? [gitdir] : [gitdir, await realOrSelf(nodePath.resolve(gitdir, common))];
}

/** The head of a regular file (never a FIFO or a huge file), or undefined. */
async function readSmallFile(p: string): Promise<string | undefined> {
  try {
    const stat = await fs.stat(p);
    if (!stat.isFile()) return undefined;
    const handle = await fs.open(p, 'r');
    try {
      const buf = Buffer.alloc(MAX_POINTER_CHARS);
      const { bytesRead } = await handle.read(buf, 0, buf.length, 0);
      return buf.subarray(0, bytesRead).toString('utf8');
    } finally {
      await handle.close();
    }
  } catch {
    return undefined;
  }
}

async function realOrSelf(p: string): Promise<string> {
  try {
    return await fs.realpath(p);
  } catch {
    return p;
  }
}

async function isFile(p: string): Promise<boolean> {
  try {
    return (await fs.stat(p)).isFile();
  } catch {
    return false;
  }
}

async function isDirectory(p: string): Promise<boolean> {
  try {
    return (await fs.stat(p)).isDirectory();
  } catch {
    return false;
  }
}
