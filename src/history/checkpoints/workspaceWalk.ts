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
}

/** What the walk found at one path (relative, `/`-separated). */
export type Walked =
  | { kind: 'file'; path: string; abs: string; stat: fs.Stats }
  | { kind: 'link'; path: string; abs: string; stat: fs.Stats }
  | { kind: 'left_out'; path: string; reason: LeftOutReason };

type Dir = { rel: string[]; abs: string };

/**
 * Walks a workspace folder depth first, without following any symbolic link, and reports
 * every path: regular files and links with their lstat, and what it leaves out and why
 * (.git, the store, .gitignore'd or excluded paths — a folder once, not its contents —,
 * special files, entries that vanished between the listing and the lstat, folders it cannot
 * list). Only reads: lstat, readdir, and the .gitignore files. Synchronous: it runs on the
 * checkpoint worker.
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
    for (let depth = 0; depth < p.length; depth++) {
      const dir = path.join(root, ...p.slice(0, depth));
      if (depth > 0) {
        const st = fs.lstatSync(dir, { throwIfNoEntry: false });
        if (!st || !st.isDirectory()) { segments = p.slice(0, depth); break; }
        const reason = ruleReason(p.slice(0, depth), dir, true, rules, ignores);
        if (reason) { covered = true; break; }
      }
      if (rules.useGitignore) ignores.push(depth, readIgnoreRules(path.join(dir, '.gitignore')));
    }
    if (covered) continue;
    examined.push(segments.join('/'));
    const top = examine(segments, path.join(root, ...segments), undefined, rules, ignores, false);
    if ('walked' in top) yield top.walked;
    else if (top.dir) yield* walkDirs(ignores, [top.dir], rules);
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
    const depth = dir.rel.length;
    ignores.popTo(depth); // frames of folders already left: earlier siblings and their subtrees
    let listed: fs.Dirent[];
    try {
      // With their types: a folder needs no lstat of its own (only files carry the stat values the next checkpoint compares).
      listed = fs.readdirSync(dir.abs, { withFileTypes: true });
    } catch (error) {
      yield { kind: 'left_out', path: dir.rel.join('/'), reason: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'vanished' : 'unreadable' };
      continue;
    }
    listed.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)); // a fixed order: which files a total cap leaves out must not depend on the disk
    if (rules.useGitignore && listed.some((d) => d.name === '.gitignore')) ignores.push(depth, readIgnoreRules(path.join(dir.abs, '.gitignore')));
    const prefix = dir.abs.endsWith(path.sep) ? dir.abs : dir.abs + path.sep;
    const subdirs: Dir[] = [];
    for (const d of listed) {
      const found = examine([...dir.rel, d.name], prefix + d.name, d, rules, ignores);
      if ('walked' in found) yield found.walked;
      else if (found.dir) subdirs.push(found.dir);
    }
    // Depth first: this folder's subfolders come next, so its .gitignore frame (and its
    // ancestors') are the only ones on the ignore stack while they are walked.
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]);
  }
}

/**
 * One path: what to report (or its leaving out), or the folder to walk. A missing path is
 * "vanished" when a listing named it, and simply absent (deleted) when a watcher did. A path
 * the listing typed as a folder is not lstat'ed (a folder replaced since then fails its own
 * listing, as one replaced after an lstat would); any other is, for its stat values and its
 * real type.
 */
function examine(rel: string[], abs: string, dirent: fs.Dirent | undefined, rules: WalkRules, ignores: IgnoreStack, listed = true): { walked: Walked } | { dir?: Dir } {
  const relPath = rel.join('/');
  if (dirent?.isDirectory()) {
    const reason = ruleReason(rel, abs, true, rules, ignores);
    return reason ? { walked: { kind: 'left_out', path: relPath, reason } } : { dir: { rel, abs } };
  }
  const stat = fs.lstatSync(abs, { throwIfNoEntry: false });
  if (!stat) {
    return listed && rel[rel.length - 1] !== '.git' ? { walked: { kind: 'left_out', path: relPath, reason: 'vanished' } } : {};
  }
  const isDir = stat.isDirectory();
  const reason = ruleReason(rel, abs, isDir, rules, ignores);
  if (reason) return { walked: { kind: 'left_out', path: relPath, reason } };
  if (isDir) return { dir: { rel, abs } };
  if (stat.isSymbolicLink()) return { walked: { kind: 'link', path: relPath, abs, stat } };
  if (stat.isFile()) return { walked: { kind: 'file', path: relPath, abs, stat } };
  return { walked: { kind: 'left_out', path: relPath, reason: 'not_regular' } };
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
