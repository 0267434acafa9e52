/**
 * Worker thread of the fuzz pool: runs the cases [from, to) of one seed in order and reports
 * each one's start and end to the parent, which owns the deadline (a case that never returns
 * can only be stopped from outside the thread that runs it).
 */
import { parentPort, workerData } from 'node:worker_threads';
import { makeCase } from './generate';
import type { FuzzCase } from './generate';
import { runCase } from './run-case';

export interface WorkerJob {
  seed: number;
  from: number;
  to: number;
  /** Run these cases (by index) instead of generated ones: the regression cases. */
  explicit?: FuzzCase[];
}

export type WorkerMessage =
  | { type: 'start'; index: number }
  | { type: 'done'; index: number; ms: number; outcome: string }
  | { type: 'threw'; index: number; ms: number; error: string };

const job = workerData as WorkerJob;
const port = parentPort!;
for (let i = job.from; i < job.to; i++) {
  port.postMessage({ type: 'start', index: i } satisfies WorkerMessage);
  const t0 = performance.now();
  try {
    const outcome = runCase(job.explicit ? job.explicit[i] : makeCase(job.seed, i));
    port.postMessage({ type: 'done', index: i, ms: performance.now() - t0, outcome } satisfies WorkerMessage);
  } catch (e) {
    const error = e instanceof Error ? `${e.name}: ${e.message}\n${(e.stack ?? '').split('\n').slice(1, 6).join('\n')}` : String(e);
    port.postMessage({ type: 'threw', index: i, ms: performance.now() - t0, error } satisfies WorkerMessage);
  }
}
