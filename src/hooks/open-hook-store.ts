import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import { effectiveSettings, toSafeEditSettings } from '../core/settings';
import { fail, Result } from '../core/types';
import type { CheckpointHost } from '../engine/host';
import type { RecordingHost } from '../engine/writers/record-between';
import { defaultStoreDir } from '../headless/store-location';
import { BackupStore } from '../history/backupStore';
import { diskCheckpointHost } from '../hosts/disk/disk-checkpoints';
import { diskFileHost } from '../hosts/disk/file-host';
import { pendingCheckpointIds } from './pending-calls';

export interface HookStore {
  host: RecordingHost & { checkpoints: CheckpointHost & { close(): Promise<void> } };
  storeDir: string;
  realRoot: string;
  close(): Promise<void>;
}

const RETRY_MS = 100;

/**
 * Opens the headless server's store of `root` (store-location.ts) for one hook event. The store
 * has one owner at a time (its lock): while another process holds it (another hook of a call
 * running in parallel, or an agent-safe-edit-mcp server on this root), this waits up to
 * `waitMs`, retrying, then fails: the caller lets the agent go on and says on stderr that the
 * event was not recorded. The lock is never broken: two owners would corrupt the store.
 */
export async function openHookStore(root: string, store: string | undefined, waitMs: number, log: (line: string) => void): Promise<Result<HookStore>> {
  let realRoot: string;
  try {
    realRoot = await fs.realpath(root);
  } catch (e) {
    return fail('INVALID_INPUT', `the root ${root} cannot be used (${(e as NodeJS.ErrnoException).code ?? (e as Error).message})`);
  }
  const storeDir = store ?? defaultStoreDir(realRoot, process.env, os.homedir());
  const settings = toSafeEditSettings(effectiveSettings(() => undefined, true).values);
  const deadline = Date.now() + waitMs;
  for (;;) {
    const backup = new BackupStore(storeDir, { maxEntriesPerFile: settings.backupsMaxEntriesPerFile, maxTotalBytes: settings.backupsMaxTotalBytes, log });
    const pendingNow = keepPendingCalls(backup, storeDir);
    const opened = await backup.open();
    if (opened.ok) {
      await pendingNow();
      const checkpoints = diskCheckpointHost(backup, realRoot, storeDir, log, settings);
      const host = { store: backup, files: diskFileHost(root, storeDir), log, checkpoints };
      return { ok: true, host, storeDir, realRoot, close: async () => { await checkpoints.close(); await backup.close(); } };
    }
    // In use (its owner's pid known) or being opened: both pass; anything else is retried the same way, briefly.
    if (Date.now() >= deadline) return fail('INTERNAL_ERROR', `the backup store ${storeDir} could not be opened within ${waitMs} ms (${opened.failure.message}); an agent-safe-edit-mcp server on this root holds it while it runs`);
    await new Promise((r) => setTimeout(r, RETRY_MS));
  }
}

/**
 * The store's cap never prunes the checkpoint a pending call's post hook will compare with:
 * every id a pending call names while this process has the store, read afresh at each round
 * that would prune, and remembered: this process's own post event takes its call's record out
 * before it records against that checkpoint, so the caller reads them once more as soon as
 * the store is open. Returns that read.
 */
function keepPendingCalls(backup: BackupStore, storeDir: string): () => Promise<Set<string>> {
  const seen = new Set<string>();
  const read = async (): Promise<Set<string>> => {
    for (const id of await pendingCheckpointIds(storeDir)) seen.add(id);
    return seen;
  };
  backup.keepCheckpoints(read);
  return read;
}
