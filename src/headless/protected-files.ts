import * as os from 'node:os';
import { sensitiveTarget } from '../core/sensitive';
import { fail, Failure } from '../core/types';
import type { HeadlessContext } from './context';
import type { HeadlessTarget } from './target';

/**
 * The headless stand-in for the extension's consent: a protected file (core/sensitive: editor
 * and CI settings, agent definitions, .env*, manifests and lockfiles… — judged on the path as
 * named and its real path, from the root as given and as real) needs the user's yes, and no one
 * can be asked over stdio. So it is refused (PERMISSION_DENIED, like a declined consent) unless
 * the user started the server with --allow-protected.
 */
export function protectedFileRefusal(ctx: HeadlessContext, target: HeadlessTarget, tool: string): Failure | undefined {
  if (ctx.allowProtected) return undefined;
  const match = sensitiveTarget({
    paths: [target.absPath, target.realPath],
    roots: [ctx.root, ctx.realRoot],
    extraGlobs: ctx.settings.protectedFiles,
    home: os.homedir(),
  });
  if (!match.sensitive) return undefined;
  return fail('PERMISSION_DENIED', `${target.displayPath} is a protected file (${match.glob}): changing it needs the user's consent, and the headless server cannot ask anyone. Nothing was changed (${tool}). Ask the user to make this change, or to restart agent-safe-edit-mcp with --allow-protected.`, { glob: match.glob, reason: 'protected_file' }).failure;
}
