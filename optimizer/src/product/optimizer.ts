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

/** A counting semaphore: the pool's free workers. */
class Slots {
  private waiting: (() => void)[] = [];
  constructor(private free: number) {}
  async take(): Promise<() => void> {
    if (this.free > 0) this.free--;
    else await new Promise<void>((resolve) => this.waiting.push(resolve));
    let given = false;
    return () => {
      if (given) return;
      given = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free++;
    };
  }
}

export function createRouteOptimizer(options: RouteOptimizerOptions = {}): RouteOptimizer {
  const slots = new Slots(options.workers ?? defaultWorkers());
  const cache = new MatrixCache();
  const workers = new Set<Worker>();
  const configured = new Set<MatrixSource>(Object.keys(options.services ?? {}) as MatrixSource[]);
  // The worker runs compiled code, also when tests run the sources (src/product or dist/product).
  const workerUrl = options.workerUrl ?? new URL('../../dist/product/worker.js', import.meta.url);

  async function roadMatrices(
    source: MatrixSource,
    built: ReturnType<typeof buildProblem>,
    vehicleTypes: ReadonlyMap<string, string>,
  ): Promise<Record<string, TravelMatrix> | null> {
    if (source === 'greatCircle') return null;
    const service = options.services?.[source];
    if (!service) return null;
    const out: Record<string, TravelMatrix> = {};
    for (const profile of built.profiles)
      out[profile] = await cache.get(
        source,
        service,
        built.points,
        built.free,
        vehicleTypes.get(profile) ?? profile,
      );
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
            const release = await slots.take();
            try {
              if (stop) throw new Error('cancelled before it started');
              const types = new Map(built.profiles.map((p) => [p, p]));
              const matrices = await roadMatrices(choice.source, built, types);
              const input: ProductWorkerInput = {
                day,
                seconds: day.run.seconds,
                seed: options.seed ?? 1,
                matrices,
                cancel,
              };
              return await new Promise<OptimizingOutcome>((resolve, reject) => {
                const worker = new Worker(workerUrl, { workerData: input });
                workers.add(worker);
                worker.on('message', (m: ProductWorkerMessage) => {
                  if (m.type === 'progress') onProgress(m.progress);
                  else if (m.type === 'outcome') resolve(m.outcome);
                  else reject(new Error(m.message));
                });
                worker.on('error', reject);
                worker.on('exit', (code) => {
                  workers.delete(worker);
                  reject(new Error(`the optimizer worker stopped (exit code ${code})`));
                });
              });
            } finally {
              release();
            }
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
    async close() {
      await Promise.all([...workers].map((w) => w.terminate()));
    },
  };
}
