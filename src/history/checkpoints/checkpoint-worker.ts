/**
 * The checkpoint worker (bundled to dist/checkpoint-worker.js): takes the checkpoints the
 * extension host asks for (see workerClient.ts), so the walk, the hashing and the compression
 * never hold the host's thread. It keeps the newest manifest in memory between jobs. The same
 * script, started by the worker itself with the role "compress", is its compression helper
 * (compressionHelper.ts): started on the first job, on machines with three cores or more.
 */
import * as os from 'node:os';
import { isMainThread, MessagePort, parentPort, workerData } from 'node:worker_threads';
import { CompressionHelper, serveCompression } from './compressionHelper';
import { takeCheckpoint, TakeJob } from './takeCheckpoint';

export type CheckpointWorkerAnswer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

const role = (workerData as { role?: string; port?: MessagePort } | undefined)?.role;

if (!isMainThread && role === 'compress') {
  serveCompression((workerData as { port: MessagePort }).port);
} else {
  let helper: CompressionHelper | undefined;
  const helperFor = (): CompressionHelper | undefined => {
    // One core stays for the extension host: on two cores the helper's compression competes
    // with the host's thread (measured: the host's event-loop delay rose, the take was no faster).
    if (os.availableParallelism() < 3) return undefined;
    if (!helper?.alive) helper = new CompressionHelper(__filename);
    return helper;
  };
  parentPort?.on('message', async (message: { id: number; job: TakeJob }) => {
    let answer: CheckpointWorkerAnswer;
    try {
      answer = { id: message.id, ok: true, result: await takeCheckpoint(message.job, undefined, helperFor()) };
    } catch (e) {
      answer = { id: message.id, ok: false, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
    }
    parentPort?.postMessage(answer);
  });
}
