import { compileGlob, CompiledGlob } from './glob';
import { DEFAULT_SENSITIVE_GLOBS } from './default-globs';

export type SensitiveMatch =
  | { sensitive: true; glob: string; source: 'default' | 'user' }
  | { sensitive: false };

export interface SensitiveOptions {
  /**
   * Default: true on every platform. Linux mounts case-insensitive filesystems too (WSL's
   * /mnt/c, CIFS, exFAT, ext4 casefold), and a missed prompt costs more than an extra one.
   */
  caseInsensitive?: boolean;
  /** Replace the default list (tests, or a future setting). Default {@link DEFAULT_SENSITIVE_GLOBS}. */
  defaults?: readonly string[];
}

/**
 * Whether an edit to `relPath` (workspace-relative, `/` or `\` separated) needs the user's
 * consent, and which glob says so (the first match, defaults before user entries).
 *
 * User globs (`safeEdit.protectedFiles`) follow .gitignore habits: a glob without a `/`
 * matches the name at any depth (`secrets.json` = `**` + `/secrets.json`); one with a `/`
 * is anchored at the root (a leading `/` is ignored); a trailing `/` means everything below
 * (`private/` = `private/**`). Non-string and empty entries are ignored. Never throws.
 *
 * Call it on both the lexical and the real relative path of a file (see
 * `ResolvedPath.realRelPath`): a symlink must not hide `.vscode/settings.json` behind an
 * innocent name.
 */
export function isSensitivePath(relPath: string, extraGlobs: readonly unknown[] = [], options: SensitiveOptions = {}): SensitiveMatch {
  const ci = options.caseInsensitive ?? true;
  const path = typeof relPath === 'string' ? relPath : '';
  for (const glob of compiledList(options.defaults ?? DEFAULT_SENSITIVE_GLOBS, ci, false)) {
    if (glob.test(path)) return { sensitive: true, glob: glob.pattern, source: 'default' };
  }
  for (const glob of compiledList(Array.isArray(extraGlobs) ? extraGlobs : [], ci, true)) {
    if (glob.test(path)) return { sensitive: true, glob: glob.pattern, source: 'user' };
  }
  return { sensitive: false };
}

/** Turns a user glob into an anchored pattern (see {@link isSensitivePath}). */
export function anchorUserGlob(glob: string): string {
  let g = glob.trim().replace(/\\/g, '/');
  if (g.endsWith('/')) g = `${g}**`;
  if (g.startsWith('./')) g = g.slice(2);
  if (g.startsWith('/')) return g.replace(/^\/+/, '');
  return g.replace(/\/\*\*$/, '').includes('/') ? g : `**/${g}`;
}

const cache = new Map<string, CompiledGlob>();
const CACHE_LIMIT = 512;

function compiledList(globs: readonly unknown[], ci: boolean, user: boolean): CompiledGlob[] {
  const out: CompiledGlob[] = [];
  for (const g of globs) {
    if (typeof g !== 'string' || g.trim() === '' || g.length > 1000) continue;
    const key = `${ci ? 'i' : 's'}${user ? 'u' : 'd'}:${g}`;
    let compiled = cache.get(key);
    if (!compiled) {
      const anchored = user ? anchorUserGlob(g) : g;
      const inner = compileGlob(anchored, { caseInsensitive: ci });
      compiled = { pattern: g, test: (p: string) => inner.test(p) };
      if (cache.size >= CACHE_LIMIT) cache.clear();
      cache.set(key, compiled);
    }
    out.push(compiled);
  }
  return out;
}
