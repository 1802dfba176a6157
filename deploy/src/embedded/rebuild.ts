import {
  createLogger,
  loadConfig,
  openDatabase,
  PostgresEventStore,
  personalDataKeys,
  withPersonalData,
} from '@nordlog/platform';
import { checksum, projections, readModelMigrations, rebuild } from '@nordlog/projector';
import cliProgress from 'cli-progress';

/**
 * `npm run projections:rebuild [name ...]`: rebuilds the read models from position 0 with a
 * progress bar. On the embedded default, stop the running product first (its server holds the
 * data folder); with DATABASE_URL it can run beside live projectors, which step aside.
 */
async function main(): Promise<void> {
  const config = loadConfig();
  const logger = createLogger(config.LOG_LEVEL === 'info' ? 'warn' : config.LOG_LEVEL);
  const wanted = process.argv.slice(2);
  const chosen =
    wanted.length > 0 ? projections.filter((p) => wanted.includes(p.name)) : projections;
  if (chosen.length === 0)
    throw new Error(
      `No projection named ${wanted.join(', ')}; known: ${projections.map((p) => p.name).join(', ')}`,
    );
  const db = await openDatabase(config, logger, readModelMigrations);
  const bar = new cliProgress.SingleBar(
    { format: '{projection} |{bar}| {percentage}% {value}/{total} events', hideCursor: true },
    cliProgress.Presets.shades_classic,
  );
  let current = '';
  try {
    const store = await withPersonalData(
      new PostgresEventStore(db.knex, db.notifier),
      db.knex,
      personalDataKeys(config),
    );
    const result = await rebuild(db.knex, store, chosen, ({ projection, done, total }) => {
      if (projection !== current) {
        if (current) bar.stop();
        current = projection;
        bar.start(Math.max(total, 1), done, { projection: projection.padEnd(16) });
      } else bar.update(done);
    });
    bar.stop();
    const rate = result.ms > 0 ? Math.round((result.events / result.ms) * 1000) : 0;
    console.log(
      `Rebuilt ${chosen.length} read model(s): ${result.events} events applied in ${(result.ms / 1000).toFixed(2)} s (${rate} events/s)`,
    );
    for (const p of chosen) console.log(`  ${p.name}: ${await checksum(db.knex, p)}`);
  } finally {
    bar.stop();
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
