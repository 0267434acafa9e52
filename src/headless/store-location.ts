import * as nodePath from 'node:path';
import { rootKey } from '../files/connection-file';

/** The user's state directory for Agent Safe Edit ($XDG_STATE_HOME, else ~/.local/state; a relative XDG_STATE_HOME is ignored, as the XDG spec says). Pure. */
export function stateDir(env: NodeJS.ProcessEnv, home: string): string {
  const xdg = env.XDG_STATE_HOME;
  const state = xdg && nodePath.isAbsolute(xdg) ? xdg : nodePath.join(home, '.local', 'state');
  return nodePath.join(state, 'agent-safe-edit');
}

/**
 * The default backup store of a workspace root: one folder per root under the user's state
 * directory, named by the root's key (connection-file.ts rootKey). Outside the root on purpose:
 * the history must survive `git clean` and never be committed. Pure.
 */
export function defaultStoreDir(realRoot: string, env: NodeJS.ProcessEnv, home: string): string {
  return nodePath.join(stateDir(env, home), rootKey(realRoot));
}
