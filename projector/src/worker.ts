import {
  connect,
  createLogger,
  Notifier,
  PostgresEventStore,
  withPersonalData,
} from '@nordlog/platform';
import { Session } from 'node:inspector/promises';
import { parentPort, workerData } from 'node:worker_threads';
import { projections } from './projections.js';
import { createProjector } from './service.js';
import type { WorkerOptions } from './workerHost.js';

/**
 * The projector in a worker thread: its own event loop and connection pool, so applying read
 * models never delays the HTTP requests of the main thread. It meets the rest of the product only
 * through the database: events in, read models and outbox out, NOTIFY both ways.
 */
const options = workerData as WorkerOptions;
const logger = createLogger(options.logLevel, 'projector');
const knex = connect(options.databaseUrl, options.poolSize);
const notifier = new Notifier(options.databaseUrl, knex, logger);
const store = await withPersonalData(
  new PostgresEventStore(knex, notifier),
  knex,
  options.personalData,
);
const projector = createProjector({
  knex,
  store,
  notifier,
  logger,
  coalesceMs: options.coalesceMs,
  projections: projections.filter((p) => !options.without?.includes(p.name)),
});
projector.start();

// A CPU profile of this thread on request (Projector.cpuProfile; bench:spine -- --profile).
let profiler: Session | null = null;
async function profile(request: 'start' | 'stop'): Promise<unknown> {
  if (request === 'start') {
    profiler ??= new Session();
    profiler.connect();
    await profiler.post('Profiler.enable');
    await profiler.post('Profiler.setSamplingInterval', { interval: 200 });
    await profiler.post('Profiler.start');
    return null;
  }
  if (!profiler) return null;
  const { profile: taken } = await profiler.post('Profiler.stop');
  profiler.disconnect();
  return taken;
}

parentPort!.on('message', (message: unknown) => {
  if (typeof message === 'object' && message !== null && 'profile' in message) {
    const request = (message as { profile: 'start' | 'stop' }).profile;
    void profile(request).then(
      (profiled) => parentPort!.postMessage({ profiled }),
      (err: unknown) => parentPort!.postMessage({ profiled: null, error: String(err) }),
    );
    return;
  }
  if (message !== 'stop') return;
  void (async () => {
    await projector.stop();
    await notifier.close();
    await knex.destroy();
    parentPort!.postMessage('stopped');
    parentPort!.close();
  })();
});
parentPort!.postMessage('started');
