import { promises as fs } from 'node:fs';
import * as os from 'node:os';
import { effectiveSettings, toSafeEditSettings } from '../core/settings';
import { fail, Result } from '../core/types';
import { BackupStore } from '../history/backupStore';
import { createDiskHost, DiskHost } from '../hosts/disk/host';
import { diskCheckpointHost } from '../hosts/disk/disk-checkpoints';
import { recoverInterruptedGroups } from '../engine/restore/recover-groups';
import type { HeadlessOptions } from './options';
import { openTakingOver } from './owner-release';
import { defaultStoreDir } from './store-location';

/** How long a server waits for a background owner to give the store up. */
const RELEASE_WAIT_MS = 5000;

/**
 * Opens what the headless server runs on: the root (it must be an existing folder), the
 * settings (the extension's defaults: there is no settings file here), and the backup store,
 * which takes the store's lock — a second server on the same store fails here, clearly,
 * instead of collecting the first one's snapshots as garbage.
 */
export async function openHeadless(options: HeadlessOptions, log: (line: string) => void, how: { releaseOwner?: boolean } = {}): Promise<Result<{ host: DiskHost; close: () => Promise<void> }>> {
  let realRoot: string;
  try {
    realRoot = await fs.realpath(options.root);
    if (!(await fs.stat(realRoot)).isDirectory()) return fail('INVALID_INPUT', `--root ${options.root} is not a folder.`);
  } catch (e) {
    return fail('INVALID_INPUT', `--root ${options.root} cannot be used (${(e as NodeJS.ErrnoException).code ?? (e as Error).message}).`);
  }
  const storeDir = options.store ?? defaultStoreDir(realRoot, process.env, os.homedir());
  const settings = toSafeEditSettings(effectiveSettings(() => undefined, true).values);
  const newStore = () => new BackupStore(storeDir, { maxEntriesPerFile: settings.backupsMaxEntriesPerFile, maxTotalBytes: settings.backupsMaxTotalBytes, log });
  // A background owner a hook started holds it: it gives the store up to the server the user started.
  const { store, opened, released } = await openTakingOver(newStore, realRoot, how.releaseOwner === false ? [] : ['background'], { waitMs: RELEASE_WAIT_MS });
  if (released) log(`the background owner of ${realRoot} gave its store up`);
  if (!opened.ok) {
    const pid = opened.failure.pid;
    return fail('INTERNAL_ERROR', typeof pid === 'number'
      ? `Agent Safe Edit's headless server cannot start: its backup store ${storeDir} is in use by process ${pid} (a VS Code window with this folder open, another agent-safe-edit-mcp on this root, or --store shared), and one owner per store keeps the history whole. Stop process ${pid} (or the agent that started it) and restart this MCP server, or start this one with another --store.`
      : `The backup store ${storeDir} could not be opened: ${opened.failure.message}`, typeof pid === 'number' ? { pid, real_root: realRoot } : {});
  }
  const { recovery } = opened;
  if (recovery.interrupted.length) log(`Recovered ${recovery.interrupted.length} interrupted edit(s) from the journal: ${recovery.interrupted.join(', ')}`);
  // One stdio process is one MCP session: its calls group into turns by the quiet gap.
  const checkpoints = diskCheckpointHost(store, realRoot, storeDir, log, settings);
  const host = createDiskHost({
    root: options.root, realRoot, storeDir, store, settings,
    allowProtected: options.allowProtected, allowExec: options.allowExec,
    sessionResource: `mcp-stdio:${process.pid}:${Date.now()}`, log, checkpoints,
  });
  // A multi-file change a crash cut short goes back to all-before, as in the extension.
  await recoverInterruptedGroups(host, recovery.interruptedGroups);
  return { ok: true, host, close: async () => { await checkpoints.close(); await store.close(); } };
}
