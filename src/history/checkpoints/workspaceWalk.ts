import * as fs from 'node:fs';
import * as path from 'node:path';
import { ExcludeGlobs } from './excludeGlobs';
import { IgnoreStack, parseGitignore } from './gitignoreRules';
import { LeftOutReason } from './manifest';

/** A .gitignore larger than this is not read (its rules are left out, the file itself is recorded). */
const MAX_GITIGNORE_BYTES = 1024 * 1024;

export interface WalkRules {
  excludes: ExcludeGlobs;
  useGitignore: boolean;
  /** Absolute real paths never entered (the store itself when it lies inside the folder). */
  skipDirs: ReadonlySet<string>;
  /**
   * Tests only: called when a folder's identity has been taken and it is listed (or, for a
   * watcher's path, its folders checked), before what is under it is looked at — where a test
   * swaps a folder for a link, as another program may at any moment.
   */
  onFolderChecked?: (relFolder: string) => void;
}

/** What the walk found at one path (relative, `/`-separated). */
export type Walked =
  | { kind: 'file'; path: string; abs: string; stat: fs.Stats; folder?: Folder }
  | { kind: 'link'; path: string; abs: string; stat: fs.Stats; folder?: Folder }
  | { kind: 'left_out'; path: string; reason: LeftOutReason };

/** A folder to walk, with the device and inode its lstat had when its parent was listed. */
type Dir = { rel: string[]; abs: string; id?: FileId };
type FileId = { dev: number; ino: number };
/** The folder a path was found in, as it was identified then. */
export type Folder = { abs: string; id: FileId };

const sameId = (a: FileId, b: FileId): boolean => a.dev === b.dev && a.ino === b.ino;

/**
 * Walks a workspace folder depth first, without following any symbolic link, and reports
 * every path: regular files and links with their lstat, and what it leaves out and why
 * (.git, the store, .gitignore'd or excluded paths — a folder once, not its contents —,
 * special files, entries that vanished between the listing and the lstat, folders it cannot
 * list, folders replaced while walked: 'unstable'). Only reads: lstat, readdir, and the
 * .gitignore files (the files themselves are read by the caller through readWalkedFile).
 * Synchronous: it runs on the checkpoint worker.
 *
 * Never through a folder replaced by a link meanwhile: the walk goes by path (Node has no
 * openat), so each folder is checked to be the one its parent listed — lstat'ed before its
 * listing (a real folder, same device and inode as when its parent was listed) and again after
 * its entries were lstat'ed (unchanged): a folder swapped for a link (or another folder) in
 * between is left out as 'unstable', none of what was listed through it reported. A file's
 * lstat is taken within that window, and readWalkedFile reads only the file with that device and
 * inode. What this cannot see: a folder swapped and swapped back between two checks (a
 * listing or lstat through the link may happen in between); only openat-style reads relative
 * to an open folder would close that.
 */
export function walkWorkspace(root: string, rules: WalkRules, visit: (w: Walked) => void): void {
  for (const w of walkWorkspaceEntries(root, rules)) visit(w);
}

/** The same walk, one path at a time (lazily: the caller may pause between paths, as the take does while its blob writes catch up). */
export function walkWorkspaceEntries(root: string, rules: WalkRules): Generator<Walked> {
  return walkDirs(new IgnoreStack(), [{ rel: [], abs: root }], rules);
}

/**
 * The same walk over some paths only (the ones a file watcher saw change): each path is
 * examined as the full walk would examine it — its folders' .gitignore files read, its
 * ancestors checked to be real folders that are not left out — and a folder is walked whole.
 * Fills `examined` with the paths examined: a path whose folder is no longer a real folder is
 * replaced by that folder (whatever now stands there is what changed); a path under a
 * left-out folder is dropped (the folder's entry covers it).
 */
