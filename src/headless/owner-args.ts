import * as nodePath from 'node:path';

/** The background owner's exit code when another process already holds the folder's store: the hook that started it finds that owner instead. */
export const OWNER_IN_USE_EXIT = 3;
/** The exit code when the holder is another background owner still starting (it publishes its endpoint in a moment: worth waiting for). */
export const OWNER_STARTING_EXIT = 4;

/** Minutes without a hook event after which a background owner closes the store and exits. */
export const DEFAULT_OWNER_IDLE_MINUTES = 30;

export interface OwnerOptions {
  root: string;
  store?: string;
  idleMinutes: number;
}

export const OWNER_USAGE = `usage: owner.js --root DIR [--store DIR] [--idle-minutes N]
  The background owner of a folder's history: started by \`agent-safe-edit hook\` when no VS Code
  window or agent-safe-edit-mcp server owns the folder; takes the hooks' events until it has had
  none for N minutes (default ${DEFAULT_OWNER_IDLE_MINUTES}, or $AGENT_SAFE_EDIT_OWNER_IDLE_MINUTES).`;

/** The owner's command line (without node and the script), or what is wrong with it. Pure. */
export function parseOwnerArgs(argv: readonly string[], env: NodeJS.ProcessEnv, cwd: string): OwnerOptions | string {
  let root: string | undefined;
  let store: string | undefined;
  let idle = idleFrom(env.AGENT_SAFE_EDIT_OWNER_IDLE_MINUTES) ?? DEFAULT_OWNER_IDLE_MINUTES;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const v = argv[i + 1];
    if (a === '--root' && v) { root = v; i++; } else if (a === '--store' && v) { store = v; i++; } else if (a === '--idle-minutes' && v !== undefined) {
      const n = idleFrom(v);
      if (n === undefined) return `--idle-minutes needs a number of minutes from 0.05 to 1440, not ${JSON.stringify(v)}`;
      idle = n;
      i++;
    } else return `unknown argument ${JSON.stringify(a)}`;
  }
  if (!root) return '--root DIR is required';
  return { root: nodePath.resolve(cwd, root), ...(store ? { store: nodePath.resolve(cwd, store) } : {}), idleMinutes: idle };
}

function idleFrom(v: string | undefined): number | undefined {
  if (v === undefined || !/^\d{1,4}(\.\d{1,3})?$/.test(v)) return undefined;
  const n = Number(v);
  return n >= 0.05 && n <= 1440 ? n : undefined;
}
