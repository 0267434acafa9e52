import * as fs from 'node:fs';
import * as nodePath from 'node:path';
import { Worker } from 'node:worker_threads';
import { EngineJob, JobResult, jobSize, runEngineJob, runEngineJobWithin } from '../../workers/engine-job';

/**
 * Jobs carrying at least this many characters (file texts and change together) run on a worker
 * thread: the engine is linear, but on a few megabytes it still takes tens to hundreds of
 * milliseconds, and the extension host's thread is shared by every extension (Copilot's
 * included). Smaller jobs run here: a worker's start costs more than they do.
 */
export const OFF_THREAD_MIN_CHARS = 1_000_000;

/**
 * The work budget's fixed allowance for a job run here (about 50 ms of the engine's work, see
 * core/patch/work-meter.ts): a small job that passes it (a repetitive file, many hunks on the
 * same lines) goes to the worker with the engine's default budget, so the answer is the one
 * the engine gives anywhere and the host's thread is never held long.
 */
export const HOST_WORK_BASE = 3_000_000;

/** A job that has not answered in this time is stopped and the change refused. */
export const OFF_THREAD_TIMEOUT_MS = 60_000;

export interface OffThreadOptions {
  minChars?: number;
  timeoutMs?: number;
  /** The worker script; default: the bundle beside this one (dist/engine-worker.js), else the compiled source. */
  workerScript?: string;
  /** The work budget's fixed allowance here, before the worker takes over (default HOST_WORK_BASE). */
  hostWorkBase?: number;
}

let nextId = 1;

/**
 * The job's result, computed on a worker thread when the job is large, else here with a small
 * work budget, and on the worker after all when that budget is passed. Exactly what
 * runEngineJob gives; a job that passes the timeout is stopped and answered TOO_LARGE.
 * Without a worker script (a build without it) the job runs here with the default budget.
 */
export function runOffThread<J extends EngineJob>(job: J, options: OffThreadOptions = {}): Promise<JobResult<J>> {
  const script = options.workerScript ?? defaultWorkerScript();
  if (!script) return Promise.resolve(runEngineJob(job));
  if (jobSize(job) < (options.minChars ?? OFF_THREAD_MIN_CHARS)) {
    const here = runEngineJobWithin(job, options.hostWorkBase ?? HOST_WORK_BASE);
    if (!here.tripped) return Promise.resolve(here.result);
  }
  const timeoutMs = options.timeoutMs ?? OFF_THREAD_TIMEOUT_MS;
  return new Promise<JobResult<J>>((resolve, reject) => {
    const id = nextId++;
    const worker = new Worker(script);
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      fn();
    };
    const timer = setTimeout(
      () => settle(() => resolve(tooSlow(timeoutMs) as JobResult<J>)),
      timeoutMs,
    );
    worker.on('message', (answer: { id: number; ok: boolean; result?: unknown; error?: string }) => {
      if (answer.id !== id) return;
      settle(() => (answer.ok ? resolve(answer.result as JobResult<J>) : reject(new Error(answer.error))));
    });
    worker.on('error', (e) => settle(() => reject(e)));
    worker.on('exit', (code) => settle(() => reject(new Error(`the engine worker stopped (exit code ${code})`))));
    worker.postMessage({ id, job });
  });
}

function tooSlow(timeoutMs: number): { ok: false; error: { type: 'TOO_LARGE'; message: string } } {
  return {
    ok: false,
    error: {
      type: 'TOO_LARGE',
      message: `Placing this change did not finish within ${Math.round(timeoutMs / 1000)} s and was stopped. Nothing was applied. Split the change into smaller calls (fewer hunks or edits, or one file at a time).`,
    },
  };
}

let cachedScript: string | null | undefined;

/** dist/engine-worker.js beside the extension's bundle, or the compiled source's worker (tests). */
function defaultWorkerScript(): string | undefined {
  if (cachedScript === undefined) {
    const candidates = [nodePath.join(__dirname, 'engine-worker.js'), nodePath.join(__dirname, '..', '..', 'workers', 'engine-worker.js')];
    cachedScript = candidates.find((p) => fs.existsSync(p)) ?? null;
  }
  return cachedScript ?? undefined;
}
