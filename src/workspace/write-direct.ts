import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { randomBytes } from 'node:crypto';
import { fail, Result } from '../core/types';
import { decodeTextFile } from './decode';

/**
 * Writes a closed file's new text straight to disk, for the one case where an editor model
 * would change bytes outside the edit (VS Code normalizes a file with mixed line endings when
 * it loads it). Safe as a WorkspaceEdit is:
 * - the bytes on disk are read again just before the write and must still be the text the
 *   change was computed from (a concurrent writer's change is never overwritten unseen);
 * - the new bytes go to a temp file beside the target (same file system), are flushed, and
 *   renamed over the REAL path (a symlink stays a symlink; a crash leaves old or new, never
 *   a torn file), keeping the file's permission bits.
 * No `vscode` import. Never throws.
 */
export async function writeClosedFileChecked(realPath: string, expected: { text: string; bom: boolean }, newText: string, displayPath: string): Promise<Result<{}>> {
  let bytes: Buffer;
  let mode: number;
  try {
    bytes = await fs.readFile(realPath);
    mode = (await fs.stat(realPath)).mode & 0o7777;
  } catch (e) {
    return fail('FILE_NOT_FOUND', `${displayPath} could not be read again before writing (${(e as NodeJS.ErrnoException).code ?? 'error'}). Nothing was written.`);
  }
  const now = decodeTextFile(bytes, displayPath);
  if (!now.ok || now.text !== expected.text || now.bom !== expected.bom) {
    return fail('HASH_MISMATCH', `${displayPath} changed on disk while the edit was being prepared (another program wrote it). Nothing was written; read the file again.`);
  }
  const body = Buffer.from(newText, 'utf8');
  const data = expected.bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
  const tmp = nodePath.join(nodePath.dirname(realPath), `.${nodePath.basename(realPath)}.ase-${randomBytes(4).toString('hex')}.tmp`);
  try {
    const handle = await fs.open(tmp, 'wx', mode);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.chmod(tmp, mode); // the umask may have narrowed the mode given to open
    await fs.rename(tmp, realPath);
    return { ok: true };
  } catch (e) {
    await fs.rm(tmp, { force: true }).catch(() => undefined);
    return fail('INTERNAL_ERROR', `${displayPath} could not be written (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}). The file is unchanged.`);
  }
}
