import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import { sha256Bytes, sha256Text } from '../core/hash';
import { fail, Result } from '../core/types';
import type { ChangeKind } from '../history/types';
import { writeBytesChecked, writeBytesOverText, writeClosedFileChecked } from '../workspace/write-direct';
import { decodeTextFile } from '../workspace/decode';
import type { HeadlessContext } from './context';
import { DiskBytes, DiskText, isDiskBytes } from '../workspace/disk-text';
import type { HeadlessTarget } from './target';

/** One change to one file, as the headless tools hand it over (the caller holds the file's lock and ran its checks). */
export interface HeadlessChange {
  tool: string;
  target: HeadlessTarget;
  /** The file as read under its lock; undefined when it does not exist. */
  current: DiskText | DiskBytes | undefined;
  /** The new text; null deletes the file. */
  newText: string | null;
  /** Instead of a text: bytes restored as they are (a rollback to a snapshot that was not text). */
  newBytes?: Buffer;
  client: string;
  turnId?: string;
  createDirs?: boolean;
}

export interface HeadlessCommitted {
  entryId: string;
  kind: ChangeKind;
  /** What the file holds now: its text (and sha256Text), or for bytes their sha256; null after a delete. */
  after: { text: string; sha256: string } | { bytes: number; sha256: string } | null;
  lines?: { added: number; removed: number };
}

/**
 * The headless write transaction, the same order as the extension's (tools/write-transaction.ts):
 * 1. snapshot the current content durably and open a journal entry (store.begin: fsynced);
 * 2. write: atomically, a temp file beside the target flushed and renamed over the REAL path,
 *    keeping the BOM and the permission bits, after checking the disk still holds what was
 *    read (workspace/write-direct.ts); a delete checks the same, then unlinks;
 * 3. finish the entry (applied, or failed with the file untouched). No entry stays pending.
 */
export async function headlessWriteTransaction(ctx: HeadlessContext, change: HeadlessChange): Promise<Result<HeadlessCommitted>> {
  const { target, current } = change;
  const path = target.displayPath;
  const deletes = change.newText === null && change.newBytes === undefined;
  const kind: ChangeKind = current === undefined ? 'create' : deletes ? 'delete' : 'modify';
  if (kind === 'create' && deletes) return fail('FILE_NOT_FOUND', `${path} does not exist; there is nothing to delete.`);
  const before = isDiskBytes(current) ? { beforeText: '', beforeBytes: current.bytes } : { beforeText: current?.text ?? '' };
  const begun = await ctx.store.begin({ tool: change.tool, path, ...before, turnId: change.turnId, client: change.client, kind });
  if (!begun.ok) return fail('INTERNAL_ERROR', `The backup of ${path} could not be written (${begun.failure.message}), so nothing was changed.`);
  let written: Result<{ after: HeadlessCommitted['after'] }>;
  try {
    written = await write(change, kind);
  } catch (e) {
    written = fail('INTERNAL_ERROR', `Applying the change failed: ${(e as Error).message}`);
  }
  if (!written.ok) {
    await ctx.store.finish(begun.id, { after_sha256: begun.before_sha256, outcome: 'failed', message: written.failure.message });
    return written;
  }
  const after = written.after;
  const finished = await ctx.store.finish(begun.id, {
    ...(after && 'bytes' in after ? { after_sha256: after.sha256 } : { afterText: after ? after.text : '' }),
    outcome: 'applied',
  });
  const lines = finished.ok ? { added: finished.entry.lines_added, removed: finished.entry.lines_removed } : undefined;
  return { ok: true, entryId: begun.id, kind, after, ...(lines ? { lines } : {}) };
}

async function write(change: HeadlessChange, kind: ChangeKind): Promise<Result<{ after: HeadlessCommitted['after'] }>> {
  const { target, current } = change;
  const path = target.displayPath;
  if (kind === 'delete') {
    const removed = await deleteChecked(target.realPath, current as DiskText | DiskBytes, path);
    return removed.ok ? { ok: true, after: null } : removed;
  }
  if (current === undefined) {
    const parent = await ensureParent(target.realPath, !!change.createDirs, path);
    if (!parent.ok) return parent;
  }
  if (change.newBytes !== undefined) {
    const data = change.newBytes;
    const done = current !== undefined && !isDiskBytes(current)
      ? await writeBytesOverText(target.realPath, current, data, path)
      : await writeBytesChecked(target.realPath, current?.sha256 ?? null, data, path);
    return done.ok ? { ok: true, after: { bytes: data.length, sha256: sha256Bytes(data) } } : done;
  }
  const text = change.newText as string;
  let done: Result<{}>;
  if (current === undefined) done = await writeBytesChecked(target.realPath, null, Buffer.from(text, 'utf8'), path);
  else if (isDiskBytes(current)) done = await writeBytesChecked(target.realPath, current.sha256, Buffer.from(text, 'utf8'), path);
  else done = await writeClosedFileChecked(target.realPath, current, text, path);
  return done.ok ? { ok: true, after: { text, sha256: sha256Text(text) } } : done;
}

/** A new file's folder: it must be a folder; a missing one is created only with create_dirs (the extension's rule). */
async function ensureParent(realPath: string, createDirs: boolean, displayPath: string): Promise<Result<{}>> {
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

/** Deletes a file only while it still holds what was read (another program's later content is never deleted unseen). */
async function deleteChecked(realPath: string, expected: DiskText | DiskBytes, displayPath: string): Promise<Result<{}>> {
  let bytes: Buffer;
  try {
    bytes = await fs.readFile(realPath);
  } catch (e) {
    return fail('FILE_NOT_FOUND', `${displayPath} could not be read again before deleting it (${(e as NodeJS.ErrnoException).code ?? 'error'}). Nothing was changed.`);
  }
  const same = isDiskBytes(expected)
    ? sha256Bytes(bytes) === expected.sha256
    : (() => { const now = decodeTextFile(bytes, displayPath); return now.ok && now.text === expected.text && now.bom === expected.bom; })();
  if (!same) return fail('HASH_MISMATCH', `${displayPath} changed on disk while the change was being prepared (another program wrote it). Nothing was deleted; read the file again.`);
  try {
    await fs.unlink(realPath);
    return { ok: true };
  } catch (e) {
    return fail('INTERNAL_ERROR', `${displayPath} could not be deleted (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
}
