import { promises as fs, constants as fsConstants } from 'node:fs';
import * as nodePath from 'node:path';
import { randomBytes } from 'node:crypto';
import { sha256Bytes } from '../../core/hash';
import { FileEntry, ManifestIndex, PathState } from './manifest';

/** What happened to one path. */
export interface RestoreOutcome {
  path: string;
  outcome:
    | 'restored' // its bytes and mode (or link) are the checkpoint's again
    | 'recreated' // it was deleted since; it is back
    | 'deleted' // it was created since and unchanged; it is gone
    | 'already' // it already was as in the checkpoint: nothing written
    | 'conflict' // it changed after `expected` (someone else wrote it): left as it is
    | 'before_unknown' // the checkpoint left it out (ignored, over a cap, unreadable): never "restored" to something else
    | 'refused' // not a path a restore may touch (.git, the store, outside the folder, through a link)
    | 'failed';
  reason?: string;
}

export interface RestoreRequest {
  /** The workspace folder (absolute). */
  root: string;
  /** The store's root: never written by a restore, even when it lies in the folder. */
  storeRoot: string;
  /** Folder-relative paths, `/`-separated. */
  paths: readonly string[];
  /** The checkpoint to put back. */
  from: ManifestIndex;
  /**
   * What the files are expected to hold now (a later checkpoint: the end of the turn). A file
   * that differs from it changed after it and is left alone, unless `overwriteChanged`; a file
   * created since is deleted only when it still matches it (even with `overwriteChanged`).
   */
  expected: ManifestIndex;
  overwriteChanged?: boolean;
  /** The bytes of a blob, verified against its sha256. */
  readBlob: (sha256: string) => Promise<Buffer>;
}

/** What a path holds on disk now, compared by content. */
type Current = { state: 'absent' } | { state: 'file'; sha256: string; mode: number } | { state: 'link'; target: string } | { state: 'other' };

/**
 * Puts the paths back as the `from` checkpoint recorded them: bytes and mode exactly (or the
 * link), re-creating deleted files and deleting created ones, each path on its own. Right
 * before each write or delete the path is read again and must still hold what was decided
 * on; writes go to a temp file beside the target, fsynced, then renamed over it. Never
 * writes through a symbolic link (every folder on the way is checked to be a real folder
 * inside the root right before the write and again before the rename), into .git or into the
 * store. Never throws.
 */
export async function restoreFiles(request: RestoreRequest): Promise<RestoreOutcome[]> {
  const outcomes: RestoreOutcome[] = [];
  for (const p of request.paths) {
    try {
      outcomes.push(await restoreOne(request, p));
    } catch (error) {
      outcomes.push({ path: p, outcome: 'failed', reason: (error as NodeJS.ErrnoException).code ?? (error as Error).message });
    }
  }
  return outcomes;
}

async function restoreOne(request: RestoreRequest, p: string): Promise<RestoreOutcome> {
  const refusal = pathRefusal(p);
  if (refusal) return { path: p, outcome: 'refused', reason: refusal };
  const root = await fs.realpath(request.root);
  const abs = nodePath.join(root, ...p.split('/'));
  const storeReal = await fs.realpath(request.storeRoot).catch(() => nodePath.resolve(request.storeRoot));
  if (abs === storeReal || abs.startsWith(storeReal + nodePath.sep)) return { path: p, outcome: 'refused', reason: 'inside the backup store' };
  const parents = await parentsCheck(root, p);
  if (parents) return { path: p, outcome: 'refused', reason: parents };

  const target = request.from.stateOf(p);
  if (target.state === 'unknown') return { path: p, outcome: 'before_unknown', reason: `${target.reason}${target.under !== p ? ` (${target.under})` : ''}` };
  const expected = request.expected.stateOf(p);
  const now = await currentState(abs);
  if (matches(now, target)) return { path: p, outcome: 'already' };
  if (now.state === 'other') return { path: p, outcome: 'refused', reason: 'a folder or special file is in the way' };
  const unchangedSince = expected.state !== 'unknown' && matches(now, expected);

  if (target.state === 'absent') {
    if (!unchangedSince) return { path: p, outcome: 'conflict', reason: 'created, then changed after the expected state: not deleted' };
    const folders = await realFolders(root, p);
    if ('refused' in folders) return { path: p, outcome: 'refused', reason: folders.refused };
    if (!await stillIs(abs, now)) return { path: p, outcome: 'conflict', reason: 'changed while restoring' };
    await fs.unlink(abs);
    await syncDir(nodePath.dirname(abs));
    return { path: p, outcome: 'deleted' };
  }
  if (!unchangedSince && !request.overwriteChanged) return { path: p, outcome: 'conflict', reason: expected.state === 'unknown' ? 'its expected state is unknown' : 'changed after the expected state' };

  await ensureDirs(root, p);
  const dir = nodePath.dirname(abs);
  const temp = nodePath.join(dir, `.${nodePath.basename(abs)}.ase-${randomBytes(4).toString('hex')}.tmp`);
  try {
    const content: { kind: 'file'; bytes: Buffer; entry: FileEntry } | { kind: 'link'; target: string } = target.state === 'file'
      ? { kind: 'file', bytes: await request.readBlob(target.entry.sha256), entry: target.entry }
      : { kind: 'link', target: target.entry.target };
    if (content.kind === 'file' && sha256Bytes(content.bytes) !== content.entry.sha256) throw new Error('the stored bytes fail the sha256 check');
    // Right before the temp file is made, and again before it is renamed into place: a folder on
    // the way replaced by a link since the first check would take the write out of the folder.
    const folders = await realFolders(root, p);
    if ('refused' in folders) return { path: p, outcome: 'refused', reason: folders.refused };
    if (content.kind === 'file') {
      const handle = await fs.open(temp, 'wx', 0o600);
      try {
        await handle.writeFile(content.bytes);
        await handle.chmod(content.entry.mode); // after the write: the umask never narrows it
        await handle.sync();
      } finally {
        await handle.close();
      }
    } else {
      await fs.symlink(content.target, temp);
    }
    const again = await realFolders(root, p);
    if ('refused' in again || !sameFolders(again.ids, folders.ids)) {
      await fs.rm(temp, { force: true });
      return { path: p, outcome: 'refused', reason: 'refused' in again ? again.refused : 'a folder above it was replaced while restoring' };
    }
    if (!await stillIs(abs, now)) { await fs.rm(temp, { force: true }); return { path: p, outcome: 'conflict', reason: 'changed while restoring' }; }
    await fs.rename(temp, abs);
  } catch (error) {
    await fs.rm(temp, { force: true }).catch(() => undefined);
    throw error;
  }
  await syncDir(dir);
  return { path: p, outcome: now.state === 'absent' ? 'recreated' : 'restored' };
}

