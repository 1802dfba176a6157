import type { Logger, PersonalDataKeys } from '@nordlog/platform';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import type { Projector } from './service.js';

export interface WorkerOptions {
  databaseUrl: string;
  poolSize: number;
  logLevel: string;
  coalesceMs?: number;
  /**
   * Projections left out, by name (benchmarks only: `bench:reports` measures the booking rate
   * without the reporting read model). Their read models then stay behind.
   */
  without?: string[];
  /** Where the master keys of personal data are (docs/decisions/0050-personal-data.md). */
  personalData?: PersonalDataKeys;
}

/** The built worker script (the worker runs compiled code, also when tests run the sources). */
const workerScript = () =>
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/worker.js');

/** Runs the projector in a worker thread (see worker.ts), behind the same interface. */
export function createProjectorWorker(options: WorkerOptions, logger: Logger): Projector {
  let worker: Worker | null = null;
  let exited: Promise<void> = Promise.resolve();
  return {
    start() {
      if (worker) return;
      const w = new Worker(workerScript(), { workerData: options });
      worker = w;
      w.on('error', (err) => logger.error({ err }, 'projector worker failed'));
      exited = new Promise((resolve) => w.once('exit', () => resolve()));
    },
    async stop() {
      const w = worker;
      if (!w) return;
      worker = null;
      const stopped = new Promise<void>((resolve) =>
        w.on('message', (m) => m === 'stopped' && resolve()),
      );
      w.postMessage('stop');
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        Promise.all([stopped, exited]),
        new Promise((r) => (timer = setTimeout(r, 10_000))),
      ]);
      // A pending 10 s timer would keep the process (a test run) alive after the stop.
      clearTimeout(timer);
      await w.terminate();
    },
    cpuProfile: {
      start: () => ask({ profile: 'start' }).then(() => undefined),
      stop: () => ask({ profile: 'stop' }),
    },
  };

  /** Sends a profiler request to the worker and waits for its answer. */
  function ask(request: { profile: 'start' | 'stop' }): Promise<unknown> {
    const w = worker;
    if (!w) return Promise.reject(new Error('the projector worker is not running'));
    return new Promise((resolve) => {
      const onMessage = (m: unknown) => {
        if (typeof m !== 'object' || m === null || !('profiled' in m)) return;
        w.off('message', onMessage);
        resolve(m.profiled);
      };
      w.on('message', onMessage);
      w.postMessage(request);
    });
  }
}
