import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { createHash, randomBytes } from 'node:crypto';

/**
 * Where a running local server tells its clients how to reach it — the extension's MCP server
 * (its clients: the connection helper), and the hook endpoint of a VS Code window or a headless
 * server (its client: `agent-safe-edit hook`, headless/hook-endpoint.ts): one small JSON file per
 * workspace, in a folder only the user can enter (0700), the file only the user can read
 * (0600). It lives outside every workspace (the extension's global storage; the hook endpoints: the user's state directory), so no client
 * configuration inside a repository ever holds the token: the configurations name a helper
 * (src/mcp-connect.ts) that reads this file when the client connects. The file is removed
 * when the server stops, and names the process that serves, so a file a crash left behind
 * is recognised as stale: a client is never handed a token for a server that is not there.
 * Node only (the helper runs it outside VS Code).
 */
export interface ConnectionRecord {
  /** http://127.0.0.1:<port>/mcp */
  url: string;
  /** The bearer token of this start of the server. */
  token: string;
  /** The extension host's process id. */
  pid: number;
  /** The workspace folder's real path (for people reading the file). */
  workspace: string;
  /**
   * Who serves a hook endpoint: a VS Code 'window', an agent-safe-edit-mcp 'server', or the
   * 'background' owner a hook started. Who may ask it for the store (POST /release): a window or
   * a server may ask the background owner; a newer window may ask a window (the newest window on
   * a folder holds its history); nobody asks a server, which an agent is using.
   */
  role?: OwnerRole;
}

export type OwnerRole = 'window' | 'server' | 'background';

export const CONNECTIONS_FOLDER = 'connections';

/**
 * A folder's key in file names: its base name (for people) and a hash of its real path (so two
 * folders of one name never share a record or a history).
 */
export function rootKey(realPath: string): string {
  const hash = createHash('sha256').update(realPath, 'utf8').digest('hex').slice(0, 16);
  const name = nodePath.basename(realPath).replace(/[^A-Za-z0-9._-]/g, '_').slice(0, 40) || 'root';
  return `${name}-${hash}`;
}

/** The file name of a workspace's record. */
export function connectionFileName(workspaceRealPath: string): string {
  return `${rootKey(workspaceRealPath)}.json`;
}

export function connectionFilePath(dir: string, workspaceRealPath: string): string {
  return nodePath.join(dir, CONNECTIONS_FOLDER, connectionFileName(workspaceRealPath));
}

/**
 * Creates `dir` (and every folder up to the file) for the user alone, also when it existed
 * with wider permissions. Returns the folder of the connection files.
 */
export function ensurePrivateFolders(dir: string): string {
  const connections = nodePath.join(dir, CONNECTIONS_FOLDER);
  for (const folder of [dir, connections]) {
    fs.mkdirSync(folder, { recursive: true, mode: 0o700 });
    if (process.platform !== 'win32') fs.chmodSync(folder, 0o700);
  }
  return connections;
}

/**
 * Writes a file readable by the user only: a temporary file created 0600 beside it, renamed
 * over it (a reader never sees half a record, and no moment exists where the token sits in a
 * file others may read).
 */
export function writePrivateFile(file: string, text: string): void {
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  try {
    fs.writeFileSync(tmp, text, { mode: 0o600, flag: 'wx' });
    fs.renameSync(tmp, file);
  } catch (error) {
    fs.rmSync(tmp, { force: true });
    throw error;
  }
}

/**
 * Puts `text` as `name` into the user-only folder `dir` (created private) and returns its path;
 * written only when the file differs (several windows install the same text at activation).
 */
export function installPrivateFile(dir: string, name: string, text: string): string {
  ensurePrivateFolders(dir);
  const target = nodePath.join(dir, name);
  let current: string | undefined;
  try {
    current = fs.readFileSync(target, 'utf8');
  } catch {
    current = undefined;
  }
  if (current !== text) writePrivateFile(target, text);
  return target;
}

export function writeConnectionFile(dir: string, record: ConnectionRecord): string {
  ensurePrivateFolders(dir);
  const file = connectionFilePath(dir, record.workspace);
  writePrivateFile(file, `${JSON.stringify(record, null, 2)}\n`);
  return file;
}

/**
 * Removes the record when it is still ours: another window on the same folder may have
 * written its own since, and that one stays.
 */
export function removeConnectionFile(file: string, token: string): void {
  try {
    const now = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<ConnectionRecord>;
    if (now.token === token) fs.rmSync(file, { force: true });
  } catch {
    // gone already, or not ours to judge: leave it
  }
}

/** Whether a process with this id runs as this user (EPERM: someone else's, so not our server). */
export function processIsAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

export type LiveConnection = { ok: true; record: ConnectionRecord } | { ok: false; message: string };

/**
 * The record of the server that serves `workspace` now, or why there is none: no file (VS
 * Code is not running on that folder, or its MCP server is off), a file that is not ours, or
 * one whose process has ended (VS Code crashed).
 */
export function readLiveConnection(dir: string, workspace: string, isAlive: (pid: number) => boolean = processIsAlive): LiveConnection {
  let real: string;
  try {
    real = fs.realpathSync(workspace);
  } catch {
    return { ok: false, message: `The workspace folder ${workspace} does not exist.` };
  }
  const file = connectionFilePath(dir, real);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return {
      ok: false,
      message: `VS Code is not serving Agent Safe Edit for ${real}: open that folder in VS Code with the extension installed (setting safeEdit.mcp.enabled on), then connect again.`,
    };
  }
  let record: Partial<ConnectionRecord>;
  try {
    record = JSON.parse(text) as Partial<ConnectionRecord>;
  } catch {
    return { ok: false, message: `${file} is not a connection record; reload the VS Code window of ${real}.` };
  }
  if (typeof record.url !== 'string' || typeof record.token !== 'string' || typeof record.pid !== 'number') {
    return { ok: false, message: `${file} is not a connection record; reload the VS Code window of ${real}.` };
  }
  if (!isAlive(record.pid)) {
    return {
      ok: false,
      message: `The VS Code window that served Agent Safe Edit for ${real} has ended (process ${record.pid}); open the folder in VS Code again, then connect again.`,
    };
  }
  return { ok: true, record: { url: record.url, token: record.token, pid: record.pid, workspace: real, ...(record.role === 'window' || record.role === 'server' || record.role === 'background' ? { role: record.role } : {}) } };
}
