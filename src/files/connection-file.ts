import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { createHash, randomBytes } from 'node:crypto';
import { processIdentitySync } from './process-identity';

/**
 * Where a running local server tells its clients how to reach it — the extension's MCP server
 * (its clients: the connection helper), and the hook endpoint of a VS Code window or a headless
 * server (its client: `agent-safe-edit hook`, headless/hook-endpoint.ts): one small JSON file per
 * serving process and workspace, in a folder only the user can enter (0700), the file only the
 * user can read (0600). It lives outside every workspace (the extension's global storage; the
 * hook endpoints: the user's state directory), so no client configuration inside a repository
 * ever holds the token: the configurations name a helper (src/mcp-connect.ts) that reads this
 * file when the client connects.
 *
 * Several processes may serve one folder at once (two windows, a window and a headless server),
 * so each writes its own record and removes only its own when it stops: one owner's exit never
 * takes away another's record. A reader picks the newest record it can trust: a regular file of
 * this user, 0600, naming a 127.0.0.1 URL, written by a process that still runs — the same
 * process, told by its start time (files/process-identity.ts), not merely one with its pid. A
 * client is never handed a token for a server that is not there, nor one read from a file
 * someone else could have put there. Node only (the helper runs it outside VS Code).
 */
export interface ConnectionRecord {
  /** http://127.0.0.1:<port>/mcp */
  url: string;
  /** The bearer token of this start of the server. */
  token: string;
  /** The serving process's id. */
  pid: number;
  /** The workspace folder's real path. */
  workspace: string;
  /**
   * Who serves a hook endpoint: a VS Code 'window', an agent-safe-edit-mcp 'server', or the
   * 'background' owner a hook started. Who may ask it for the store (POST /release): a window or
   * a server may ask the background owner; a newer window may ask a window (the newest window on
   * a folder holds its history); nobody asks a server, which an agent is using.
   */
  role?: OwnerRole;
  /** The serving process's boot id and start time when written (process-identity.ts): a later process with the same pid is not it. */
  boot?: string;
  start?: string;
  /** When the record was written (epoch ms): of several live servers of a folder, the newest one's record is read. */
  written?: number;
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

/**
 * A tag for one serving process's records: its pid (for people, and for the reader's check) and
 * random hex, so two servers in one process, or a pid reused later, never share a file name.
 */
export function newOwnerTag(pid: number = process.pid): string {
  return `${pid}-${randomBytes(8).toString('hex')}`;
}

/**
 * The file name of one server's record for a workspace: `<rootKey>.<pid>-<hex>.json`. Records
 * of the earlier single-file format (`<rootKey>.json`, one per folder, overwritten by the last
 * server to start) are ignored by the readers: their writers predate the identity checks.
 */
export function connectionFileName(workspaceRealPath: string, owner: string): string {
  return `${rootKey(workspaceRealPath)}.${owner}.json`;
}

export function connectionFilePath(dir: string, workspaceRealPath: string, owner: string): string {
  return nodePath.join(dir, CONNECTIONS_FOLDER, connectionFileName(workspaceRealPath, owner));
}

/** What follows `<rootKey>.` in a record's name. */
const OWNER_FILE = /^[1-9]\d{0,9}-[0-9a-f]{8,32}\.json$/;

/** The names in the records' folder (empty when it does not exist): one listing, shared by the searches of several folders. */
export function listConnectionNames(dir: string): string[] {
  try {
    return fs.readdirSync(nodePath.join(dir, CONNECTIONS_FOLDER));
  } catch {
    return [];
  }
}

/**
 * The records of a workspace as named in the folder (any process's, trusted or not), from
 * `names` (the folder listed now when not given); linear in the folder's entries.
 */
export function connectionFiles(dir: string, workspaceRealPath: string, names: readonly string[] = listConnectionNames(dir)): string[] {
  const prefix = `${rootKey(workspaceRealPath)}.`;
  return names.filter((n) => n.startsWith(prefix) && OWNER_FILE.test(n.slice(prefix.length))).sort().map((n) => nodePath.join(dir, CONNECTIONS_FOLDER, n));
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

/**
 * Writes this server's record for `record.workspace` as the owner `owner` (a new tag when none
 * is given; a server that writes again for the same folder passes its tag, so it keeps one
 * file) and returns its path. The writer's identity is recorded with it.
 */
export function writeConnectionFile(dir: string, record: ConnectionRecord, owner: string = newOwnerTag(record.pid)): string {
  ensurePrivateFolders(dir);
  const file = connectionFilePath(dir, record.workspace, owner);
  const identity = record.start === undefined && record.boot === undefined ? processIdentitySync(record.pid) : {};
  const full: ConnectionRecord = { ...record, ...identity, written: record.written ?? Date.now() };
  writePrivateFile(file, `${JSON.stringify(full, null, 2)}\n`);
  return file;
}

/**
 * Removes one of this process's own records while it still holds our token (whoever removes a
 * record passes the path it wrote; no file another server wrote is ever touched).
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

/** Whether no process with this id exists at all (ESRCH): only then is its record removed by a reader. */
function processIsGone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}

/** A record is a few hundred bytes; anything longer is not one of ours. */
const MAX_RECORD_BYTES = 4096;
/** At most this many records of one folder are read per search (each is a small file and a /proc read). */
const MAX_RECORDS_READ = 64;

/** Whether a URL names a server on this machine's loopback address, plain http with a port: where a token may be sent. */
export function isLoopbackUrl(url: string): boolean {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return false;
  }
  return u.protocol === 'http:' && u.hostname === '127.0.0.1' && u.port !== '' && u.username === '' && u.password === '';
}

