import { promises as fs } from 'node:fs';
import { sha256Bytes, sha256Text } from '../core/hash';
import { fail, Result } from '../core/types';
import { decodeTextFile, eolKind, EolKind } from './decode';

/**
 * A file's text as the disk holds it (no `vscode`): what the headless server sees, and what
 * current-text.ts reads for a file with no editor model.
 */
export interface DiskText {
  text: string;
  /** sha256Text of `text` (BOM excluded): the hash protocol's value. */
  sha256: string;
  eol: EolKind;
  /** A UTF-8 BOM is on disk; kept by every write, never part of `text` or the hash. */
  bom: boolean;
}

/** A file that cannot be read as text (binary, not UTF-8, too large), read for a rollback. */
export interface DiskBytes {
  bytes: Buffer;
  sha256: string;
  unreadable: string;
}

/**
 * Reads an existing file with the extension's decoding rules (files/decode.ts): UTF-8
 * only, BOM noted and stripped, NUL = binary, at most `maxBytes`. Failures: FILE_NOT_FOUND,
 * IS_DIRECTORY, PATH_DENIED (not a regular file), TOO_LARGE, BINARY_FILE, NOT_UTF8, with the
 * extension's messages. Never throws.
 */
export async function readDiskText(realPath: string, displayPath: string, maxBytes: number): Promise<Result<{ current: DiskText }>> {
  let stat;
  try {
    stat = await fs.stat(realPath);
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return fail('FILE_NOT_FOUND', `${displayPath} does not exist. Check the path, or create it with write_file.`);
    return fail('FILE_NOT_FOUND', `${displayPath} cannot be read (${code ?? 'error'}).`);
  }
  if (stat.isDirectory()) return fail('IS_DIRECTORY', `${displayPath} is a directory, not a file.`);
  if (!stat.isFile()) return fail('PATH_DENIED', `${displayPath} is not a regular file.`, { reason: 'not_regular_file' });
  if (stat.size > maxBytes) return tooLarge(displayPath, maxBytes, stat.size);
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(realPath);
  } catch (e) {
    return fail('FILE_NOT_FOUND', `${displayPath} cannot be read (${(e as NodeJS.ErrnoException).code ?? 'error'}).`);
  }
  // The size may have grown between stat and read.
  if (bytes.length > maxBytes) return tooLarge(displayPath, maxBytes, bytes.length);
  const decoded = decodeTextFile(bytes, displayPath);
  if (!decoded.ok) return decoded;
  const text = decoded.text;
  return { ok: true, current: { text, sha256: sha256Text(text), eol: eolKind(text), bom: decoded.bom } };
}

/** Failures of the text read that reading the bytes gets past. */
export const UNREADABLE_AS_TEXT = new Set(['BINARY_FILE', 'NOT_UTF8', 'TOO_LARGE']);

/**
 * Reads a file for a rollback: as text when it can be, else as bytes up to `maxRawBytes`
 * (a rollback must never need to decode the file it replaces); undefined when it does not
 * exist. Never throws.
 */
export async function readForRestore(realPath: string, displayPath: string, maxBytes: number, maxRawBytes: number): Promise<Result<{ current: DiskText | DiskBytes | undefined }>> {
  const asText = await readDiskText(realPath, displayPath, maxBytes);
  if (asText.ok) return asText;
  if (asText.failure.error_type === 'FILE_NOT_FOUND') {
    try {
      await fs.lstat(realPath);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { ok: true, current: undefined };
    }
    return asText;
  }
  if (!UNREADABLE_AS_TEXT.has(asText.failure.error_type)) return asText;
  return readDiskBytes(realPath, displayPath, maxRawBytes, asText.failure.error_type);
}

/** The file's bytes for a rollback, up to `maxRawBytes` (a bound on memory: they are held and snapshotted whole). */
export async function readDiskBytes(realPath: string, displayPath: string, maxRawBytes: number, unreadable: string): Promise<Result<{ current: DiskBytes | undefined }>> {
  try {
    const stat = await fs.stat(realPath);
    if (stat.size > maxRawBytes) {
      return fail('TOO_LARGE', `${displayPath} is ${(stat.size / 1024 / 1024).toFixed(1)} MB, more than a rollback backs up (${(maxRawBytes / 1024 / 1024).toFixed(0)} MB). Nothing was changed. Move or delete the file, then roll back again: the backup's text is written as a new file.`);
    }
    const bytes = await fs.readFile(realPath);
    return { ok: true, current: { bytes, sha256: sha256Bytes(bytes), unreadable } };
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') return { ok: true, current: undefined };
    return fail('FILE_NOT_FOUND', `${displayPath} cannot be read (${code ?? 'error'}).`);
  }
}

export function isDiskBytes(c: DiskText | DiskBytes | undefined): c is DiskBytes {
  return c !== undefined && 'bytes' in c;
}

/** TOO_LARGE for a file (or an editor's text) over maxFileSizeMB. */
export function tooLarge(displayPath: string, maxBytes: number, size?: number) {
  const mb = (n: number) => (n / 1024 / 1024).toFixed(1);
  return fail('TOO_LARGE', `${displayPath} is ${size !== undefined ? mb(size) + ' MB, ' : ''}larger than the ${mb(maxBytes)} MB limit (setting safeEdit.maxFileSizeMB).`);
}
