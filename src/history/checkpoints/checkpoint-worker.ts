/**
 * The checkpoint worker (bundled to dist/checkpoint-worker.js): takes the checkpoints the
 * extension host asks for (see workerClient.ts), so the walk, the hashing and the compression
 * never hold the host's thread. It keeps the newest manifest in memory between jobs.
 */
import { parentPort } from 'node:worker_threads';
import { takeCheckpoint, TakeJob } from './takeCheckpoint';

export type CheckpointWorkerAnswer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

parentPort?.on('message', async (message: { id: number; job: TakeJob }) => {
  let answer: CheckpointWorkerAnswer;
  try {
    answer = { id: message.id, ok: true, result: await takeCheckpoint(message.job) };
  } catch (e) {
    answer = { id: message.id, ok: false, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
  parentPort?.postMessage(answer);
});
