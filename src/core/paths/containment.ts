import * as nodePath from 'node:path';

/** Path functions for one platform; the native ones unless a test passes `path.win32`. */
export type PathApi = typeof nodePath.posix;

/** True on filesystems that compare names case-insensitively by default (Windows, macOS). */
export function defaultCaseInsensitive(platform: string = process.platform): boolean {
  return platform === 'win32' || platform === 'darwin';
}

/**
 * True when `child` is `parent` itself or lies below it. Both must be absolute and
 * normalized (no `..`); the comparison is on whole segments, so `/ws-other` is not inside
 * `/ws`. Case-insensitive when asked (Windows/macOS). Purely lexical: symlinks are the
 * caller's business (compare realpaths).
 */
export function isInsideOrEqual(parent: string, child: string, caseInsensitive: boolean, pathApi: PathApi = nodePath): boolean {
  const a = caseInsensitive ? parent.toLowerCase() : parent;
  const b = caseInsensitive ? child.toLowerCase() : child;
  const rel = pathApi.relative(a, b);
  if (rel === '') return true;
  if (pathApi.isAbsolute(rel)) return false; // another drive on Windows
  return !isDotDotSegmentStart(rel, pathApi);
}

/** True when `rel` begins with a real `..` segment (not a name like `..foo`). */
function isDotDotSegmentStart(rel: string, pathApi: PathApi): boolean {
  return rel === '..' || rel.startsWith('..' + pathApi.sep) || rel.startsWith('../');
}

/** Splits a relative path into names on `/` and `\`, dropping empty names and `.`. */
export function splitSegments(rel: string): string[] {
  return rel.split(/[\\/]+/).filter((s) => s !== '' && s !== '.');
}

/** A relative path with `/` separators, as globs and messages use. */
export function toSlashes(rel: string): string {
  return rel.split(/[\\/]+/).filter((s) => s !== '').join('/');
}

/**
 * True when any name in the relative path is `.git` (the repository's internals, or in a
 * submodule/worktree the `.git` file that points git at another directory) or the NTFS
 * 8.3 short name of `.git` (`GIT~1`, the CVE-2014-9390 family). Case-insensitive always: on
 * Windows and macOS `.GIT` is the same directory.
 */
export function hasGitSegment(rel: string): boolean {
  return splitSegments(rel).some((s) => s.toLowerCase() === '.git' || /^git~\d+$/i.test(s));
}
