import * as nodePath from 'node:path';
import { createHash } from 'node:crypto';

/**
 * The default backup store of a workspace root: one folder per root under the user's state
 * directory ($XDG_STATE_HOME, else ~/.local/state), named by the root's base name (for people)
 * and a hash of its real path (so two roots with one name never share a history). Outside the
 * root on purpose: the history must survive `git clean` and never be committed. Pure.
 */
export function defaultStoreDir(realRoot: string, env: NodeJS.ProcessEnv, home: string): string {
  const xdg = env.XDG_STATE_HOME;
  const state = xdg && nodePath.isAbsolute(xdg) ? xdg : nodePath.join(home, '.local', 'state');
  const hash = createHash('sha256').update(realRoot, 'utf8').digest('hex').slice(0, 16);
  const name = nodePath.basename(realRoot).replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40) || 'root';
  return nodePath.join(state, 'agent-safe-edit', `${name}-${hash}`);
}
