import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import * as nodePath from 'node:path';
import type { FolderCheckpoint } from '../engine/host';

/** What a pre hook left for its post hook: the checkpoint taken before the call, of which paths. */
export interface PendingCall {
  callId: string;
  /** The paths checkpointed (absolute); empty = the whole root. */
  paths: string[];
  before: FolderCheckpoint[];
  created: number;
}

/** A call whose post hook never came (the agent crashed, the call was denied) is forgotten after this. */
export const PENDING_TTL_MS = 60 * 60 * 1000;
/** The most calls remembered at once; the oldest go first. */
export const MAX_PENDING = 200;

function dirOf(storeDir: string): string {
  return nodePath.join(storeDir, 'hooks', 'pending');
}

function fileOf(storeDir: string, agent: string, callId: string): string {
  return nodePath.join(dirOf(storeDir), `${createHash('sha256').update(`${agent}\0${callId}`).digest('hex').slice(0, 32)}.json`);
}

/**
 * Remembers a pre hook's checkpoint under its call id, durably (written whole to a temporary
 * file, synced, renamed): the post hook is another process. Expired and surplus records go.
 */
export async function rememberCall(storeDir: string, agent: string, call: PendingCall): Promise<void> {
  await fs.mkdir(dirOf(storeDir), { recursive: true, mode: 0o700 });
  await forgetStale(storeDir, Date.now());
  const file = fileOf(storeDir, agent, call.callId);
  const temp = `${file}.${process.pid}.tmp`;
  const handle = await fs.open(temp, 'w', 0o600);
  try {
    await handle.writeFile(JSON.stringify(call));
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(temp, file);
}

/** Takes (reads and removes) a call's record; undefined when there is none or it expired. */
export async function takeCall(storeDir: string, agent: string, callId: string): Promise<PendingCall | undefined> {
  const file = fileOf(storeDir, agent, callId);
  let call: PendingCall;
  try {
    call = JSON.parse(await fs.readFile(file, 'utf8')) as PendingCall;
  } catch {
    return undefined;
  }
  await fs.rm(file, { force: true });
  if (call.callId !== callId || Date.now() - call.created > PENDING_TTL_MS) return undefined;
  return call;
}

/** The checkpoint ids pending calls still need (old checkpoints are pruned, these kept). */
export async function pendingCheckpointIds(storeDir: string): Promise<string[]> {
  const ids: string[] = [];
  for (const name of await names(storeDir)) {
    try {
      const call = JSON.parse(await fs.readFile(nodePath.join(dirOf(storeDir), name), 'utf8')) as PendingCall;
      ids.push(...call.before.map((c) => c.id));
    } catch {
      // A record being renamed into place or removed meanwhile: nothing to keep for it.
    }
  }
  return ids;
}

async function names(storeDir: string): Promise<string[]> {
  try {
    return (await fs.readdir(dirOf(storeDir))).filter((n) => n.endsWith('.json'));
  } catch {
    return [];
  }
}

async function forgetStale(storeDir: string, now: number): Promise<void> {
  const dated: Array<{ name: string; mtime: number }> = [];
  for (const name of await names(storeDir)) {
    const st = await fs.stat(nodePath.join(dirOf(storeDir), name)).catch(() => undefined);
    if (st) dated.push({ name, mtime: st.mtimeMs });
  }
  dated.sort((a, b) => b.mtime - a.mtime);
  for (const [i, d] of dated.entries()) {
    if (i >= MAX_PENDING - 1 || now - d.mtime > PENDING_TTL_MS) await fs.rm(nodePath.join(dirOf(storeDir), d.name), { force: true });
  }
}
