import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { randomBytes } from 'node:crypto';
import { sha256Bytes } from '../core/hash';
import { fail, Result } from '../core/types';
import { diskHolds, ensureParent } from './recheck-disk';

/**
 * Writes a closed file's new text straight to disk, for the one case where an editor model
 * would change bytes outside the edit (VS Code normalizes a file with mixed line endings when
 * it loads it). The bytes on disk must still be the text the change was computed from (same
 * text, same BOM). See {@link writeFileChecked}. Never throws.
 */
export async function writeClosedFileChecked(realPath: string, expected: { text: string; bom: boolean }, newText: string, displayPath: string): Promise<Result<{}>> {
  return writeBytesOverText(realPath, expected, textBytes(newText, expected.bom && !carriesOwnBom(expected, newText)), displayPath);
}

/**
 * A new text that starts with the BOM's character over a file with a BOM whose text does not:
 * the text carries its own BOM (a backup of the file's bytes, read as text), and the file's BOM
 * added in front would make two. A file whose text itself starts with one (two BOMs on disk)
 * keeps both.
 */
export function carriesOwnBom(current: { text: string; bom: boolean }, newText: string): boolean {
  return current.bom && newText.startsWith('\uFEFF') && !current.text.startsWith('\uFEFF');
}

/** Replaces a text file's bytes with `data`; the disk must still hold `expected`. See {@link writeFileChecked}. */
export async function writeBytesOverText(realPath: string, expected: { text: string; bom: boolean }, data: Buffer, displayPath: string): Promise<Result<{}>> {
  return writeFileChecked(realPath, (bytes) => diskHolds(bytes, expected, displayPath), data, displayPath);
}

/**
 * Replaces a file's bytes without reading them as text (a rollback over a file that is binary,
 * not UTF-8 or too large): the bytes on disk must still hash to `expectedSha256`, or, when
 * that is null, the file must not exist. See {@link writeFileChecked}. Never throws.
 */
export async function writeBytesChecked(realPath: string, expectedSha256: string | null, data: Buffer, displayPath: string, createMode?: number): Promise<Result<{}>> {
  return writeFileChecked(realPath, (bytes) => sha256Bytes(bytes) === expectedSha256, data, displayPath, expectedSha256 === null, createMode);
}

/**
 * What a tool read of a file, as the direct writes check it: nothing (a new file), its bytes
 * (not text), or its text and BOM — with the disk's bytes when an editor decoded the text from
 * another encoding.
 */
export type ReadState = undefined | { bytes: Buffer; sha256: string } | { text: string; bom: boolean; diskBytes?: Buffer };

/**
 * Writes `data` as the file's bytes over what was read (the disk must still hold it; a new
 * file must still be missing), creating its missing parent folders when `createDirs`.
 */
export async function writeBytesOverRead(realPath: string, current: ReadState, data: Buffer, displayPath: string, createDirs: boolean): Promise<Result<{}>> {
  if (current === undefined) {
    const parent = await ensureParent(realPath, createDirs, displayPath);
    return parent.ok ? writeBytesChecked(realPath, null, data, displayPath) : parent;
  }
  if ('bytes' in current) return writeBytesChecked(realPath, current.sha256, data, displayPath);
  if (current.diskBytes) return writeBytesChecked(realPath, sha256Bytes(current.diskBytes), data, displayPath);
  return writeBytesOverText(realPath, current, data, displayPath);
}

/** Creates a text file on disk (it must still be missing), with the BOM and mode of `like` when given. */
export async function createTextFile(realPath: string, text: string, createDirs: boolean, displayPath: string, like?: { bom: boolean; mode?: number }): Promise<Result<{}>> {
  const parent = await ensureParent(realPath, createDirs, displayPath);
  if (!parent.ok) return parent;
  return writeBytesChecked(realPath, null, textBytes(text, like?.bom ?? false), displayPath, like?.mode);
}

/** A new text file's bytes: the text's UTF-8, after a BOM when it is to have one. */
export function textBytes(text: string, bom: boolean): Buffer {
  const body = Buffer.from(text, 'utf8');
  return bom ? Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), body]) : body;
}

/**
 * The direct write, as safe as a WorkspaceEdit is:
 * - the bytes on disk are read again just before the write and must pass `isUnchanged` (a
 *   concurrent writer's change is never overwritten unseen); with `mayBeMissing`, a missing
 *   file passes too (a file being re-created) and one that appeared meanwhile does not;
 * - the new bytes go to a temp file beside the target (same file system), are flushed, and
 *   renamed over the REAL path (a symlink stays a symlink; a crash leaves old or new, never
 *   a torn file), keeping the file's permission bits (a new file: `createMode`).
 * No `vscode` import. Never throws.
 */
async function writeFileChecked(realPath: string, isUnchanged: (bytes: Buffer) => boolean, data: Buffer, displayPath: string, mayBeMissing = false, createMode?: number): Promise<Result<{}>> {
  // A new file gets the mode asked for (a moved or re-created file's own), else rw-r--r--.
  let mode = createMode ?? 0o644;
  try {
    const bytes = await fs.readFile(realPath);
    mode = (await fs.stat(realPath)).mode & 0o7777;
    if (mayBeMissing || !isUnchanged(bytes)) {
      return fail('HASH_MISMATCH', `${displayPath} changed on disk while the change was being prepared (another program wrote it). Nothing was written; read the file again.`);
    }
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (!(mayBeMissing && code === 'ENOENT')) {
      return fail('FILE_NOT_FOUND', `${displayPath} could not be read again before writing (${code ?? 'error'}). Nothing was written.`);
    }
  }
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
