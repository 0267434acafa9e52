import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { sha256Bytes } from '../core/hash';
import { fail, Result } from '../core/types';
import { decodeTextFile } from './decode';

/** What a file held when it was read: its text and BOM, or (not text) the sha256 of its bytes. */
export type ReadContent = { text: string; bom: boolean } | { bytes: Buffer; sha256: string };

/** Whether the bytes on disk are still what was read: the same decoded text and BOM, or the same bytes. */
export function diskHolds(bytes: Buffer, expected: ReadContent, displayPath: string): boolean {
  if ('bytes' in expected) return sha256Bytes(bytes) === expected.sha256;
  const now = decodeTextFile(bytes, displayPath);
  return now.ok && now.bom === expected.bom && now.text === expected.text;
}

/**
 * Reads the file again and tells whether it still holds what was read: the check every delete
 * and every overwrite makes, so another program's change made meanwhile (while a consent
 * dialog, a validator or earlier saves ran) is never deleted or overwritten unseen.
 */
export async function recheckDisk(realPath: string, expected: ReadContent, displayPath: string): Promise<Result<{}>> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(realPath);
  } catch (e) {
    return fail('FILE_NOT_FOUND', `${displayPath} could not be read again before changing it (${(e as NodeJS.ErrnoException).code ?? 'error'}). Nothing was changed.`);
  }
  if (!diskHolds(bytes, expected, displayPath)) {
    return fail('HASH_MISMATCH', `${displayPath} changed on disk while the change was being prepared (another program wrote it). Nothing was changed; read the file again.`, { reason: 'changed_on_disk' });
  }
  return { ok: true };
}

/** Deletes a file only while it still holds what was read (another program's later content is never deleted unseen). */
export async function deleteChecked(realPath: string, expected: ReadContent, displayPath: string): Promise<Result<{}>> {
  const same = await recheckDisk(realPath, expected, displayPath);
  if (!same.ok) return same;
  try {
    await fs.unlink(realPath);
    return { ok: true };
  } catch (e) {
    return fail('INTERNAL_ERROR', `${displayPath} could not be deleted (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
}

/** A new file's folder: it must be a folder; a missing one is created only with create_dirs. */
export async function ensureParent(realPath: string, createDirs: boolean, displayPath: string): Promise<Result<{}>> {
  const parent = nodePath.dirname(realPath);
  try {
    const st = await fs.stat(parent);
    if (!st.isDirectory()) return fail('PATH_DENIED', `The parent of ${displayPath} is not a folder.`, { reason: 'parent_not_directory' });
    return { ok: true };
  } catch {
    if (!createDirs) return fail('FILE_NOT_FOUND', `The folder for ${displayPath} does not exist. Pass create_dirs: true to create it.`);
    await fs.mkdir(parent, { recursive: true });
    return { ok: true };
  }
}
