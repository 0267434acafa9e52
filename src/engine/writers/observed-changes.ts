import * as nodePath from 'node:path';
import type { ChangeKind } from '../../history/types';
import type { ContentRef, PathChange } from '../../history/checkpoints/diffCheckpoints';
import type { FolderCheckpoint, Host } from '../host';
import type { ObservedChange } from '../write/transaction';

/** The most changes one comparison of checkpoints records; the rest are counted (a program that generates a tree). */
export const MAX_OBSERVED_FILES = 1000;

/** One file that changed between two checkpoints, before its contents are read. */
export interface ChangedPath {
  /** Absolute path (the folder joined with the checkpoint's relative path). */
  abs: string;
  kind: ChangeKind;
  before?: ContentRef;
  after?: ContentRef;
}

export interface Comparison {
  changed: ChangedPath[];
  /** Paths not recorded, and why (a link, left out by one side, past the cap). */
  skipped: Array<{ path: string; reason: string }>;
}

/**
 * What changed from `before` to `after`, folder by folder (a folder missing on either side is not
 * compared). `written`: paths a watcher saw written, so that one left out by both checkpoints is
 * named as not recorded.
 */
export async function compareCheckpoints(host: Pick<Host, 'checkpoints'>, before: FolderCheckpoint[], after: FolderCheckpoint[], written?: (abs: string) => boolean): Promise<Comparison> {
  const out: Comparison = { changed: [], skipped: [] };
  const cps = host.checkpoints;
  if (!cps) return out;
  for (const a of after) {
    const b = before.find((x) => x.root === a.root);
    if (!b) {
      out.skipped.push({ path: a.root, reason: 'no earlier checkpoint of this folder' });
      continue;
    }
    if (b.id === a.id) continue;
    const diff = await cps.diff(b.id, a.id);
    if (!diff.ok) {
      out.skipped.push({ path: a.root, reason: diff.failure.message });
      continue;
    }
    const add = (c: PathChange, kind: ChangeKind) => {
      const abs = nodePath.join(a.root, c.path);
      if (c.before?.kind === 'link' || c.after?.kind === 'link') out.skipped.push({ path: abs, reason: 'symbolic link' });
      else if (out.changed.length >= MAX_OBSERVED_FILES) out.skipped.push({ path: abs, reason: `more than ${MAX_OBSERVED_FILES} files changed` });
      else out.changed.push({ abs, kind, ...(c.before ? { before: c.before } : {}), ...(c.after ? { after: c.after } : {}) });
    };
    diff.diff.created.forEach((c) => add(c, 'create'));
    diff.diff.changed.forEach((c) => add(c, 'modify'));
    diff.diff.deleted.forEach((c) => add(c, 'delete'));
    for (const u of diff.diff.unknown) {
      const abs = nodePath.join(a.root, u.path);
      // Left out both times: only a path seen written is a gap in the history (the rest may not have changed).
      if (u.side === 'both' && !written?.(abs)) continue;
      const which = u.side === 'before' ? 'the earlier checkpoint' : u.side === 'after' ? 'the later checkpoint' : 'both checkpoints';
      out.skipped.push({ path: abs, reason: `left out of ${which} (${u.reason})` });
    }
  }
  return out;
}

/**
 * The contents of a changed path, read from the store (a checkpoint's blobs are the store's raw
 * blobs), under the path the journal keys it by; undefined when the path does not resolve to a
 * file the tools may touch or a blob cannot be read.
 */
export async function readObserved(host: Pick<Host, 'store' | 'files'>, c: ChangedPath): Promise<ObservedChange | { skip: string } | undefined> {
  const resolved = await host.files.resolve(c.abs, { forWrite: true, allowCreate: true });
  if (!resolved.ok) return undefined;
  if (c.kind === 'delete') {
    // A name a case-insensitive file system still opens (its case changed: a rename), or a file
    // re-created since the checkpoint, is not deleted: the next checkpoint sees what it is.
    const now = await host.files.readForRestore(resolved.target, 1, 1);
    if (!now.ok || now.current !== undefined) return { skip: 'not deleted: the name still opens a file (its case changed on a case-insensitive file system, or it was re-created)' };
  }
  const before = c.before?.kind === 'file' ? await blobBytes(host, c.before.sha256) : undefined;
  const after = c.after?.kind === 'file' ? await blobBytes(host, c.after.sha256) : undefined;
  if ((c.before && !before) || (c.after && !after)) return undefined;
  return {
    path: resolved.target.displayPath, kind: c.kind,
    ...(before ? { before } : {}), ...(after ? { after } : {}),
    ...(c.before?.kind === 'file' ? { beforeMode: c.before.mode } : {}),
    ...(c.after?.kind === 'file' ? { afterMode: c.after.mode } : {}),
  };
}

/** A stored snapshot's bytes (a text snapshot as its UTF-8); undefined when it cannot be read. */
export async function blobBytes(host: Pick<Host, 'store'>, sha256: string): Promise<Buffer | undefined> {
  const read = await host.store.readSnapshot(sha256);
  if (!read.ok) return undefined;
  const s = read.snapshot;
  return 'bytes' in s ? s.bytes : Buffer.from(s.text, 'utf8');
}
