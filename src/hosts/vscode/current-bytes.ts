import * as vscode from 'vscode';
import type { Result } from '../../core/types';
import type { FileBytes } from '../../engine/host';
import { CurrentText, findOpenDocument, readCurrentText } from './current-text';
import { readDiskBytes, UNREADABLE_AS_TEXT } from '../../files/disk-text';

/**
 * A file as bytes, for the one caller that must not decode it: a rollback over a file that
 * someone made binary, not UTF-8 or too large. Its snapshot is these bytes, stored raw.
 */
export interface CurrentBytes extends FileBytes {
  isOpen: boolean;
  /** An editor model for the file has unsaved changes (never overwritten). */
  isDirty: boolean;
}

/** Either way a file can be read for a rollback. */
export type CurrentContent = CurrentText | CurrentBytes;

export function isCurrentBytes(c: CurrentContent | undefined): c is CurrentBytes {
  return c !== undefined && 'bytes' in c;
}

/**
 * Reads a file for a rollback: as text when it can be (the normal path), else as bytes up to
 * `maxRawBytes` (a bound on memory: the bytes are held and snapshotted whole). Undefined when
 * the file does not exist. Never throws.
 */
export async function readCurrentForRestore(uri: vscode.Uri, displayPath: string, maxTextBytes: number, maxRawBytes: number): Promise<Result<{ current: CurrentContent | undefined }>> {
  const asText = await readCurrentText(uri, displayPath, maxTextBytes);
  if (asText.ok) return asText;
  if (asText.failure.error_type === 'FILE_NOT_FOUND') return { ok: true, current: undefined };
  if (!UNREADABLE_AS_TEXT.has(asText.failure.error_type)) return asText;
  return readBytes(uri, displayPath, maxRawBytes, asText.failure.error_type);
}

async function readBytes(uri: vscode.Uri, displayPath: string, maxRawBytes: number, unreadable: string): Promise<Result<{ current: CurrentContent | undefined }>> {
  const disk = await readDiskBytes(uri.fsPath, displayPath, maxRawBytes, unreadable);
  if (!disk.ok) return disk;
  if (disk.current === undefined) return { ok: true, current: undefined };
  const doc = findOpenDocument(uri);
  return { ok: true, current: { ...disk.current, isOpen: doc !== undefined, isDirty: doc?.isDirty ?? false } };
}
