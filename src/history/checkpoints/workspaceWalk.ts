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

/**
 * Walks a workspace folder depth first, without following any symbolic link, and reports
 * every path: regular files and links with their lstat, and what it leaves out and why
 * (.git, the store, .gitignore'd or excluded paths — a folder once, not its contents —,
 * special files, entries that vanished between the listing and the lstat, folders it cannot
 * list). Only reads: lstat, readdir, and the .gitignore files. Synchronous: it runs on the
 * checkpoint worker.
 */
export function walkWorkspace(root: string, rules: WalkRules, visit: (w: Walked) => void): void {
  const ignores = new IgnoreStack();
  const stack: Array<{ rel: string[]; abs: string }> = [{ rel: [], abs: root }];
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
    const subdirs: Array<{ rel: string[]; abs: string }> = [];
    for (const name of names) {
      const rel = [...dir.rel, name];
      const relPath = rel.join('/');
      const abs = path.join(dir.abs, name);
      if (name === '.git') { visit({ kind: 'left_out', path: relPath, reason: 'git_dir' }); continue; }
      const stat = fs.lstatSync(abs, { throwIfNoEntry: false });
      if (!stat) { visit({ kind: 'left_out', path: relPath, reason: 'vanished' }); continue; }
      const isDir = stat.isDirectory();
      if (isDir && rules.skipDirs.has(abs)) { visit({ kind: 'left_out', path: relPath, reason: 'store' }); continue; }
      if (rules.excludes.excludes(rel)) { visit({ kind: 'left_out', path: relPath, reason: 'excluded' }); continue; }
      if (rules.useGitignore && ignores.ignores(rel, isDir)) { visit({ kind: 'left_out', path: relPath, reason: 'gitignore' }); continue; }
      if (isDir) subdirs.push({ rel, abs });
      else if (stat.isSymbolicLink()) visit({ kind: 'link', path: relPath, abs, stat });
      else if (stat.isFile()) visit({ kind: 'file', path: relPath, abs, stat });
      else visit({ kind: 'left_out', path: relPath, reason: 'not_regular' });
    }
    // Depth first: this folder's subfolders come next, so its .gitignore frame (and its
    // ancestors') are the only ones on the ignore stack while they are walked.
    for (let i = subdirs.length - 1; i >= 0; i--) stack.push(subdirs[i]);
  }
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
