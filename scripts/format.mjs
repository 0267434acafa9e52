#!/usr/bin/env node
// `npm run format` and `npm run format:check`: Prettier (.prettierrc.json) on the files this
// branch adds, or on the paths given. Files that already exist keep their hand layout: running
// the formatter over a file because one line of it changed would bury that change in a diff of
// the whole file. Reformatting the whole tree (`--all`) is a decision for a commit of its own.
//
//   npm run format                          files added since the branch left main, and untracked ones
//   npm run format -- src/a.ts test/b.ts    these paths
//   npm run format -- --all                 the whole tree (minus .prettierignore)
//   npm run format:check [-- …]             the same files, checked only: exit 1 when one differs
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const args = process.argv.slice(2);
const check = args.includes('--check');
const all = args.includes('--all');
const paths = args.filter((a) => !a.startsWith('--'));

/** git's output lines; undefined when git fails (not a clone, or an unknown ref). */
function git(...argv) {
  const run = spawnSync('git', argv, { encoding: 'utf8' });
  return run.status === 0 ? run.stdout.split('\n').filter(Boolean) : undefined;
}

/** Files added (committed, staged or not) since the merge base with main, and untracked files. */
function addedFiles() {
  const base = ['main', 'origin/main'].map((ref) => git('merge-base', 'HEAD', ref)?.[0]).find(Boolean);
  if (!base) throw new Error('no merge base with main or origin/main: pass the files to format, or --all');
  // Against the working tree, so new files not yet committed count; a moved file is a rename, not an addition.
  const added = git('diff', '--name-only', '--diff-filter=A', '--find-renames', base) ?? [];
  const untracked = git('ls-files', '--others', '--exclude-standard') ?? [];
  return [...new Set([...added, ...untracked])];
}

const files = all ? ['.'] : paths.length ? paths : addedFiles();
if (files.length === 0) {
  console.log('format: no new files since main (pass paths, or --all for the whole tree)');
  process.exit(0);
}
const prettier = path.join(path.dirname(createRequire(import.meta.url).resolve('prettier/package.json')), 'bin', 'prettier.cjs');
// --ignore-unknown: new files Prettier has no parser for (.c, .py, .txt…) are skipped, not errors.
const run = spawnSync(process.execPath, [prettier, check ? '--check' : '--write', '--ignore-unknown', ...files], { stdio: 'inherit' });
process.exit(run.status ?? 1);
