// An optimising run in a worker thread, so the server stays responsive: progress events (best cost so
// far, iterations) while it runs, cancel() to stop early with the best plan found, and the result.
import { Worker } from 'node:worker_threads';
import type { Problem, Progress, Solution, SolveOptions } from './model.js';
import type { WorkerInput, WorkerMessage } from './worker.js';

export interface OptimizationRun {
  readonly result: Promise<Solution & { readonly cancelled: boolean }>;
  cancel(): void;
}

export interface RunOptions extends SolveOptions {
  readonly onProgress?: (p: Progress) => void;
  /** Where the compiled worker is; defaults to worker.js next to this module. */
  readonly workerUrl?: URL;
}

export function startOptimization(problem: Problem, options: RunOptions): OptimizationRun {
  const { onProgress, workerUrl, ...solveOptions } = options;
  const cancel = new SharedArrayBuffer(4);
  const input: WorkerInput = { problem, options: solveOptions, cancel };
  const worker = new Worker(workerUrl ?? new URL('./worker.js', import.meta.url), {
    workerData: input,
  });
  const result = new Promise<Solution & { cancelled: boolean }>((resolve, reject) => {
    worker.on('message', (msg: WorkerMessage) => {
      if (msg.type === 'progress') onProgress?.(msg.progress);
      else resolve({ ...msg.solution, cancelled: msg.cancelled });
    });
    worker.on('error', reject);
    worker.on('exit', (code) => {
      if (code !== 0) reject(new Error(`optimizer worker exited with code ${code}`));
    });
  });
  return {
    result,
    cancel: () => Atomics.store(new Int32Array(cancel), 0, 1),
  };
}
