import { strict as assert } from 'node:assert';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BackupStore } from '../../../../src/history/backupStore';
import { Checkpoints } from '../../../../src/history/checkpoints/checkpoints';
import { diskFileHost } from '../../../../src/hosts/disk/file-host';
import type { CheckpointHost, FolderCheckpoint } from '../../../../src/engine/host';
import { WriterRecorder } from '../../../../src/engine/writers/writer-recorder';
import { tempWorkspace, writeTree } from '../../history/checkpoints/helpers';

/** A recorder over a real folder, store and checkpoints (in-thread), with a clock the test moves. */
export async function setup(options: { recordTurns?: boolean; maxPerRoot?: number; maxFileBytes?: number; checkpointAtTurnStart?: boolean } = {}) {
  const t = tempWorkspace();
  const ws = fs.realpathSync(t.ws);
  const store = new BackupStore(t.store);
  assert.ok((await store.open()).ok);
  const cps = new Checkpoints(store, { workerScript: null, ...(options.maxPerRoot ? { maxPerRoot: options.maxPerRoot } : {}) });
  let clock = 1_000_000;
  const checkpoints: CheckpointHost = {
    async takeAll(changedPaths) {
      const started = clock;
      const taken = await cps.take(ws, changedPaths ? { changedPaths: changedPaths.map((p) => path.relative(ws, p)) } : {});
      if (!taken.ok) throw new Error(taken.failure.message);
      return [{ root: taken.checkpoint.root, id: taken.checkpoint.id, started } satisfies FolderCheckpoint];
    },
    diff: (a, b) => cps.diff(a, b),
    async prune(keep) { await cps.prune(keep); },
  };
  const files = diskFileHost(ws, t.store);
  const recorder = new WriterRecorder({ store, files, log: () => undefined, checkpoints }, { tailMs: () => 60_000, recordTurns: () => options.recordTurns ?? true, maxFileBytes: () => options.maxFileBytes ?? 16 * 1024 * 1024, quietGapMs: () => 2 * 60_000, watcher: true, now: () => clock, ...(options.checkpointAtTurnStart ? { checkpointAtTurnStart: true } : {}) });
  return {
    ws, store, recorder, storeRoot: t.store, checkpoints,
    tick: (ms: number) => { clock += ms; return clock; },
    now: () => clock,
    write: (rel: string, content: string | Buffer) => { writeTree(ws, { [rel]: content }); recorder.noteEvent(path.join(ws, rel)); },
    close: async () => { await cps.close(); await store.close(); t.cleanup(); },
  };
}