export function* walkPathEntries(root: string, rules: WalkRules, relPaths: readonly string[], examined: string[]): Generator<Walked> {
  for (const p of outermost(relPaths.map((r) => r.split('/').filter((s) => s !== '' && s !== '.')).filter((s) => s.length > 0 && !s.includes('..')))) {
    const ignores = new IgnoreStack();
    let segments = p;
    let covered = false;
    // The folders above the path as checked: the same again after the path's lstat, or its lstat may have gone through a link.
    const above: Array<{ depth: number; abs: string; id: FileId }> = [];
    for (let depth = 0; depth < p.length; depth++) {
      const dir = path.join(root, ...p.slice(0, depth));
      const st = lstatOrUndefined(dir);
      if (st?.isDirectory()) above.push({ depth, abs: dir, id: { dev: st.dev, ino: st.ino } });
      if (depth > 0) {
        if (!st || !st.isDirectory()) { segments = p.slice(0, depth); break; }
        const reason = ruleReason(p.slice(0, depth), dir, true, rules, ignores);
        if (reason) { covered = true; break; }
      }
      if (rules.useGitignore) ignores.push(depth, readIgnoreRules(path.join(dir, '.gitignore')));
    }
    if (covered) continue;
    examined.push(segments.join('/'));
    rules.onFolderChecked?.(segments.slice(0, -1).join('/'));
    const top = examine(segments, path.join(root, ...segments), rules, ignores, false);
    if (!above.every((a) => { const now = lstatOrUndefined(a.abs); return now !== undefined && now.isDirectory() && sameId(now, a.id); })) {
      yield { kind: 'left_out', path: segments.join('/'), reason: 'unstable' };
      continue;
    }
    if ('walked' in top) {
      const parent = above.find((a) => a.depth === segments.length - 1);
      if (top.walked.kind !== 'left_out' && parent) top.walked.folder = { abs: parent.abs, id: parent.id };
      yield top.walked;
    } else if (top.dir) yield* walkDirs(ignores, [top.dir], rules);
  }
}

/** The paths (as segments) with those inside another one dropped, sorted. */
function outermost(paths: string[][]): string[][] {
  const sorted = paths.map((s) => s.join('/')).sort();
  const out: string[] = [];
  for (const p of sorted) if (!out.some((o) => p === o || p.startsWith(`${o}/`))) out.push(p);
  return out.map((p) => p.split('/'));
}

function* walkDirs(ignores: IgnoreStack, stack: Dir[], rules: WalkRules): Generator<Walked> {
  while (stack.length > 0) {
    const dir = stack.pop()!;
    ignores.popTo(dir.rel.length); // frames of folders already left: earlier siblings and their subtrees
    const listed = listFolder(dir, rules, ignores);
    if ('leftOut' in listed) {
      yield { kind: 'left_out', path: dir.rel.join('/'), reason: listed.leftOut };
      continue;
    }
    yield* listed.walked;
    // Depth first: this folder's subfolders come next, so its .gitignore frame (and its
    // ancestors') are the only ones on the ignore stack while they are walked.
    for (let i = listed.subdirs.length - 1; i >= 0; i--) stack.push(listed.subdirs[i]);
  }
}

/**
 * One folder: what it holds (each entry lstat'ed), or why it is left out. Everything is
 * gathered before anything is reported, between two lstats of the folder that must agree with
 * each other and with the identity its parent's listing saw (see walkWorkspace).
 */
function listFolder(dir: Dir, rules: WalkRules, ignores: IgnoreStack): { walked: Walked[]; subdirs: Dir[] } | { leftOut: LeftOutReason } {
  let before: fs.Stats | undefined;
  try {
    before = fs.lstatSync(dir.abs, { throwIfNoEntry: false });
  } catch {
    return { leftOut: 'unreadable' };
  }
  if (!before) return { leftOut: 'vanished' };
  if (!before.isDirectory() || (dir.id && !sameId(before, dir.id))) return { leftOut: 'unstable' };
  let listed: fs.Dirent[];
  try {
    listed = fs.readdirSync(dir.abs, { withFileTypes: true });
  } catch (error) {
    return { leftOut: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'vanished' : 'unreadable' };
  }
  rules.onFolderChecked?.(dir.rel.join('/'));
  listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)); // a fixed order: which files a total cap leaves out must not depend on the disk
  if (rules.useGitignore && listed.some((d) => d.name === '.gitignore')) ignores.push(dir.rel.length, readIgnoreRules(path.join(dir.abs, '.gitignore')));
  const prefix = dir.abs.endsWith(path.sep) ? dir.abs : dir.abs + path.sep;
  const walked: Walked[] = [];
  const subdirs: Dir[] = [];
  for (const d of listed) {
    const found = examine([...dir.rel, d.name], prefix + d.name, rules, ignores);
    if ('walked' in found) walked.push(found.walked);
    else if (found.dir) subdirs.push(found.dir);
  }
  const after = lstatOrUndefined(dir.abs);
  if (!after || !after.isDirectory() || !sameId(after, before)) return { leftOut: 'unstable' };
  const folder: Folder = { abs: dir.abs, id: { dev: before.dev, ino: before.ino } };
  for (const w of walked) if (w.kind !== 'left_out') w.folder = folder;
  return { walked, subdirs };
}

/**
 * One path: what to report (or its leaving out), or the folder to walk (with its identity
 * now). A missing path is "vanished" when a listing named it, and simply absent (deleted) when
 * a watcher did.
 */