export type RecordFile = { ok: true; record: ConnectionRecord; ino: number } | { ok: false; why: string };

function currentUid(): number | undefined {
  return typeof process.getuid === 'function' ? process.getuid() : undefined;
}

/**
 * Reads one record file, trusted only as a regular file (not a link: opened without following
 * one, and the handle's file is the one listed) owned by `uid` with mode 0600 exactly: a file
 * another user could have written, or could read, is not ours. Windows has neither uid nor
 * mode bits here: there the private folder in the user's profile is the boundary.
 */
export function readConnectionRecordFile(file: string, uid: number | undefined = currentUid()): RecordFile {
  const listed = fs.lstatSync(file, { throwIfNoEntry: false });
  if (!listed) return { ok: false, why: 'gone' };
  if (!listed.isFile()) return { ok: false, why: listed.isSymbolicLink() ? 'a symbolic link' : 'not a regular file' };
  let fd: number;
  try {
    // O_NONBLOCK: a FIFO put in the file's place cannot hold the reader.
    fd = fs.openSync(file, fs.constants.O_RDONLY | (fs.constants.O_NOFOLLOW ?? 0) | (fs.constants.O_NONBLOCK ?? 0));
  } catch (e) {
    return { ok: false, why: `unreadable (${(e as NodeJS.ErrnoException).code ?? 'error'})` };
  }
  try {
    const st = fs.fstatSync(fd);
    if (!st.isFile() || st.ino !== listed.ino || st.dev !== listed.dev) return { ok: false, why: 'replaced while read' };
    if (process.platform !== 'win32') {
      if (uid !== undefined && st.uid !== uid) return { ok: false, why: `owned by uid ${st.uid}, not ${uid}` };
      if ((st.mode & 0o777) !== 0o600) return { ok: false, why: `mode ${(st.mode & 0o777).toString(8)}, not 600` };
    }
    if (st.size > MAX_RECORD_BYTES) return { ok: false, why: 'too large' };
    const buf = Buffer.alloc(MAX_RECORD_BYTES + 1);
    const n = fs.readSync(fd, buf, 0, buf.length, 0);
    if (n > MAX_RECORD_BYTES) return { ok: false, why: 'too large' };
    const record = parseRecord(buf.subarray(0, n).toString('utf8'));
    return record ? { ok: true, record, ino: st.ino } : { ok: false, why: 'not a connection record' };
  } finally {
    fs.closeSync(fd);
  }
}

function parseRecord(text: string): ConnectionRecord | undefined {
  let o: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return undefined;
    o = parsed as Record<string, unknown>;
  } catch {
    return undefined;
  }
  if (typeof o.url !== 'string' || typeof o.token !== 'string' || o.token === '' || typeof o.workspace !== 'string') return undefined;
  if (typeof o.pid !== 'number' || !Number.isSafeInteger(o.pid) || o.pid <= 0) return undefined;
  return {
    url: o.url, token: o.token, pid: o.pid, workspace: o.workspace,
    ...(typeof o.boot === 'string' ? { boot: o.boot } : {}),
    ...(typeof o.start === 'string' ? { start: o.start } : {}),
    ...(typeof o.written === 'number' && Number.isFinite(o.written) ? { written: o.written } : {}),
    ...(o.role === 'window' || o.role === 'server' || o.role === 'background' ? { role: o.role } : {}),
  };
}

