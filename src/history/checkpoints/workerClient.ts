import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { Worker } from 'node:worker_threads';
import { takeCheckpoint, TakeJob, TakeResult } from './takeCheckpoint';
import type { CheckpointWorkerAnswer } from './checkpoint-worker';

/**
 * Runs checkpoint jobs on one long-lived worker thread (started on first use, one job at a
 * time in order), or on this thread when no worker script is found (a build without it, or a
 * caller that asks for it: the crash test, which kills the process at a step).
 */
export class CheckpointRunner {
  private worker: Worker | undefined;
  private nextId = 1;
  private readonly waiting = new Map<number, { resolve: (r: TakeResult) => void; reject: (e: Error) => void }>();

  /** `script` null: every job runs on this thread. */
  constructor(private readonly script: string | null, private readonly onStep?: (step: string) => void) {}

  run(job: TakeJob): Promise<TakeResult> {
    if (!this.script) {
      return takeCheckpoint(job, this.onStep);
    }
    const worker = this.start(this.script);
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      worker.postMessage({ id, job });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private start(script: string): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(script);
    worker.unref(); // an idle worker never keeps the process alive
    worker.on('message', (answer: CheckpointWorkerAnswer) => {
      const waiter = this.waiting.get(answer.id);
      if (!waiter) return;
      this.waiting.delete(answer.id);
      if (answer.ok) waiter.resolve(answer.result as TakeResult);
      else waiter.reject(new Error(answer.error));
    });
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const w of this.waiting.values()) w.reject(error);
      this.waiting.clear();
    };
    worker.on('error', failAll);
    worker.on('exit', (code) => failAll(new Error(`the checkpoint worker stopped (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}

/** dist/checkpoint-worker.js beside the bundle that runs this, or the compiled source beside this file (tests). */
export function defaultCheckpointWorkerScript(): string | null {
  return [nodePath.join(__dirname, 'checkpoint-worker.js')].find((p) => fs.existsSync(p)) ?? null;
}
