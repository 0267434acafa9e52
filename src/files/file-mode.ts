import { promises as fs } from 'node:fs';
import { fail, Result } from '../core/types';

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

/**
 * Gives a file these permission bits (a rollback putting back the mode a program changed).
 * Never throws: a refusal (a file of another user, a read-only mount) is a failure value.
 */
export async function setFileMode(realPath: string, mode: number, displayPath: string): Promise<Result<{}>> {
  try {
    await fs.chmod(realPath, mode & 0o7777);
    return { ok: true };
  } catch (e) {
    return fail('PERMISSION_DENIED', `${displayPath}: its permission bits could not be set to ${(mode & 0o7777).toString(8).padStart(4, '0')} (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
}