/**
 * Whether the process a record names is the one that wrote it: alive (as this user), and each
 * fact of its identity this system can read now (boot id, start time) equal to the recorded
 * one. Unlike the store lock, which must not lose an old owner that recorded less, a record
 * missing a fact readable now is not trusted: every writer of this format records it. 'gone':
 * verifiably not there any more (no such process, or another process that got its pid).
 */
function writerState(record: ConnectionRecord, isAlive: (pid: number) => boolean): 'live' | 'gone' | 'unknown' {
  if (!isAlive(record.pid)) return processIsGone(record.pid) ? 'gone' : 'unknown';
  const now = processIdentitySync(record.pid);
  if (now.boot !== undefined && record.boot !== undefined && now.boot !== record.boot) return 'gone';
  if (now.start !== undefined && record.start !== undefined && now.start !== record.start) return 'gone';
  if ((now.boot !== undefined && record.boot === undefined) || (now.start !== undefined && record.start === undefined)) return 'unknown';
  return 'live';
}

/** What a search of a folder's records found: the newest trusted one, and what it passed over. */
export interface ConnectionSearch {
  record?: ConnectionRecord;
  /** Pids of records whose process has ended (those records were removed). */
  ended: number[];
  /** Records not trusted, and why (never a token). */
  untrusted: string[];
}

export interface SearchOptions {
  /** The user the files must belong to (default: this process's). */
  uid?: number;
  /** The folder's listing when the caller has it already (several folders searched at once). */
  names?: readonly string[];
}

/**
 * Reads the records of `workspaceRealPath` and picks the newest one to trust (see the top of
 * this file). A record whose writer is verifiably gone is removed on the way (a crash left it);
 * others not trusted are left alone. Bounded: one listing, at most MAX_RECORDS_READ small files.
 */
export function searchConnections(dir: string, workspaceRealPath: string, isAlive: (pid: number) => boolean = processIsAlive, options: SearchOptions = {}): ConnectionSearch {
  const out: ConnectionSearch = { ended: [], untrusted: [] };
  const uid = options.uid ?? currentUid();
  for (const file of connectionFiles(dir, workspaceRealPath, options.names).slice(0, MAX_RECORDS_READ)) {
    const name = nodePath.basename(file);
    const read = readConnectionRecordFile(file, uid);
    if (!read.ok) {
      if (read.why !== 'gone') out.untrusted.push(`${name}: ${read.why}`);
      continue;
    }
    const { record } = read;
    if (record.workspace !== workspaceRealPath) { out.untrusted.push(`${name}: names another folder`); continue; }
    if (!isLoopbackUrl(record.url)) { out.untrusted.push(`${name}: not a 127.0.0.1 URL`); continue; }
    const state = writerState(record, isAlive);
    if (state === 'gone') {
      out.ended.push(record.pid);
      removeIfSame(file, read.ino);
      continue;
    }
    if (state === 'unknown') { out.untrusted.push(`${name}: process ${record.pid} cannot be told to be its writer`); continue; }
    if (!out.record || (record.written ?? 0) > (out.record.written ?? 0)) out.record = record;
  }
  return out;
}

/** Removes a file only while it is the one read (same inode): a record written meanwhile under that name stays. */
function removeIfSame(file: string, ino: number): void {
  try {
    if (fs.lstatSync(file).ino === ino) fs.rmSync(file, { force: true });
  } catch {
    // gone already
  }
}

export type LiveConnection = { ok: true; record: ConnectionRecord } | { ok: false; message: string };

/**
 * The record of the server that serves `workspace` now, or why there is none: no record (VS
 * Code is not running on that folder, or its MCP server is off), records that are not to be
 * trusted, or records whose process has ended (VS Code crashed).
 */
export function readLiveConnection(dir: string, workspace: string, isAlive: (pid: number) => boolean = processIsAlive): LiveConnection {
  let real: string;
  try {
    real = fs.realpathSync(workspace);
  } catch {
    return { ok: false, message: `The workspace folder ${workspace} does not exist.` };
  }
  const found = searchConnections(dir, real, isAlive);
  if (found.record) return { ok: true, record: found.record };
  if (found.untrusted.length > 0) {
    return { ok: false, message: `No connection record for ${real} can be trusted (${found.untrusted.slice(0, 3).join('; ')}); reload the VS Code window of ${real}.` };
  }
  if (found.ended.length > 0) {
    return {
      ok: false,
      message: `The VS Code window that served Agent Safe Edit for ${real} has ended (process ${found.ended[0]}); open the folder in VS Code again, then connect again.`,
    };
  }
  return {
    ok: false,
    message: `VS Code is not serving Agent Safe Edit for ${real}: open that folder in VS Code with the extension installed (setting safeEdit.mcp.enabled on), then connect again.`,
  };
}
