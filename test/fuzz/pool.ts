/**
 * Runs fuzz cases on worker threads with a deadline per case. A case that passes its deadline
 * is a hang: its worker is terminated (the only way to stop a thread stuck in a loop), the
 * case is recorded, and a fresh worker goes on with the next case. A throw is recorded too.
 */
import { Worker } from 'node:worker_threads';
import { join } from 'node:path';
import { CASE_KINDS } from './generate';
import type { FuzzCase } from './generate';
import type { WorkerJob, WorkerMessage } from './worker';

export interface FuzzOptions {
  seed: number;
  cases: number;
  /** Per-case limit; generous, since the work takes milliseconds (default 5000). */
  deadlineMs?: number;
  /** Default 2: the machines this runs on have two cores. */
  workers?: number;
  /** Cases per worker before it is replaced (default 500). */
  chunk?: number;
  /** Run these cases instead of generated ones (seed and cases are then ignored). */
  explicit?: FuzzCase[];
}

export interface CaseReport {
  index: number;
  kind: string;
  ms: number;
  error?: string;
}

export interface FuzzReport {
  ran: number;
  hangs: CaseReport[];
  throws: CaseReport[];
  /** The slowest cases that finished, slowest first (at most 5). */
  slowest: CaseReport[];
  /** Slowest finished case per kind, in ms. */
  maxMsByKind: Record<string, number>;
  /** For explicit cases: each case's outcome by index ("ok …" or the refusal), "hang" or "threw". */
  outcomes: string[];
  wallMs: number;
}

export function runFuzz(options: FuzzOptions): Promise<FuzzReport> {
  const explicit = options.explicit;
  const count = explicit ? explicit.length : options.cases;
  const kindOf = (index: number): string => (explicit ? explicit[index].kind : CASE_KINDS[index % CASE_KINDS.length]);
  const deadlineMs = options.deadlineMs ?? 5000;
  const chunk = options.chunk ?? 500;
  const started = performance.now();
  const report: FuzzReport = { ran: 0, hangs: [], throws: [], slowest: [], maxMsByKind: {}, outcomes: [], wallMs: 0 };
  const queue: WorkerJob[] = [];
  for (let from = 0; from < count; from += chunk) queue.push({ seed: options.seed, from, to: Math.min(count, from + chunk), explicit });

  const finished = (c: CaseReport) => {
    report.ran++;
    report.maxMsByKind[c.kind] = Math.max(report.maxMsByKind[c.kind] ?? 0, c.ms);
    report.slowest.push(c);
    report.slowest.sort((a, b) => b.ms - a.ms);
    report.slowest.length = Math.min(report.slowest.length, 5);
  };

  // One lane runs jobs one after another, each on its own worker.
  const lane = async (): Promise<void> => {
    for (let job = queue.shift(); job; job = queue.shift()) {
      const next = await runJob(job, deadlineMs, kindOf, finished, report);
      if (next) queue.unshift(next);
    }
  };
  const lanes = Array.from({ length: Math.max(1, options.workers ?? 2) }, lane);
  return Promise.all(lanes).then(() => {
    report.wallMs = performance.now() - started;
    return report;
  });
}

/** Runs one job; resolves with the rest of the job when a case hung, else undefined. */
function runJob(job: WorkerJob, deadlineMs: number, kindOf: (index: number) => string, finished: (c: CaseReport) => void, report: FuzzReport): Promise<WorkerJob | undefined> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, 'worker.js'), { workerData: job });
    let current = -1;
    let since = 0;
    let settled = false;
    let afterExit: WorkerJob | undefined; // the rest of the job, once a hung worker has exited
    const settle = (rest: WorkerJob | undefined) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      resolve(rest);
    };
    const watch = setInterval(() => {
      if (current < 0 || performance.now() - since <= deadlineMs) return;
      report.hangs.push({ index: current, kind: kindOf(current), ms: performance.now() - since });
      if (job.explicit) report.outcomes[current] = 'hang';
      report.ran++;
      const rest = current + 1 < job.to ? { ...job, from: current + 1 } : undefined;
      current = -1;
      afterExit = rest;
      void worker.terminate();
    }, Math.min(250, deadlineMs / 4));
    worker.on('message', (m: WorkerMessage) => {
      if (m.type === 'start') {
        current = m.index;
        since = performance.now();
        return;
      }
      current = -1;
      const c: CaseReport = { index: m.index, kind: kindOf(m.index), ms: m.ms };
      if (m.type === 'threw') report.throws.push({ ...c, error: m.error });
      if (job.explicit) report.outcomes[m.index] = m.type === 'done' ? m.outcome : 'threw';
      finished(c);
    });
    worker.on('error', (e) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      reject(e);
    });
    worker.on('exit', () => settle(afterExit));
  });
}