function examine(rel: string[], abs: string, rules: WalkRules, ignores: IgnoreStack, listed = true): { walked: Walked } | { dir?: Dir } {
  const relPath = rel.join('/');
  const stat = lstatOrUndefined(abs);
  if (!stat) {
    return listed && rel[rel.length - 1] !== '.git' ? { walked: { kind: 'left_out', path: relPath, reason: 'vanished' } } : {};
  }
  const isDir = stat.isDirectory();
  const reason = ruleReason(rel, abs, isDir, rules, ignores);
  if (reason) return { walked: { kind: 'left_out', path: relPath, reason } };
  if (isDir) return { dir: { rel, abs, id: { dev: stat.dev, ino: stat.ino } } };
  if (stat.isSymbolicLink()) return { walked: { kind: 'link', path: relPath, abs, stat } };
  if (stat.isFile()) return { walked: { kind: 'file', path: relPath, abs, stat } };
  return { walked: { kind: 'left_out', path: relPath, reason: 'not_regular' } };
}

/** An lstat, or undefined when the path is not there (or cannot be looked at: then nothing under it is trusted either). */
function lstatOrUndefined(abs: string): fs.Stats | undefined {
  try {
    return fs.lstatSync(abs, { throwIfNoEntry: false });
  } catch {
    return undefined;
  }
}

/**
 * Reads a file the walk reported, through one descriptor: never through a link (O_NOFOLLOW: a
 * file replaced by a link since the lstat is not followed), and only the file the walk's lstat
 * saw (same device and inode: a folder above it replaced by a link since then leads elsewhere,
 * 'unstable'), with its stat before and after the read. Another file at the path is read only
 * when it is in the very folder the walk listed (that folder's lstat unchanged, the path's lstat
 * that file): an editor's save through a new file and a rename, since the walk's lstat.
 */
export function readWalkedFile(w: { abs: string; stat: fs.Stats; folder?: Folder }): { bytes: Buffer; stat: fs.Stats; stable: boolean } | { error: LeftOutReason } {
  let fd: number;
  try {
    fd = fs.openSync(w.abs, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0));
  } catch (error) {
    return { error: vanishedOr(error) };
  }
  try {
    const stat = fs.fstatSync(fd);
    if (!stat.isFile()) return { error: 'not_regular' };
    if (!sameId(stat, w.stat) && !replacedInPlace(w, stat)) return { error: 'unstable' };
    const bytes = fs.readFileSync(fd);
    const after = fs.fstatSync(fd);
    const stable = after.mtimeMs === stat.mtimeMs && after.ctimeMs === stat.ctimeMs && after.size === bytes.length;
    return { bytes, stat, stable };
  } catch (error) {
    return { error: vanishedOr(error) };
  } finally {
    fs.closeSync(fd);
  }
}

/** Whether the opened file `opened` is what the path leads to now, in the same folder the walk listed. */
function replacedInPlace(w: { abs: string; folder?: Folder }, opened: fs.Stats): boolean {
  if (!w.folder) return false;
  const folder = lstatOrUndefined(w.folder.abs);
  const now = lstatOrUndefined(w.abs);
  return folder !== undefined && folder.isDirectory() && sameId(folder, w.folder.id) && now !== undefined && now.isFile() && sameId(now, opened);
}

/**
 * A link's target, as the walk reported the link: the path must still lead to that link (same
 * device and inode after the readlink), or the target read may be another link's ('unstable').
 */
export function readWalkedLink(w: { abs: string; stat: fs.Stats }): { target: string } | { error: LeftOutReason } {
  let target: string;
  try {
    target = fs.readlinkSync(w.abs);
  } catch (error) {
    return { error: vanishedOr(error) };
  }
  const now = lstatOrUndefined(w.abs);
  if (!now) return { error: 'vanished' };
  return now.isSymbolicLink() && sameId(now, w.stat) ? { target } : { error: 'unstable' };
}

function vanishedOr(error: unknown): LeftOutReason {
  const code = (error as NodeJS.ErrnoException).code;
  return code === 'ENOENT' || code === 'ENOTDIR' || code === 'ELOOP' ? 'vanished' : 'unreadable';
}

/** Why a rule leaves the path out (.git, the store, an exclude glob, a .gitignore), if one does. */
function ruleReason(rel: string[], abs: string, isDir: boolean, rules: WalkRules, ignores: IgnoreStack): LeftOutReason | undefined {
  if (rel[rel.length - 1] === '.git') return 'git_dir';
  if (isDir && rules.skipDirs.has(abs)) return 'store';
  if (rules.excludes.excludes(rel)) return 'excluded';
  if (rules.useGitignore && ignores.ignores(rel, isDir)) return 'gitignore';
  return undefined;
}

function readIgnoreRules(file: string): ReturnType<typeof parseGitignore> {
  try {
    const stat = fs.lstatSync(file);
    if (!stat.isFile() || stat.size > MAX_GITIGNORE_BYTES) return [];
    return parseGitignore(fs.readFileSync(file, 'utf8'));
  } catch {
    return [];
  }
}
