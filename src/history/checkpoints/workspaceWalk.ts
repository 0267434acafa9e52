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
  walkDirs(new IgnoreStack(), [{ rel: [], abs: root }], rules, visit);
}

/**
 * The same walk over some paths only (the ones a file watcher saw change): each path is
 * examined as the full walk would examine it — its folders' .gitignore files read, its
 * ancestors checked to be real folders that are not left out — and a folder is walked whole.
 * Returns the paths examined: a path whose folder is no longer a real folder is replaced by
 * that folder (whatever now stands there is what changed); a path under a left-out folder is
 * dropped (the folder's entry covers it).
 */
export function walkPaths(root: string, rules: WalkRules, relPaths: readonly string[], visit: (w: Walked) => void): string[] {
  const examined: string[] = [];
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
    const top = examine(segments, path.join(root, ...segments), rules, ignores, visit, false);
    if (top) walkDirs(ignores, [top], rules, visit);
  }
  return examined;
}

/** The paths (as segments) with those inside another one dropped, sorted. */
function outermost(paths: string[][]): string[][] {
  const sorted = paths.map((s) => s.join('/')).sort();
  const out: string[] = [];
  for (const p of sorted) if (!out.some((o) => p === o || p.startsWith(`${o}/`))) out.push(p);
  return out.map((p) => p.split('/'));
}

function walkDirs(ignores: IgnoreStack, stack: Dir[], rules: WalkRules, visit: (w: Walked) => void): void {
  while (stack.length > 0) {
    const dir = stack.pop()!;
    const depth = dir.rel.length;
    ignores.popTo(depth); // frames of folders already left: earlier siblings and their subtrees
    let names: string[];
    try {
      names = fs.readdirSync(dir.abs).sort(); // a fixed order: which files a total cap leaves out must not depend on the disk
    } catch (error) {
      visit({ kind: 'left_out', path: dir.rel.join('/'), reason: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'vanished' : 'unreadable' });
      continue;
    }
    if (rules.useGitignore && names.includes('.gitignore')) ignores.push(depth, readIgnoreRules(path.join(dir.abs, '.gitignore')));
    const subdirs: Dir[] = [];
    for (const name of names) {
      const sub = examine([...dir.rel, name], path.join(dir.abs, name), rules, ignores, visit);
      if (sub) subdirs.push(sub);
    }
    // Depth first: this folder's subfolders come next, so its .gitignore frame (and its
    // ancestors') are the only ones on the ignore stack while they are walked.
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]);
  }
}

/**
 * Reports one path (or its leaving out); returns it when it is a folder to walk. A missing path
 * is "vanished" when a listing named it, and simply absent (deleted) when a watcher did.
 */
function examine(rel: string[], abs: string, rules: WalkRules, ignores: IgnoreStack, visit: (w: Walked) => void, listed = true): Dir | undefined {
  const relPath = rel.join('/');
  const stat = fs.lstatSync(abs, { throwIfNoEntry: false });
  if (!stat) {
    if (listed && rel[rel.length - 1] !== '.git') visit({ kind: 'left_out', path: relPath, reason: 'vanished' });
    return undefined;
  }
  const isDir = stat.isDirectory();
  const reason = ruleReason(rel, abs, isDir, rules, ignores);
  if (reason) { visit({ kind: 'left_out', path: relPath, reason }); return undefined; }
  if (isDir) return { rel, abs };
  if (stat.isSymbolicLink()) visit({ kind: 'link', path: relPath, abs, stat });
  else if (stat.isFile()) visit({ kind: 'file', path: relPath, abs, stat });
  else visit({ kind: 'left_out', path: relPath, reason: 'not_regular' });
  return undefined;
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
