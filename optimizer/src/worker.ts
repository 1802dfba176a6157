// The worker-thread side of an optimising run: solves, posts progress as it goes, and stops early when
// the shared cancel flag is raised (the solve loop is synchronous, so a message could not reach it).
import { parentPort, workerData } from 'node:worker_threads';
import type { Problem, Progress, Solution, SolveOptions } from './model.js';
import { solve } from './solve.js';

export interface WorkerInput {
  readonly problem: Problem;
  readonly options: SolveOptions;
  readonly cancel: SharedArrayBuffer;
}

export type WorkerMessage =
  | { readonly type: 'progress'; readonly progress: Progress }
  | { readonly type: 'result'; readonly solution: Solution; readonly cancelled: boolean };

const input = workerData as WorkerInput;
const flag = new Int32Array(input.cancel);
const cancelled = (): boolean => Atomics.load(flag, 0) === 1;
const solution = solve(input.problem, input.options, {
  now: () => performance.now(),
  shouldStop: cancelled,
  onProgress: (progress) =>
    parentPort?.postMessage({ type: 'progress', progress } satisfies WorkerMessage),
});
parentPort?.postMessage({
  type: 'result',
  solution,
  cancelled: cancelled(),
} satisfies WorkerMessage);
