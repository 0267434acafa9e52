import { promises as fs } from 'node:fs';

/**
 * The permission bits (with setuid/setgid/sticky) of a file, or undefined when it cannot be
 * stat'ed. Read with a file's text so a move or a re-creation can give the new file the same
 * mode (an executable script stays executable).
 */
export async function fileMode(realPath: string): Promise<number | undefined> {
  try {
    return (await fs.stat(realPath)).mode & 0o7777;
  } catch {
    return undefined;
  }
}

/** The mode a file created here gets when none is asked for (0666 under the process's umask). */
export function defaultFileMode(): number {
  return 0o666 & ~process.umask();
}
