// The worker thread of a product run (docs/decisions/0026): builds the day's problem and its
// great-circle matrices (or takes the road matrices it was given), solves with progress, and
// answers the outcome. Nothing here runs on the thread that serves HTTP and sockets.
import type { OptimizingDay, OptimizingOutcome, RunProgress } from '@nordlog/contracts';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { TravelMatrix } from '../model.js';
import { solve } from '../solve.js';
import { greatCircleMatrices } from './matrices.js';
import { outcomeOf } from './outcome.js';
import { buildProblem } from './problem.js';

export interface ProductWorkerInput {
  readonly day: OptimizingDay;
  readonly seconds: number;
  readonly seed: number;
  /** Road matrices by profile (shared memory); absent: great-circle. */
  readonly matrices: Readonly<Record<string, TravelMatrix>> | null;
  readonly cancel: SharedArrayBuffer;
}

export type ProductWorkerMessage =
  | { readonly type: 'progress'; readonly progress: RunProgress }
  | { readonly type: 'outcome'; readonly outcome: OptimizingOutcome }
  | { readonly type: 'error'; readonly message: string };

/**
 * The solver yields the processor to everything else: on Linux a thread has its own nice value,
 * set here for this thread only (its id from /proc/thread-self), so requests and the projector
 * come first and the solver takes what is left. Elsewhere the priority stays as it is.
 */
function lowestPriority(): void {
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    if (Number.isInteger(tid) && tid > 0) setPriority(tid, 19);
  } catch {
    // Not Linux, or not allowed: the thread keeps the process's priority.
  }
}

lowestPriority();
const post = (m: ProductWorkerMessage) => parentPort?.postMessage(m);

/** One run: the worker stays up for the next (a thread takes about 200 ms to start). */
function run(input: ProductWorkerInput): void {
  const flag = new Int32Array(input.cancel);
  const cancelled = (): boolean => Atomics.load(flag, 0) === 1;
  const began = performance.now();
  try {
    const built = buildProblem(input.day);
    const matrices =
      input.matrices ?? greatCircleMatrices(built.points, built.free, built.profiles);
    const solution = solve(
      { ...built.problem, matrices },
      { seconds: input.seconds, seed: input.seed },
      {
        now: () => performance.now(),
        shouldStop: cancelled,
        onProgress: (p) =>
          post({
            type: 'progress',
            progress: {
              // From the worker's start: building the problem and its matrices is part of the run.
              elapsedMs: Math.round(performance.now() - began),
              iterations: p.iterations,
              vehicles: p.cost.vehicles,
              unassigned: p.cost.unassigned,
              distanceKm: Math.round(p.cost.distance / 100) / 10,
            },
          }),
      },
    );
    post({
      type: 'outcome',
      outcome: outcomeOf(input.day, built, matrices, { ...solution, cancelled: cancelled() }),
    });
  } catch (err) {
    post({ type: 'error', message: err instanceof Error ? err.message : String(err) });
  }
}

parentPort?.on('message', (input: ProductWorkerInput) => run(input));
