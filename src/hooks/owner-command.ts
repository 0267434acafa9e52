import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { processIsAlive } from '../files/connection-file';
import { findHookEndpoint } from '../headless/hook-endpoint';
import { askOwnerToRelease } from '../headless/owner-release';
import { defaultStoreDir } from '../headless/store-location';
import { ownerLogPath } from './start-owner';

export const OWNER_COMMAND_USAGE = `usage: agent-safe-edit owner [status|stop] [--root DIR] [--json]
  status   which process owns the history of DIR (default: the current directory) now:
           a VS Code window, an agent-safe-edit-mcp server, or the background owner a hook
           started; its store and, for the background owner, its log
  stop     ends the background owner (it closes the store first); a window or a server is
           closed where it runs`;

const ROLE_NAMES: Record<string, string> = { window: 'a VS Code window', server: 'an agent-safe-edit-mcp server', background: 'the background owner' };

/** `agent-safe-edit owner`: exit 0 done, 1 nothing owns the folder or it cannot be stopped here, 2 bad usage. */
export async function ownerCommand(argv: readonly string[], cwd: string, out: (t: string) => void, err: (t: string) => void): Promise<number> {
  let action = 'status';
  let root = cwd;
  let json = false;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    if (a === 'status' || a === 'stop') action = a;
    else if (a === '--root' && argv[i + 1]) root = nodePath.resolve(cwd, argv[++i]);
    else if (a === '--json') json = true;
    else if (a === '--help' || a === '-h') { out(`${OWNER_COMMAND_USAGE}\n`); return 0; } else { err(`agent-safe-edit owner: unknown argument ${JSON.stringify(a)}\n${OWNER_COMMAND_USAGE}\n`); return 2; }
  }
  let realRoot: string;
  try {
    realRoot = fs.realpathSync(root);
  } catch (e) {
    err(`agent-safe-edit owner: ${root} cannot be used (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})\n`);
    return 2;
  }
  const record = findHookEndpoint(realRoot);
  if (!record) {
    if (json) out(`${JSON.stringify({ root: realRoot, owner: null })}\n`);
    else out(`No process owns the history of ${realRoot} now (a hook starts the background owner at an agent's next tool call).\n`);
    return 1;
  }
  const role = record.role ?? 'server';
  const info = { root: realRoot, owner: { role, pid: record.pid, folder: record.workspace, store: defaultStoreDir(record.workspace, process.env, os.homedir()), ...(role === 'background' ? { log: ownerLogPath(record.workspace) } : {}) } };
  if (action === 'status') {
    if (json) out(`${JSON.stringify(info)}\n`);
    else out(`${ROLE_NAMES[role] ?? role} (process ${record.pid}) owns the history of ${record.workspace}${info.owner.log ? `; its log: ${info.owner.log}` : ''}\n`);
    return 0;
  }
  if (role !== 'background') {
    err(`agent-safe-edit owner: ${ROLE_NAMES[role] ?? role} (process ${record.pid}) owns ${record.workspace}: close it where it runs.\n`);
    return 1;
  }
  if (!(await askOwnerToRelease(record.workspace, record.pid, ['background'], 5000))) {
    err(`agent-safe-edit owner: the background owner (process ${record.pid}) did not answer; \`kill ${record.pid}\` ends it cleanly too.\n`);
    return 1;
  }
  for (let i = 0; i < 200 && processIsAlive(record.pid); i++) await new Promise((r) => setTimeout(r, 50));
  if (json) out(`${JSON.stringify({ ...info, stopped: !processIsAlive(record.pid) })}\n`);
  else out(`Stopped the background owner of ${record.workspace} (process ${record.pid}).\n`);
  return 0;
}
