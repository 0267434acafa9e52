import * as vscode from 'vscode';
import { promises as fs } from 'node:fs';
import { sha256Text } from '../../core/hash';
import type { Result } from '../../core/types';
import { eolKind } from '../../files/decode';
import type { FileText } from '../../engine/host';
import { readDiskText as readDiskTextAt, tooLarge } from '../../files/disk-text';

/**
 * A file's text as the tools see it in VS Code: the open editor's buffer (dirty or not), else
 * the disk (see FileText in engine/host.ts for the fields).
 */
export interface CurrentText extends FileText {
  isOpen: boolean;
  isDirty: boolean;
}

export function findOpenDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
  const key = uri.toString();
  return vscode.workspace.textDocuments.find((d) => d.uri.toString() === key && !d.isClosed);
}

/**
 * Reads the current text of an existing file: an editor's text when it has unsaved changes
 * (what the user sees), else what the disk holds — the editor's text when it is the disk's,
 * or when encoded as the editor saves it, it is the disk's bytes (another encoding: `diskBytes`),
 * else the disk's text (`editorEolNormalized`: the model normalized its line endings;
 * `editorStale`: another program wrote it).
 * A model with no unsaved changes is never trusted over the disk: after another program wrote
 * the file it may still hold the old text, or a lossy decoding of bytes that are not UTF-8,
 * and an edit based on it would overwrite that program's work and back up the wrong text.
 * Failures: FILE_NOT_FOUND, IS_DIRECTORY, TOO_LARGE, BINARY_FILE, NOT_UTF8. Never throws.
 */
export async function readCurrentText(uri: vscode.Uri, displayPath: string, maxBytes: number): Promise<Result<{ current: CurrentText }>> {
  const doc = findOpenDocument(uri);
  if (doc) {
    const text = doc.getText();
    if (Buffer.byteLength(text, 'utf8') > maxBytes) return tooLarge(displayPath, maxBytes);
    if (doc.isDirty) {
      const bom = await hasBomOnDisk(uri.fsPath);
      return { ok: true, current: { text, sha256: sha256Text(text), eol: eolKind(text), bom, isOpen: true, isDirty: true } };
    }
    const disk = await readDiskText(uri, displayPath, maxBytes);
    if (!disk.ok) {
      // A file the user keeps in another encoding (files.encoding, or one VS Code guessed):
      // the editor's text stands when, encoded as VS Code will save it, it is the disk's bytes.
      // Its backup is those bytes (diskBytes), so a rollback restores them as they were.
      const diskBytes = disk.failure.error_type === 'NOT_UTF8' ? await bytesItSavesTo(doc) : undefined;
      if (diskBytes) {
        return { ok: true, current: { text, sha256: sha256Text(text), eol: eolKind(text), bom: false, isOpen: true, isDirty: false, diskBytes } };
      }
      return disk;
    }
    if (text === disk.current.text) {
      return { ok: true, current: { text, sha256: sha256Text(text), eol: eolKind(text), bom: disk.current.bom, isOpen: true, isDirty: false } };
    }
    // The model normalized the disk's mixed line endings: the disk's text is what the file
    // holds (it is backed up, hashed and edited as it is, and written directly so the other
    // line endings survive), exactly as when no editor is open.
    if (sameIgnoringLineEndings(text, disk.current.text)) return { ok: true, current: { ...disk.current, isOpen: true, editorEolNormalized: true } };
    return { ok: true, current: { ...disk.current, isOpen: true, editorStale: true } };
  }
  return readDiskText(uri, displayPath, maxBytes);
}

/** The disk's bytes when the document, encoded in its own (non-UTF-8) encoding, is byte for byte those bytes; else undefined. */
async function bytesItSavesTo(doc: vscode.TextDocument): Promise<Buffer | undefined> {
  if (/^utf-?8/i.test(doc.encoding)) return undefined;
  try {
    const [mine, disk] = await Promise.all([vscode.workspace.encode(doc.getText(), { encoding: doc.encoding }), fs.readFile(doc.uri.fsPath)]);
    return Buffer.from(mine).equals(disk) ? disk : undefined;
  } catch {
    return undefined;
  }
}

function sameIgnoringLineEndings(a: string, b: string): boolean {
  return a === b || a.replace(/\r\n?/g, '\n') === b.replace(/\r\n?/g, '\n');
}

/** The file's text as the disk holds it (closed-file view; the rules of disk-text.ts). */
async function readDiskText(uri: vscode.Uri, displayPath: string, maxBytes: number): Promise<Result<{ current: CurrentText }>> {
  const disk = await readDiskTextAt(uri.fsPath, displayPath, maxBytes);
  return disk.ok ? { ok: true, current: { ...disk.current, isOpen: false, isDirty: false } } : disk;
}

async function hasBomOnDisk(fsPath: string): Promise<boolean> {
  try {
    const handle = await fs.open(fsPath, 'r');
    try {
      const buf = Buffer.alloc(3);
      const { bytesRead } = await handle.read(buf, 0, 3, 0);
      return bytesRead === 3 && buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf;
    } finally {
      await handle.close();
    }
  } catch {
    return false;
  }
}

