/**
 * The directory named by a `.git` FILE (submodules, `git worktree add`, the bare-repo
 * worktree layout `.git` → `gitdir: ./.bare`), or undefined when the text is not a pointer.
 *
 * Git reads only the first line, `gitdir: <path>`; a relative path is relative to the
 * directory holding the `.git` file (the caller resolves it). Looks at no more than
 * {@link MAX_POINTER_CHARS} characters, so a huge or hostile file costs nothing. Never throws.
 */
export const MAX_POINTER_CHARS = 4096;

export function parseGitdirPointer(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const head = text.slice(0, MAX_POINTER_CHARS);
  const end = head.search(/[\r\n]/);
  const line = end === -1 ? head : head.slice(0, end);
  const m = /^gitdir:[ \t]*(.*?)[ \t]*$/.exec(line);
  return m && m[1] !== '' && !m[1].includes('\0') ? m[1] : undefined;
}

/** The first line of a worktree git dir's `commondir` file (the shared repository), or undefined. */
export function parseCommondir(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const head = text.slice(0, MAX_POINTER_CHARS);
  const end = head.search(/[\r\n]/);
  const line = (end === -1 ? head : head.slice(0, end)).trim();
  return line !== '' && !line.includes('\0') ? line : undefined;
}