/** Why a path is not one a restore may touch; undefined when it is. */
function pathRefusal(p: string): string | undefined {
  if (p === '' || p.startsWith('/') || p.includes('\\') || p.includes('\0')) return 'not a folder-relative path';
  const segments = p.split('/');
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return 'not a folder-relative path';
  if (segments.includes('.git')) return 'inside .git';
  return undefined;
}

/** Every existing folder above the path must be a real folder, not a link (never written through). */
async function parentsCheck(root: string, p: string): Promise<string | undefined> {
  const segments = p.split('/');
  let dir = root;
  for (let i = 0; i < segments.length - 1; i++) {
    dir = nodePath.join(dir, segments[i]);
    const st = await fs.lstat(dir).catch(() => undefined);
    if (!st) return undefined;
    if (st.isSymbolicLink()) return `${segments.slice(0, i + 1).join('/')} is a symbolic link`;
    if (!st.isDirectory()) return `${segments.slice(0, i + 1).join('/')} is not a folder`;
  }
  return undefined;
}

type FolderId = { dev: number; ino: number };

/**
 * The root (a real path) and every folder above the path, each checked by lstat to be a real
 * folder, not a link — so the path, which has no "." or ".." (pathRefusal), is inside the root:
 * their device and inode, or why the path may not be written. Node has no openat, so a write goes by path:
 * this is taken right before it and compared with a second take right before the rename. A
 * folder swapped for a link and back between the two takes is not seen; only writes relative
 * to an open folder would close that.
 */
async function realFolders(root: string, p: string): Promise<{ ids: FolderId[] } | { refused: string }> {
  const segments = p.split('/');
  const ids: FolderId[] = [];
  let dir = root;
  for (let i = 0; i < segments.length; i++) {
    if (i > 0) dir = nodePath.join(dir, segments[i - 1]);
    const name = i === 0 ? 'the folder' : segments.slice(0, i).join('/');
    const st = await fs.lstat(dir).catch(() => undefined);
    if (!st) return { refused: `${name} is gone` };
    if (st.isSymbolicLink()) return { refused: `${name} is a symbolic link` };
    if (!st.isDirectory()) return { refused: `${name} is not a folder` };
    ids.push({ dev: st.dev, ino: st.ino });
  }
  return { ids };
}

function sameFolders(a: readonly FolderId[], b: readonly FolderId[]): boolean {
  return a.length === b.length && a.every((x, i) => x.dev === b[i].dev && x.ino === b[i].ino);
}

async function ensureDirs(root: string, p: string): Promise<void> {
  const segments = p.split('/');
  let dir = root;
  for (let i = 0; i < segments.length - 1; i++) {
    dir = nodePath.join(dir, segments[i]);
    try { await fs.mkdir(dir); } catch (error) { if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error; }
    const st = await fs.lstat(dir);
    if (!st.isDirectory()) throw new Error(`${segments.slice(0, i + 1).join('/')} is not a folder`);
  }
}

async function currentState(abs: string): Promise<Current> {
  const st = await fs.lstat(abs).catch((e: NodeJS.ErrnoException) => { if (e.code === 'ENOENT') return undefined; throw e; });
  if (!st) return { state: 'absent' };
  if (st.isSymbolicLink()) return { state: 'link', target: await fs.readlink(abs) };
  if (!st.isFile()) return { state: 'other' };
  const handle = await fs.open(abs, fsConstants.O_RDONLY | (fsConstants.O_NOFOLLOW ?? 0));
  try {
    const bytes = await handle.readFile();
    return { state: 'file', sha256: sha256Bytes(bytes), mode: (await handle.stat()).mode & 0o7777 };
  } finally {
    await handle.close();
  }
}

function matches(now: Current, s: PathState): boolean {
  if (s.state === 'absent') return now.state === 'absent';
  if (s.state === 'file') return now.state === 'file' && now.sha256 === s.entry.sha256 && now.mode === s.entry.mode;
  if (s.state === 'link') return now.state === 'link' && now.target === s.entry.target;
  return false;
}

/** The re-check right before a write or delete: the path still holds what the decision was made on. */
async function stillIs(abs: string, decided: Current): Promise<boolean> {
  const again = await currentState(abs);
  if (again.state !== decided.state) return false;
  if (again.state === 'file' && decided.state === 'file') return again.sha256 === decided.sha256 && again.mode === decided.mode;
  if (again.state === 'link' && decided.state === 'link') return again.target === decided.target;
  return again.state === 'absent';
}

async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r').catch(() => undefined);
  if (!handle) return;
  try { await handle.sync(); } catch { /* platforms that cannot sync a folder */ } finally { await handle.close(); }
}
