// The route optimiser of the product (contracts' RouteOptimizer, docs/decisions/0026): prepares a
// day's problem, and solves it in a worker thread of a pool no larger than the cores less one.
import {
  chooseMatrix,
  type MatrixSource,
  type OptimizerType,
  type OptimizingDay,
  type OptimizingOutcome,
  type PreparedRun,
  type RouteOptimizer,
  type RunProgress,
} from '@nordlog/contracts';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import type { TravelMatrix } from '../model.js';
import type { MatrixService } from '../matrix/http.js';
import { MatrixCache } from './matrices.js';
import { buildProblem } from './problem.js';
import type { ProductWorkerInput, ProductWorkerMessage } from './worker.js';

export interface RouteOptimizerOptions {
  /** Worker threads at most (default: the cores less one, at least one). */
  workers?: number;
  /** The optimiser type the installation stands for (spec §4; default PTV). */
  optimizerType?: OptimizerType;
  /** Road network services configured, by source. */
  services?: Partial<Record<Exclude<MatrixSource, 'greatCircle'>, MatrixService>>;
  /** Market features (e.g. `graphhopperFallback`). */
  features?: readonly string[];
  seed?: number;
  /** Where the compiled worker is (default: worker.js beside this module). */
  workerUrl?: URL;
}

export const defaultWorkers = () => Math.max(1, availableParallelism() - 1);

/**
 * Worker threads kept up between runs (a thread and its modules take about 200 ms to start, a fifth
 * of the time to a first plan): at most `size`, each running one run at a time, a run waiting for
 * a free one. A worker that dies is replaced.
 */
class WorkerPool {
  private readonly idle: Worker[] = [];
  private readonly all = new Set<Worker>();
  private readonly waiting: ((w: Worker) => void)[] = [];
  private closed = false;

  constructor(
    private readonly size: number,
    private readonly url: URL,
  ) {
    for (let i = 0; i < size; i++) this.idle.push(this.spawn());
  }

  private spawn(): Worker {
    const worker = new Worker(this.url);
    worker.unref();
    this.all.add(worker);
    worker.on('exit', () => {
      this.all.delete(worker);
      const at = this.idle.indexOf(worker);
      if (at >= 0) this.idle.splice(at, 1);
    });
    return worker;
  }

  private take(): Promise<Worker> {
    const free = this.idle.pop();
    if (free) return Promise.resolve(free);
    if (this.all.size < this.size) return Promise.resolve(this.spawn());
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private give(worker: Worker): void {
    if (this.closed || !this.all.has(worker)) return;
    const next = this.waiting.shift();
    if (next) next(worker);
    else this.idle.push(worker);
  }

  async run(input: ProductWorkerInput, onProgress: (p: RunProgress) => void) {
    const worker = await this.take();
    if (this.closed) throw new Error('the optimizer is closed');
    return new Promise<OptimizingOutcome>((resolve, reject) => {
      const done = (end: () => void, healthy: boolean) => {
        worker.off('message', message);
        worker.off('exit', exit);
        worker.off('error', failed);
        if (healthy) this.give(worker);
        else if (this.waiting.length > 0 && !this.closed) this.give(this.spawn());
        end();
      };
      const message = (m: ProductWorkerMessage) => {
        if (m.type === 'progress') onProgress(m.progress);
        else if (m.type === 'outcome') done(() => resolve(m.outcome), true);
        else done(() => reject(new Error(m.message)), true);
      };
      const exit = (code: number) =>
        done(() => reject(new Error(`the optimizer worker stopped (exit code ${code})`)), false);
      const failed = (err: Error) => {
        void worker.terminate();
        done(() => reject(err), false);
      };
      worker.on('message', message);
      worker.on('exit', exit);
      worker.on('error', failed);
      worker.postMessage(input);
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.all].map((w) => w.terminate()));
  }
}

export function createRouteOptimizer(options: RouteOptimizerOptions = {}): RouteOptimizer {
  const cache = new MatrixCache();
  const configured = new Set<MatrixSource>(Object.keys(options.services ?? {}) as MatrixSource[]);
  // The worker runs compiled code, also when tests run the sources (src/product or dist/product).
  const pool = new WorkerPool(
    options.workers ?? defaultWorkers(),
    options.workerUrl ?? new URL('../../dist/product/worker.js', import.meta.url),
  );

  /** The road service's matrices by profile (a profile is a vehicle type), or null: great-circle. */
  async function roadMatrices(
    source: MatrixSource,
    built: ReturnType<typeof buildProblem>,
  ): Promise<Record<string, TravelMatrix> | null> {
    if (source === 'greatCircle') return null;
    const service = options.services?.[source];
    if (!service) return null;
    const out: Record<string, TravelMatrix> = {};
    for (const profile of built.profiles)
      out[profile] = await cache.get(source, service, built.points, built.free, profile);
    return out;
  }

  return {
    prepare(day: OptimizingDay): Promise<PreparedRun> {
      const built = buildProblem(day);
      const choice = chooseMatrix(
        options.optimizerType ?? 'PTV',
        configured,
        day.country,
        options.features,
      );
      const locked = built.problem.vehicles.reduce((n, v) => n + (v.lockedStops?.length ?? 0), 0);
      return Promise.resolve({
        problem: {
          vehicles: built.problem.vehicles.length,
          consignments: built.scope.consignmentIds.length,
          lockedStops: locked,
          excludedSlots: built.scope.excludedSlots,
          excludedConsignments: built.scope.excludedConsignments,
          optimizerType: choice.optimizerType,
          matrix: choice.source,
        },
        request: {
          ...built.problem,
          points: built.points.map((p, i) => (i === built.free ? null : p)),
          matrix: choice.source,
          seconds: day.run.seconds,
        },
        solve(onProgress: (p: RunProgress) => void) {
          const cancel = new SharedArrayBuffer(4);
          let stop = false;
          const result = (async (): Promise<OptimizingOutcome> => {
            const matrices = await roadMatrices(choice.source, built);
            if (stop) throw new Error('cancelled before it started');
            return pool.run(
              { day, seconds: day.run.seconds, seed: options.seed ?? 1, matrices, cancel },
              onProgress,
            );
          })();
          return {
            result,
            cancel: () => {
              stop = true;
              Atomics.store(new Int32Array(cancel), 0, 1);
            },
          };
        },
      });
    },
    close: () => pool.close(),
  };
}
