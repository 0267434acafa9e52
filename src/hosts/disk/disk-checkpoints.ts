import * as nodePath from 'node:path';
import type { CheckpointHost } from '../../engine/host';
import type { BackupStore } from '../../history/backupStore';
import { Checkpoints } from '../../history/checkpoints/checkpoints';
import { CheckpointSettings, takeOptionsFromSettings } from '../../history/checkpoints/takeOptionsFromSettings';

/**
 * Workspace checkpoints of the headless server's root, on the Checkpoints worker thread:
 * .gitignore files honoured, the settings' caps (their defaults here), and the backup store left out when it lives inside the root
 * (`--store` there): a checkpoint of the store would record the store.
 */
export function diskCheckpointHost(store: BackupStore, realRoot: string, storeDir: string, log: (line: string) => void, settings: CheckpointSettings): CheckpointHost & { close(): Promise<void> } {
  const checkpoints = new Checkpoints(store);
  const rel = nodePath.relative(realRoot, nodePath.resolve(storeDir));
  const excludes = rel !== '' && !rel.startsWith('..') && !nodePath.isAbsolute(rel) ? [rel.split(nodePath.sep).join('/'), `${rel.split(nodePath.sep).join('/')}/**`] : [];
  return {
    async takeAll(changedPaths) {
      const started = Date.now();
      // A path outside the root is nothing of this checkpoint's (a hook event may name one).
      const changed = changedPaths?.map((p) => nodePath.relative(realRoot, p)).filter((rel) => rel !== '' && !rel.startsWith('..') && !nodePath.isAbsolute(rel)).map((rel) => rel.split(nodePath.sep).join('/'));
      const taken = await checkpoints.take(realRoot, takeOptionsFromSettings(settings, { excludes, ...(changed ? { changedPaths: changed } : {}) }));
      if (!taken.ok) {
        log(`The checkpoint of ${realRoot} failed: ${taken.failure.message}`);
        return [];
      }
      return [{ root: taken.checkpoint.root, id: taken.checkpoint.id, started }];
    },
    diff: (a, b) => checkpoints.diff(a, b),
    async prune(keep) {
      const pruned = await checkpoints.prune(keep);
      if (!pruned.ok) log(`Old workspace checkpoints could not be pruned: ${pruned.failure.message}`);
    },
    close: () => checkpoints.close(),
  };
}
