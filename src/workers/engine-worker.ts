/**
 * The engine on a worker thread (bundled to dist/engine-worker.js): answers each job the
 * extension host posts (see tools/off-thread.ts) with the job's result, computed exactly as
 * on the host. Loads the engine and nothing else: no `vscode`, no file access.
 */
import { parentPort } from 'node:worker_threads';
import { runEngineJob, EngineJob } from './engine-job';

export type WorkerAnswer = { id: number; ok: true; result: unknown } | { id: number; ok: false; error: string };

parentPort?.on('message', (message: { id: number; job: EngineJob }) => {
  let answer: WorkerAnswer;
  try {
    answer = { id: message.id, ok: true, result: runEngineJob(message.job) };
  } catch (e) {
    answer = { id: message.id, ok: false, error: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
  }
  parentPort?.postMessage(answer);
});
