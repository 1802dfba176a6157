import { connect, createLogger, Notifier, PostgresEventStore } from '@nordlog/platform';
import { parentPort, workerData } from 'node:worker_threads';
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
const store = new PostgresEventStore(knex, notifier);
const projector = createProjector({
  knex,
  store,
  notifier,
  logger,
  coalesceMs: options.coalesceMs,
});
projector.start();

parentPort!.on('message', (message: unknown) => {
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
