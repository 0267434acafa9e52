import * as os from 'node:os';
import { sensitiveTarget } from '../../core/sensitive';
import { fail, Failure } from '../../core/types';
import type { Target } from '../../engine/host';

/**
 * The disk host's stand-in for consent: a protected file (core/sensitive: editor and CI
 * settings, agent definitions, .env*, manifests and lockfiles… — judged on the path as named
 * and its real path, from the root as given and as real) needs the user's yes, and no one can
 * be asked over stdio. So it is refused (PERMISSION_DENIED, like a declined consent) unless the
 * user started the server with --allow-protected.
 */
export function protectedFileRefusal(o: { root: string; realRoot: string; allowProtected: boolean; protectedFiles: string[] }, target: Target, tool: string): Failure | undefined {
  if (o.allowProtected) return undefined;
  const match = sensitiveTarget({
    paths: [target.absPath, target.realPath],
    roots: [o.root, o.realRoot],
    extraGlobs: o.protectedFiles,
    home: os.homedir(),
  });
  if (!match.sensitive) return undefined;
  return fail('PERMISSION_DENIED', `${target.displayPath} is a protected file (${match.glob}): changing it needs the user's consent, and the headless server cannot ask anyone. Nothing was changed (${tool}). Ask the user to make this change, or to restart agent-safe-edit-mcp with --allow-protected.`, { glob: match.glob, reason: 'protected_file' }).failure;
}
