import * as fs from 'node:fs';
import * as os from 'node:os';
import * as nodePath from 'node:path';
import { hookEndpointDir } from '../headless/hook-endpoint';
import { openTakingOver } from '../headless/owner-release';
import { defaultStoreDir } from '../headless/store-location';
import type { BackupStore } from '../history/backupStore';

export interface WindowStore {
  store: BackupStore;
  opened: Awaited<ReturnType<BackupStore['open']>>;
  /** Where the store is. */
  dir: string;
  /** The folder (real path) whose one history this window holds; undefined: a store of this window's own. */
  folder?: string;
  /** What the user should know about where the history is (held by a server, carried over). */
  notes: string[];
  /** The folder's history is held by another process (a server): hooks of that folder go there, not here. */
  heldElsewhere?: string;
}

export interface WindowStoreOptions {
  /** VS Code's storage of this window (context.storageUri): the old per-window store is `<windowDir>/backups`. */
  windowDir: string;
  /** The window's folders on disk (file scheme). */
  folders: readonly string[];
  newStore(dir: string): BackupStore;
  log(line: string): void;
  env?: NodeJS.ProcessEnv;
  home?: string;
  /** How long the holder of the folder's store is waited for once it agreed to give it up. */
  releaseWaitMs?: number;
}

/**
 * Opens the history a window works on: for a window on one folder, the folder's store (the
 * one the headless server, the background owner and the terminal open: store-location.ts), so
 * the history is one however the folder was opened. A background owner holding it gives it up
 * (POST /release), and so does an older window on the same folder (the newest window holds the
 * history; the older one is told to reload). An agent-safe-edit-mcp server holding it keeps it:
 * the window then keeps a store of its own and says so. A window on several folders, or none,
 * keeps a store of its own too (one store per folder, and a window's tools span its folders).
 * The window's old per-window store is carried over into the folder's the first time.
 */
export async function openWindowStore(o: WindowStoreOptions): Promise<WindowStore> {
  const own = nodePath.join(o.windowDir, 'backups');
  const notes: string[] = [];
  const ownStore = async (): Promise<WindowStore> => {
    const store = o.newStore(own);
    return { store, opened: await store.open(), dir: own, notes };
  };
  if (o.folders.length !== 1) return ownStore();
  let realRoot: string;
  try {
    realRoot = fs.realpathSync.native(o.folders[0]);
  } catch {
    return ownStore();
  }
  const dir = defaultStoreDir(realRoot, o.env ?? process.env, o.home ?? os.homedir());
  const carried = await carryOver(own, dir, o.newStore);
  if (carried) notes.push(carried);
  const { store, opened, holder, released } = await openTakingOver(() => o.newStore(dir), realRoot, ['background', 'window'], {
    waitMs: o.releaseWaitMs ?? 5000, dir: hookEndpointDir(o.env ?? process.env, o.home ?? os.homedir()),
  });
  if (released) o.log(`[history] process ${holder} gave the history of ${realRoot} up to this window`);
  if (!opened.ok) {
    notes.push(typeof holder === 'number'
      ? `The history of ${realRoot} is held by process ${holder} (an agent-safe-edit-mcp server on the folder, or a VS Code window on it with safeEdit.hooks.recordInWindow off): this window keeps a history of its own until that process ends; reload the window then.`
      : `The history of ${realRoot} (${dir}) could not be opened (${opened.failure.message}): this window keeps a history of its own.`);
    return { ...(await ownStore()), ...(typeof holder === 'number' ? { heldElsewhere: realRoot } : {}) };
  }
  return { store, opened, dir, folder: realRoot, notes };
}

/**
 * The window's old per-window store becomes the folder's store when the folder has none yet (a
 * rename; across file systems a copy, the old folder then renamed `backups.carried-over`, kept).
 * When both exist, the old one stays where it is, untouched. What was done, for the log.
 */
async function carryOver(own: string, dir: string, newStore: (dir: string) => BackupStore): Promise<string | undefined> {
  if (!fs.existsSync(own)) return undefined;
  if (fs.existsSync(dir)) return `This window's earlier history stays in ${own}; the folder's history is ${dir}.`;
  // Moved only while nobody holds it (its lock): a store is never moved under its owner.
  const old = newStore(own);
  const free = await old.open();
  if (!free.ok) return `This window's earlier history (${own}) is in use by process ${free.failure.pid ?? '?'}: not moved.`;
  await old.close();
  fs.mkdirSync(nodePath.dirname(dir), { recursive: true, mode: 0o700 });
  try {
    fs.renameSync(own, dir);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    fs.cpSync(own, dir, { recursive: true, preserveTimestamps: true, errorOnExist: true });
    fs.renameSync(own, `${own}.carried-over`);
  }
  return `This window's history moved to the folder's history, ${dir}.`;
}
