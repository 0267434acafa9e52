import * as nodePath from 'node:path';
import { isInsideOrEqual, PathApi } from '../paths/containment';
import { HOME_SENSITIVE_GLOBS } from './default-globs';
import { isSensitivePath, SensitiveMatch } from './is-sensitive';

export interface SensitiveTargetInput {
  /** Absolute spellings of the target: the path as named and its real path. */
  paths: readonly string[];
  /** Every workspace folder, as given and as real paths. */
  roots: readonly string[];
  /** `safeEdit.protectedFiles`. */
  extraGlobs?: readonly unknown[];
  /** The user's home folder (os.homedir()); its globs apply only when a root contains it. */
  home?: string;
  pathApi?: PathApi;
}

/**
 * Whether an edit to the target needs consent, judged against EVERY workspace folder that
 * contains it — not only the innermost: with folders `repo` and `repo/.github`, the file
 * `repo/.github/workflows/ci.yml` is `workflows/ci.yml` to the inner folder but
 * `.github/workflows/ci.yml` to the outer one, and must be caught. When a folder contains
 * the home folder, the home-relative globs ({@link HOME_SENSITIVE_GLOBS}) apply too.
 *
 * Always case-insensitive (see {@link isSensitivePath}). Work: paths × roots glob checks,
 * each linear in the path. Never throws.
 */
export function sensitiveTarget(input: SensitiveTargetInput): SensitiveMatch {
  const api = input.pathApi ?? nodePath;
  const roots = input.roots.filter((r) => typeof r === 'string' && api.isAbsolute(r));
  const extra = input.extraGlobs ?? [];
  for (const abs of input.paths) {
    if (typeof abs !== 'string' || !api.isAbsolute(abs)) continue;
    for (const root of roots) {
      const rel = relativeInside(root, abs, api);
      if (rel === undefined) continue;
      const match = isSensitivePath(rel, extra, { caseInsensitive: true });
      if (match.sensitive) return match;
    }
  }
  const home = input.home;
  if (typeof home === 'string' && api.isAbsolute(home) && roots.some((r) => isInsideOrEqual(r, home, true, api))) {
    for (const abs of input.paths) {
      const rel = typeof abs === 'string' && api.isAbsolute(abs) ? relativeInside(home, abs, api) : undefined;
      if (rel === undefined) continue;
      const match = isSensitivePath(rel, [], { caseInsensitive: true, defaults: HOME_SENSITIVE_GLOBS });
      if (match.sensitive) return match;
    }
  }
  return { sensitive: false };
}

/** `abs` relative to `base` (compared case-insensitively, like the globs), or undefined when outside. */
function relativeInside(base: string, abs: string, api: PathApi): string | undefined {
  if (!isInsideOrEqual(base, abs, true, api)) return undefined;
  return api.relative(base.toLowerCase(), abs.toLowerCase());
}
